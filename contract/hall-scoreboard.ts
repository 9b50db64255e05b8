// The hybrid scoreboard's shape (docs/hall-mode.md, "Hybrid"): the in-person lifters (in a flight, judged live in
// the hall) and the online ones (uploaded videos, judged by the panel) of one meet, ranked together by the meet's
// ranking; every attempt says whether it was judged live.
import { Type, type Static } from 'typebox'
import { Literals, Nullable } from './common.ts'
import { AttemptStatus } from './lifts.ts'

export const HybridAttempt = Type.Object({
  lift_type: Type.String(),
  attempt_number: Type.Integer(),
  weight: Type.Number(),
  status: AttemptStatus,
  /** Judged in the hall by the referees' presses (else a video judged by the panel). */
  live: Type.Boolean(),
})
export type HybridAttempt = Static<typeof HybridAttempt>

export const HybridRow = Type.Object({
  place: Nullable(Type.Integer()),
  user_id: Type.Integer(),
  name: Type.String(),
  weight_class: Type.String(),
  /** In the hall (in a flight) or online. */
  source: Literals(['in_person', 'online'] as const),
  flight: Nullable(Type.String()),
  total: Nullable(Type.Number()),
  points: Nullable(Type.Number()),
  attempts: Type.Array(HybridAttempt),
})
export type HybridRow = Static<typeof HybridRow>

export const HybridScoreboardResponse = Type.Object({ competition_id: Type.Integer(), rows: Type.Array(HybridRow) })
export type HybridScoreboardResponse = Static<typeof HybridScoreboardResponse>
