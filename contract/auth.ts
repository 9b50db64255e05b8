import { Type, type Static } from 'typebox'
import { Literals, NAME_OR_EMPTY, NameText, Nullable, PLAIN_LINES, WEIGHT_CLASSES } from './common.ts'
import { BirthDate } from './divisions.ts'

/** A lifter's sex as the categories use it: 'M' (men) or 'F' (women). The account's, not each entry's. */
export const AccountSex = Literals(['M', 'F'])

const Email = Type.String({ format: 'email', maxLength: 254 })
const Password = Type.String({ minLength: 1, maxLength: 200 })
/** A new password: at least 8 characters (login still takes any length: older accounts). */
export const PASSWORD_MIN_LENGTH = 8
const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 })

export const RegisterBody = Type.Object(
  {
    name: NameText(100),
    email: Email,
    password: NewPassword,
    username: Type.Optional(Type.String({ minLength: 3, maxLength: 40, pattern: '^[A-Za-z0-9_.-]+$' })),
    confirmPassword: Type.Optional(Password),
    weight_class: Type.Optional(Literals(WEIGHT_CLASSES)),
    country: Type.Optional(Type.String({ maxLength: 80, pattern: NAME_OR_EMPTY })),
    bio: Type.Optional(Type.String({ maxLength: 2000, pattern: PLAIN_LINES })),
    /** The category the lifter competes in; asked at the first join when absent (docs/verified-results.md). */
    sex: Type.Optional(AccountSex),
    /** Private: others see the birth year and the divisions it gives (docs/categories.md). */
    birth_date: Type.Optional(BirthDate),
  },
  { additionalProperties: false },
)
export type RegisterBody = Static<typeof RegisterBody>

export const LoginBody = Type.Object(
  {
    /** The username or the email address. */
    username: Type.String({ minLength: 1, maxLength: 254 }),
    password: Password,
  },
  { additionalProperties: false },
)
export type LoginBody = Static<typeof LoginBody>

export const AuthResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  user_id: Type.Integer(),
})
export type AuthResponse = Static<typeof AuthResponse>

export const UserResponse = Type.Object({
  /** The uploaded avatar's file (GET /avatars/:file); null or absent: the generated one (docs/accounts.md). */
  avatar: Type.Optional(Nullable(Type.String())),
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.Optional(Type.String()),
  country: Type.Union([Type.String(), Type.Null()]),
  weight_class: Type.Union([Type.String(), Type.Null()]),
  bio: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  /** The account's sex; null until the lifter says (at registration, in the profile or at their first join). */
  sex: Type.Union([AccountSex, Type.Null()]),
  /** Certified as a judge by a site administrator (docs/verified-results.md). */
  certified_judge: Type.Boolean(),
  /** Whether the owner opened the verification link mailed to the address (docs/accounts.md); only in the account's own answer, with the email. */
  email_verified: Type.Optional(Type.Boolean()),
  /** A site administrator (ADMIN_USERNAMES); only in the account's own answer. */
  is_admin: Type.Optional(Type.Boolean()),
  /** The date of birth, YYYY-MM-DD or null: only in the account's own answer (private). */
  birth_date: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  /** The year of birth, null when not given: what others see of it. */
  birth_year: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
})
export type UserResponse = Static<typeof UserResponse>

export const LogoutResponse = Type.Object({ message: Type.String() })

/** PATCH /auth/user: what the lifter may change of their own account here. */
export const UpdateAccountBody = Type.Object(
  {
    /** Only while the account has no results; afterwards a site administrator changes it. */
    sex: Type.Optional(AccountSex),
    /** The date of birth (private; its divisions show on every entry), while the account has no results. */
    birth_date: Type.Optional(BirthDate),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdateAccountBody = Static<typeof UpdateAccountBody>

/** PUT /auth/user/profile: the owner edits their public profile (docs/accounts.md); what it does not name stays. Empty country or bio clears it. */
export const UpdateProfileBody = Type.Object(
  {
    name: Type.Optional(NameText(100)),
    country: Type.Optional(Type.String({ maxLength: 80, pattern: NAME_OR_EMPTY })),
    bio: Type.Optional(Type.String({ maxLength: 2000, pattern: PLAIN_LINES })),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdateProfileBody = Static<typeof UpdateProfileBody>

/** POST /auth/password_reset: asks for a link to choose a new password (docs/accounts.md). */
export const PasswordResetRequestBody = Type.Object({ email: Email }, { additionalProperties: false })
export type PasswordResetRequestBody = Static<typeof PasswordResetRequestBody>

/** POST /auth/password_reset/confirm: the link's token and the new password. */
export const PasswordResetBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 200 }),
    password: NewPassword,
  },
  { additionalProperties: false },
)
export type PasswordResetBody = Static<typeof PasswordResetBody>

/** The answer of both password reset calls. */
export const MessageResponse = Type.Object({ message: Type.String() })

/** POST /auth/verify_email/confirm: the verification link's token (docs/accounts.md). */
export const VerifyEmailBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false })
export type VerifyEmailBody = Static<typeof VerifyEmailBody>

/** POST /auth/password: the owner changes their password (every session ends; the answer is a new one). */
export const ChangePasswordBody = Type.Object(
  {
    current_password: Password,
    new_password: NewPassword,
  },
  { additionalProperties: false },
)
export type ChangePasswordBody = Static<typeof ChangePasswordBody>

/** DELETE /auth/user: the owner deletes their account, confirming with the password (docs/accounts.md). */
export const DeleteAccountBody = Type.Object({ password: Password }, { additionalProperties: false })
export type DeleteAccountBody = Static<typeof DeleteAccountBody>

const Iso = Type.String({ description: 'ISO 8601 date and time' })
/** GET /auth/user/data: everything stored about the signed-in account, for its owner (docs/accounts.md). */
export const AccountDataExport = Type.Object({
  format: Type.Literal('liftarena-account-data/1'),
  exported_at: Iso,
  account: UserResponse,
  entries: Type.Array(
    Type.Object({
      competition_id: Type.Integer(),
      competition_name: Type.String(),
      weight_class: Type.String(),
      gender: Type.String(),
      bodyweight: Type.Union([Type.Number(), Type.Null()]),
      joined_at: Iso,
      attempts: Type.Array(
        Type.Object({
          id: Type.Integer(),
          lift_type: Type.String(),
          weight: Type.Number(),
          status: Type.String(),
          uploaded_at: Iso,
          decided_at: Type.Union([Iso, Type.Null()]),
          appeal_reason: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
    }),
  ),
  organised: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), start_date: Iso, end_date: Iso, created_at: Iso })),
  votes: Type.Array(
    Type.Object({
      attempt_id: Type.Integer(),
      competition_id: Type.Integer(),
      good: Type.Boolean(),
      reason: Type.Union([Type.String(), Type.Null()]),
      note: Type.Union([Type.String(), Type.Null()]),
      voted_at: Iso,
    }),
  ),
  comments: Type.Array(Type.Object({ id: Type.Integer(), attempt_id: Type.Integer(), text: Type.String(), written_at: Iso })),
  reactions: Type.Array(Type.Object({ attempt_id: Type.Integer(), kind: Type.String(), reacted_at: Iso })),
})
export type AccountDataExport = Static<typeof AccountDataExport>
