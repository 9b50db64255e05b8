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
  /** When a site administrator banned the account (docs/moderation.md); null when not banned. */
  banned_at: Type.Optional(Nullable(Type.String())),
})
export type AdminAccount = Static<typeof AdminAccount>

/** GET /admin/accounts: accounts whose name or username holds `q`, certified judges first. */
export const AdminAccountQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 60 })),
    /** Only certified judges. */
    certified: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
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

/** PUT /admin/accounts/:username/ban, POST …/unban, POST /admin/comments/:id/remove: why (kept in the audit log). */
export const ModerationBody = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 500 }) }, { additionalProperties: false })
export type ModerationBody = Static<typeof ModerationBody>

/** One row of the moderation audit log (docs/moderation.md): who did what to what, when and why. */
export const ModerationEntry = Type.Object({
  id: Type.Integer(),
  /** The administrator's username. */
  admin: Type.String(),
  action: Type.Union([
    Type.Literal('ban'),
    Type.Literal('unban'),
    Type.Literal('remove_comment'),
    Type.Literal('remove_video'),
    Type.Literal('dismiss_reports'),
  ]),
  target_type: Type.Union([Type.Literal('user'), Type.Literal('comment'), Type.Literal('attempt')]),
  target_id: Type.Integer(),
  /** The account's username, the removed comment's words, or the attempt whose video was taken down. */
  target: Type.String(),
  reason: Type.String(),
  at: Type.String(),
})
export type ModerationEntry = Static<typeof ModerationEntry>

export const ModerationLog = Type.Object({ actions: Type.Array(ModerationEntry) })
export type ModerationLog = Static<typeof ModerationLog>

/** One reported comment in the site's reports queue (GET /admin/reports, docs/moderation.md). */
export const ReportedComment = Type.Object({
  comment_id: Type.Integer(),
  attempt_id: Type.Integer(),
  competition_id: Type.Integer(),
  competition_name: Type.String(),
  author_username: Type.String(),
  author_name: Type.String(),
  text: Type.String(),
  written_at: Type.String(),
  /** How many people reported it (once each). */
  reports: Type.Integer(),
  last_reported_at: Type.String(),
})
export type ReportedComment = Static<typeof ReportedComment>

export const REPORTS_QUEUE_LIMIT = 100
export const ReportsQueue = Type.Object({ reports: Type.Array(ReportedComment) })
export type ReportsQueue = Static<typeof ReportsQueue>
