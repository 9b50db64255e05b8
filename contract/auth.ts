import { Type, type Static } from 'typebox'
import { Literals, NameText, PLAIN_LINE, PLAIN_LINES, WEIGHT_CLASSES } from './common.ts'

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
    country: Type.Optional(Type.String({ maxLength: 80, pattern: PLAIN_LINE })),
    bio: Type.Optional(Type.String({ maxLength: 2000, pattern: PLAIN_LINES })),
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
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  email: Type.Optional(Type.String()),
  country: Type.Union([Type.String(), Type.Null()]),
  weight_class: Type.Union([Type.String(), Type.Null()]),
  bio: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
})
export type UserResponse = Static<typeof UserResponse>

export const LogoutResponse = Type.Object({ message: Type.String() })
