// What site administrators (ADMIN_USERNAMES) do: certify judges, whose panels' decisions count on
// the global boards (contract/verification.ts), and correct an account's sex once it has results.
import { Type, type Static } from 'typebox'
import { Nullable } from './common.ts'
import { AccountSex } from './auth.ts'

/** An account as the admin page lists it. */
export const AdminAccount = Type.Object({
  user_id: Type.Integer(),
  username: Type.String(),
  name: Type.String(),
  sex: Nullable(AccountSex),
  /** When a site administrator certified them as a judge; null when not certified. */
  certified_at: Nullable(Type.String()),
})
export type AdminAccount = Static<typeof AdminAccount>

/** GET /admin/accounts: accounts whose name or username holds `q`, certified judges first. */
export const AdminAccountQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 60 })),
  /** Only certified judges. */
  certified: Type.Optional(Type.Boolean()),
}, { additionalProperties: false })
export type AdminAccountQuery = Static<typeof AdminAccountQuery>

export const ADMIN_ACCOUNTS_LIMIT = 100

export const AdminAccountList = Type.Object({ accounts: Type.Array(AdminAccount) })
export type AdminAccountList = Static<typeof AdminAccountList>

export const UsernameParams = Type.Object({ username: Type.String({ minLength: 1, maxLength: 40 }) })

/** PUT /admin/accounts/:username/sex. */
export const AdminSexBody = Type.Object({ sex: AccountSex }, { additionalProperties: false })
export type AdminSexBody = Static<typeof AdminSexBody>

export const AdminAccountResponse = Type.Object({ account: AdminAccount })
export type AdminAccountResponse = Static<typeof AdminAccountResponse>
