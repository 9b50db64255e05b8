// A meet's declarations and its attempt cards (the classic scoreboard), as TypeBox schemas: what
// POST /competitions/:id/declarations takes and answers, what GET /competitions/:id/cards answers and
// what the 'attempt.declared' event carries. The rules are contract/meet-rules.ts's (docs/meet-rules.md).
import { Type, type Static } from 'typebox'
import { Literals, Nullable } from './common.ts'
import { LiftType } from './lifts.ts'
import { RecordAttempt } from './record-attempts.ts'

/** POST /competitions/:id/declarations: the weight of the signed-in lifter's next attempt of a lift. */
export const DeclarationBody = Type.Object(
  {
    /** Any spelling of a lift the challenge lists ('squat', 'Bench Press', 'clean_and_jerk'). */
    lift_type: Type.String({ minLength: 1, maxLength: 40 }),
    /** Kilograms, in the lift's loading steps (2.5 kg; 1 kg for snatch and clean & jerk). */
    weight: Type.Number(),
  },
  { additionalProperties: false },
)
export type DeclarationBody = Static<typeof DeclarationBody>

/** A declared weight for one attempt of a lifter's lift. */
export const Declaration = Type.Object({
  competition_id: Type.Integer(),
  /** The lifter's user id (as Participant.id). */
  user_id: Type.Integer(),
  lift_type: LiftType,
  attempt_number: Type.Integer({ minimum: 1 }),
  weight: Type.Number(),
  /** Declared for the lifter when their declaration window passed (the rulebook's default), not by them. */
  automatic: Type.Boolean(),
  declared_at: Type.String(),
  /**
   * The attempt code to show to the camera at the start of the take (contract/attempt-codes.ts): in the
   * answer to the lifter's own declaration only, never in the room's `attempt.declared` event.
   */
  code: Type.Optional(Type.String()),
})
export type Declaration = Static<typeof Declaration>
export const DeclarationResponse = Type.Object({ declaration: Declaration })
export type DeclarationResponse = Static<typeof DeclarationResponse>
/** GET /competitions/:id/declarations/mine: the lifter's own declarations, with their attempt codes. */
export const DeclarationsResponse = Type.Object({ declarations: Type.Array(Declaration) })
export type DeclarationsResponse = Static<typeof DeclarationsResponse>

/**
 * One attempt's cell on a lifter's card. `empty`: nothing declared yet; `declared`: a weight waits to be filmed
 * (drawn outlined); `pending`: filmed, with the judges (grey, with its vote count); `good` / `no_lift`: decided
 * (a no lift is also struck through); `not_taken`: the meet ended without it.
 */
export const CELL_STATES = ['empty', 'declared', 'pending', 'good', 'no_lift', 'not_taken'] as const
export const CellState = Literals(CELL_STATES)
export type CellState = (typeof CELL_STATES)[number]

export const MeetCell = Type.Object({
  attempt_number: Type.Integer({ minimum: 1 }),
  /** The declared or lifted weight; null while empty or not taken. */
  weight: Nullable(Type.Number()),
  state: CellState,
  /** The recorded attempt (its video page); null until filmed. */
  attempt_id: Nullable(Type.Integer()),
  /** Judges' votes so far and needed (0 and 0 before the attempt is filmed). */
  votes_cast: Type.Integer(),
  votes_needed: Type.Integer(),
  /** A declaration the rulebook's default made when the window passed. */
  automatic: Type.Boolean(),
  /** For the next attempt after a decision: when the window closes and the default is declared; null otherwise. */
  declare_by: Nullable(Type.String()),
  /** A declared or pending attempt that would break a current record ("Record attempt"; docs/records.md); null otherwise. */
  record_attempt: Type.Optional(RecordAttempt),
})
export type MeetCell = Static<typeof MeetCell>

export const MeetLift = Type.Object({
  lift_type: LiftType,
  /** Always three, in attempt order. */
  cells: Type.Array(MeetCell),
  /** The heaviest good attempt; null without one. */
  best: Nullable(Type.Number()),
})
export type MeetLift = Static<typeof MeetLift>

/**
 * What the lifter is to do next: `declare` the attempt (from `minimum` kg, by `declare_by` when a window runs),
 * `take` it (film it at `weight`), wait while the judges decide it (`judging`), or nothing more (`done`).
 */
export const NextStep = Type.Object({
  action: Literals(['declare', 'take', 'judging', 'done']),
  lift_type: Nullable(LiftType),
  attempt_number: Nullable(Type.Integer({ minimum: 1 })),
  weight: Nullable(Type.Number()),
  /** `declare`: the least weight the rules allow (the bar for an opener). */
  minimum: Nullable(Type.Number()),
  declare_by: Nullable(Type.String()),
})
export type NextStep = Static<typeof NextStep>

export const MeetCard = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  country: Nullable(Type.String()),
  weight_class: Type.String(),
  gender: Type.String(),
  bodyweight: Nullable(Type.Number()),
  /** Drawn at join; null for entries older than lots. */
  lot: Nullable(Type.Integer()),
  /** The meet's lifts in lifting order. */
  lifts: Type.Array(MeetLift),
  /** Null without one (a lift without a good attempt, or bombed out). */
  total: Nullable(Type.Number()),
  /** Three no lifts in a lift of the total: no total, shown as such. */
  bombed_out: Type.Boolean(),
  points: Nullable(Type.Number()),
  place: Nullable(Type.Integer()),
  next: NextStep,
})
export type MeetCard = Static<typeof MeetCard>

/** An attempt waiting to be taken (declared) or judged (pending), in the lifting order. */
export const NextUp = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  lot: Nullable(Type.Integer()),
  lift_type: LiftType,
  attempt_number: Type.Integer({ minimum: 1 }),
  weight: Type.Number(),
  state: Literals(['declared', 'pending']),
  attempt_id: Nullable(Type.Integer()),
  /** It would break a current record ("Record attempt"; docs/records.md); null otherwise. */
  record_attempt: Type.Optional(RecordAttempt),
})
export type NextUp = Static<typeof NextUp>

/** GET /competitions/:id/cards: every lifter's card, ranked as the challenge ranks, and the lifting order. */
export const MeetCardsResponse = Type.Object({
  competition_id: Type.Integer(),
  /** The meet's lifts in lifting order. */
  lifts: Type.Array(LiftType),
  declaration_window_minutes: Type.Integer(),
  /** The meet is over: attempts never taken show as not taken. */
  ended: Type.Boolean(),
  /** Ranked (places as the challenge ranks them; lifters without a total after those with one). */
  cards: Type.Array(MeetCard),
  /** Attempts waiting, first to be taken or judged first. */
  next_up: Type.Array(NextUp),
})
export type MeetCardsResponse = Static<typeof MeetCardsResponse>
