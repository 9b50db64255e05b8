import { Type, type Static } from 'typebox'
import { Nullable } from './common.ts'
import { UserResponse } from './auth.ts'
import { ChallengeStatus } from './challenges.ts'
import { AttemptStatus, ProcessingState } from './lifts.ts'

export const BestLift = Type.Object({ type: Type.String(), best_weight: Type.Number() })
export type BestLift = Static<typeof BestLift>

/** GET /users/:id — the public card: who, and their best lifts. */
export const UserSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  username: Type.String(),
  country: Nullable(Type.String()),
  weight_class: Nullable(Type.String()),
  best_lifts: Type.Array(BestLift),
})
export type UserSummary = Static<typeof UserSummary>

export const Achievements = Type.Object({
  total_competitions: Type.Integer(),
  total_successful_lifts: Type.Integer(),
  heaviest_lift: Type.Number(),
  best_snatch: Type.Number(),
  best_clean_and_jerk: Type.Number(),
})

export const ProfileChallenge = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  start_date: Type.String(),
  weight_class: Type.String(),
  status: ChallengeStatus,
  total_weight: Type.Number(),
})

export const UploadedVideo = Type.Object({
  attempt_id: Type.Integer(),
  competition_id: Type.Integer(),
  competition_name: Type.String(),
  participant_id: Type.Integer(),
  lift_type: Type.String(),
  weight: Type.Number(),
  status: AttemptStatus,
  created_at: Type.String(),
  user_id: Type.Integer(),
  video_url: Nullable(Type.String()),
  poster_url: Nullable(Type.String()),
  processing: ProcessingState,
})
export type UploadedVideo = Static<typeof UploadedVideo>

/** GET /users/:id/profile. `user.email` only when the caller is that user. */
export const ProfileResponse = Type.Object({
  user: UserResponse,
  achievements: Achievements,
  best_lifts: Type.Array(BestLift),
  competitions: Type.Array(ProfileChallenge),
  uploaded_videos: Type.Array(UploadedVideo),
})
export type ProfileResponse = Static<typeof ProfileResponse>

/** GET /athletes — the athlete listing comes from the database (the spec's built-in samples were a defect). */
export const Athlete = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  country: Nullable(Type.String()),
  weight_class: Nullable(Type.String()),
  competitions: Type.Integer(),
  best_total: Type.Number(),
})
export type Athlete = Static<typeof Athlete>
export const AthleteList = Type.Array(Athlete)
export const AthleteQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
})
