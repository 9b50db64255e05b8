import { Type, type Static } from 'typebox'

/** Every failure answers this shape: one sentence a person can act on. */
export const ErrorResponse = Type.Object({ error: Type.String() }, { $id: 'ErrorResponse' })
export type ErrorResponse = Static<typeof ErrorResponse>

export const IdParam = Type.Integer({ minimum: 1, maximum: 2147483647 })
export const IdParams = Type.Object({ id: IdParam })
export type IdParams = Static<typeof IdParams>

export const DateTimeString = Type.String({ format: 'date-time' })

/** A non-space character somewhere: names are stored trimmed, and a blank one would be stored empty. */
export const NOT_BLANK = '\\S'
/** Text a person types as a name or place: 1 to `maxLength` characters, not only spaces. */
export const NameText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: NOT_BLANK })

/** The lifts an attempt can record (stored lower-case). */
export const LIFT_TYPES = ['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk'] as const
export const LiftType = Type.Union(LIFT_TYPES.map((t) => Type.Literal(t)))
export type LiftType = (typeof LIFT_TYPES)[number]
export const MAIN_LIFTS = ['squat', 'bench', 'deadlift'] as const satisfies readonly LiftType[]

/** The lift types a challenge can list (SPEC §5, Create Challenge). */
export const CHALLENGE_LIFT_TYPES = [
  'Squat', 'Bench Press', 'Deadlift', 'Clean & Jerk', 'Snatch', 'Power Clean', 'Push Press', 'Overhead Press',
] as const

export const WEIGHT_CLASSES = ['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+'] as const

export const PRIZE_POOL = { first: 1000, second: 500, third: 250, total: 1750 } as const
export const PrizePool = Type.Object({
  first: Type.Number(), second: Type.Number(), third: Type.Number(), total: Type.Number(),
})

/** Business constants of SPEC §9, shared by server and client. */
export const LIMITS = {
  featuredChallenges: 2,
  topParticipants: 5,
  recentVideos: 6,
  profileVideos: 6,
  videosPerCompetition: 3,
  topLiftsPerType: 3,
  toastMs: 5000,
  loginCloseMs: 1000,
  registerCloseMs: 1500,
  authErrorRedirectMs: 1500,
  authErrorHomeMs: 5000,
  videoRetries: 3,
  videoRetryDelayMs: 1000,
  skipSeconds: 10,
  doubleTapMs: 300,
  controlsHideMs: 3000,
  mobileWidthPx: 768,
  cardDelayStepS: 0.1,
  maxWeightKg: 1000,
} as const

export const STORAGE_KEYS = {
  authToken: 'auth_token',
  refreshToken: 'refresh_token',
  userId: 'userId',
  isLoggedIn: 'isLoggedIn',
  lastAttemptId: 'last_attempt_id',
} as const
