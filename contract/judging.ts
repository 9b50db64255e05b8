// Judging: the panel's decision rule and the no-lift reasons, pure and shared by the
// server (which records decisions) and the web client (which shows the cards).
//
// Real meets decide each attempt by three referees, two of three lights deciding; a red,
// blue or yellow card names the fault (IPF Technical Rules, "Decisions" and the card
// table of each lift). Online we judge after the fact from the video: an attempt needs a
// quorum of votes from the challenge's panel, and no judge votes on their own attempt.
import { Type, type Static } from 'typebox'
import { IdParam, Literals, NoteText, Nullable } from './common.ts'
import type { LiftType } from './lifts.ts'

/** Judges one challenge's panel may hold. */
export const MAX_JUDGES = 5

/** IPF card colours: red, blue and yellow name the kind of fault. Weightlifting shows a plain red light. */
export const CARD_COLOURS = ['red', 'blue', 'yellow'] as const
export const CardColour = Literals(CARD_COLOURS)
export type CardColour = (typeof CARD_COLOURS)[number]

export interface NoLiftReason {
  code: string
  label: string
  card: CardColour
}

const reason = (code: string, label: string, card: CardColour): NoLiftReason => ({ code, label, card })

/** The no-lift reason of the plate check. */
export const LOAD_MISMATCH = 'load_mismatch'

/** Any lift: a video that cannot show the lift cannot be judged good. */
const VIDEO_REASONS = [
  reason('video_incomplete', 'The video does not show the whole lift', 'yellow'),
  // Meets: the attempt code (contract/attempt-codes.ts) proves the take is new; the desk offers this only with a code.
  reason('code_not_shown', 'The attempt code was not shown at the start of the take', 'yellow'),
  // The plate check (docs/video-checks.md): the plates shown do not make the declared weight.
  reason(LOAD_MISMATCH, 'Load does not match: the plates shown do not make the declared weight', 'yellow'),
]

/** Overhead and pulling lifts of weightlifting (IWF rules: a white or red light, no cards). */
const WEIGHTLIFTING_REASONS = [
  reason('press_out', 'Press-out: the arms bent and re-extended overhead', 'red'),
  reason('incomplete_lockout', 'Incomplete lockout of the arms', 'red'),
  reason('touched_platform', 'A body part other than the feet touched the platform', 'red'),
  reason('not_under_control', 'Not held motionless under control, feet in line', 'red'),
  reason('dropped_early', 'Lowered or dropped before the down signal', 'red'),
]

/**
 * The no-lift reasons of each lift with their card, from the IPF Technical Rules' card tables
 * (squat, bench press, deadlift) and the IWF Technical and Competition Rules (snatch, clean & jerk).
 * Power clean, push press and overhead press are judged by the weightlifting faults that apply.
 */
export const NO_LIFT_REASONS: Record<LiftType, readonly NoLiftReason[]> = {
  squat: [
    reason('depth', 'Not deep enough: hip crease not below the top of the knee', 'red'),
    reason('not_locked', 'Not upright with knees locked at the start or finish', 'blue'),
    reason('double_bounce', 'Double bounce, or more than one recovery attempt', 'blue'),
    reason('downward_movement', 'Downward movement of the bar during the ascent', 'blue'),
    reason('feet_moved', 'Feet moved (a step backward or forward)', 'yellow'),
    reason('spotter_contact', 'Spotters touched the bar or the lifter', 'yellow'),
    reason('dumped', 'Bar dropped or dumped', 'yellow'),
    ...VIDEO_REASONS,
  ],
  bench: [
    reason('not_to_chest', 'Bar not lowered to the chest or abdomen', 'red'),
    reason('touched_belt', 'Bar touched the belt', 'red'),
    reason('downward_movement', 'Downward movement of the bar during the press', 'blue'),
    reason('uneven_lockout', 'Arms not locked out evenly', 'blue'),
    reason('no_pause', 'No visible pause on the chest', 'yellow'),
    reason('feet_or_buttocks_moved', 'Feet or buttocks moved', 'yellow'),
    reason('spotter_contact', 'Spotters touched the bar', 'yellow'),
    ...VIDEO_REASONS,
  ],
  deadlift: [
    reason('downward_movement', 'Downward movement of the bar before the final position', 'red'),
    reason('not_locked', 'Knees not locked, or not erect with the shoulders back', 'blue'),
    reason('ramping', 'Bar supported on the thighs (ramping, hitching)', 'blue'),
    reason('feet_moved', 'Feet moved (a step backward or forward)', 'yellow'),
    reason('dropped', 'Bar dropped or lowered without control', 'yellow'),
    ...VIDEO_REASONS,
  ],
  snatch: [...WEIGHTLIFTING_REASONS, ...VIDEO_REASONS],
  clean_and_jerk: [...WEIGHTLIFTING_REASONS, ...VIDEO_REASONS],
  power_clean: [
    reason('touched_platform', 'A body part other than the feet touched the platform', 'red'),
    reason('not_under_control', 'Not held motionless under control, feet in line', 'red'),
    reason('dropped_early', 'Dropped before standing still', 'red'),
    ...VIDEO_REASONS,
  ],
  push_press: [
    reason('press_out', 'Press-out: the arms bent and re-extended overhead', 'red'),
    reason('incomplete_lockout', 'Incomplete lockout of the arms', 'red'),
    reason('not_under_control', 'Not held motionless under control', 'red'),
    ...VIDEO_REASONS,
  ],
  overhead_press: [
    reason('leg_drive', 'Legs or hips drove the bar', 'red'),
    reason('incomplete_lockout', 'Incomplete lockout of the arms', 'red'),
    reason('not_under_control', 'Not held motionless under control', 'red'),
    ...VIDEO_REASONS,
  ],
}

/** The reason of `code` for this lift, or undefined when the lift has no such reason. */
export function noLiftReason(liftType: LiftType, code: string): NoLiftReason | undefined {
  return NO_LIFT_REASONS[liftType].find((r) => r.code === code)
}

/**
 * Votes an attempt needs: three (two of three decide) when at least three judges of the panel
 * may judge it, else one. `eligible` excludes the lifter when they sit on the panel.
 */
export function quorum(eligible: number): 1 | 3 {
  return eligible >= 3 ? 3 : 1
}

/**
 * Who sits on a challenge's panel (docs/judging.md): the appointed judges, or, while none is
 * appointed, the organiser alone (nobody when the challenge has no organiser).
 */
export function panelSeats<T>(appointed: readonly T[], organiser: T | null): T[] {
  if (appointed.length > 0) return [...appointed]
  return organiser === null ? [] : [organiser]
}

/** Votes an attempt of this lifter needs from these seats (a judge never judges their own attempt). */
export const votesNeeded = (seats: readonly { userId: number }[], lifterId: number) =>
  quorum(seats.filter((s) => s.userId !== lifterId).length)

/** The judges who may vote on this lifter's attempts. */
export const judgesFor = (seats: readonly { userId: number }[], lifterId: number) =>
  seats.map((s) => s.userId).filter((id) => id !== lifterId)

export interface Vote {
  good: boolean
}

/**
 * The panel's decision once `votes` reach the quorum: 'completed' (good lift) with a majority
 * of good votes, else 'failed'; null while votes are missing. With an odd quorum a tie cannot
 * happen; votes beyond the quorum are never counted (the decision is taken at the quorum).
 */
export function decision(votes: readonly Vote[], needed: 1 | 3): 'completed' | 'failed' | null {
  if (votes.length < needed) return null
  const good = votes.slice(0, needed).filter((v) => v.good).length
  return good * 2 > needed ? 'completed' : 'failed'
}

/** A vote as its light shows once the attempt is decided; `judge` is the seat ("Judge 2") or the published name. */
export function toLight(
  vote: { good: boolean; reason: string | null; atSeconds: number | null; note: string | null },
  liftType: LiftType,
  judge: string,
): Light {
  const reason = !vote.good && vote.reason ? noLiftReason(liftType, vote.reason) : undefined
  return {
    judge,
    good: vote.good,
    card: reason?.card ?? null,
    reason: vote.good ? null : vote.reason,
    reason_label: reason?.label ?? null,
    at_seconds: vote.atSeconds,
    note: vote.note,
  }
}

/** A vote as decisionLights reads it. */
export interface SeatedVote {
  seat: number
  judgeId: number
  good: boolean
  reason: string | null
  atSeconds: number | null
  note: string | null
}

/**
 * A decision's lights as shown. With the judges' names published (`names`): in seat order, each
 * with its judge's name. Unpublished, nothing ties a light to a judge: not a seat number (the
 * public panel list would map it to a name) nor the order. White lights first, then red ones by
 * card (red, blue, yellow) and reason, each labelled "Judge".
 */
export function decisionLights(votes: readonly SeatedVote[], liftType: LiftType, names: ReadonlyMap<number, string> | null): Light[] {
  if (names) return [...votes].sort((a, b) => a.seat - b.seat).map((v) => toLight(v, liftType, names.get(v.judgeId) ?? `Judge ${v.seat}`))
  const rank = (light: Light) => (light.good ? 0 : 1 + CARD_COLOURS.indexOf(light.card ?? 'red'))
  const text = (light: Light) => `${light.reason ?? ''}\u0000${light.at_seconds ?? ''}\u0000${light.note ?? ''}`
  return votes.map((v) => toLight(v, liftType, 'Judge')).sort((a, b) => rank(a) - rank(b) || text(a).localeCompare(text(b)))
}

/** Who decided: the panel's quorum, or the organiser as jury (a direct decision, or an appeal). */
export const DecidedBy = Literals(['panel', 'jury'])
export type DecidedBy = Static<typeof DecidedBy>

/** One judge's light, shown once the attempt is decided (never before: votes are blind). */
export const Light = Type.Object({
  /** The judge's name when the organiser publishes names; otherwise "Judge" (no seat: see decisionLights); "Jury" for the jury. */
  judge: Type.String(),
  good: Type.Boolean(),
  card: Nullable(CardColour),
  /** A no lift's reason code (NO_LIFT_REASONS) and its label. */
  reason: Nullable(Type.String()),
  reason_label: Nullable(Type.String()),
  /** The moment of the clip the judge pointed at, in seconds. */
  at_seconds: Nullable(Type.Number()),
  note: Nullable(Type.String()),
})
export type Light = Static<typeof Light>

export const AppealState = Literals(['open', 'confirmed', 'reversed'])
export const Appeal = Type.Object({
  state: AppealState,
  note: Type.String(),
  appealed_at: Type.String(),
  /** The jury's reason, once decided (final). */
  reason: Nullable(Type.String()),
  decided_at: Nullable(Type.String()),
})
export type Appeal = Static<typeof Appeal>

/**
 * Where an attempt stands with its judges. Until the decision only counts show (votes are
 * blind); then the lights, who decided, and the appeal.
 */
export const Judging = Type.Object({
  votes_cast: Type.Integer(),
  votes_needed: Type.Integer(),
  decided_by: Nullable(DecidedBy),
  decided_at: Nullable(Type.String()),
  /** Empty while the attempt is pending. */
  lights: Type.Array(Light),
  appeal: Nullable(Appeal),
  /** Until when the lifter may appeal; null when they no longer can (or the attempt is pending). */
  appeal_until: Nullable(Type.String()),
  /** The decision counts on the global boards (contract/verification.ts); false while pending. */
  verified: Type.Boolean(),
})
export type Judging = Static<typeof Judging>

/** A reason code as clients send it. */
const ReasonCode = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z_]+$' })
const Note = Type.String({ maxLength: 500 })

/** PUT /competitions/:id/judges: the organiser appoints the panel (replacing it). */
export const PanelBody = Type.Object(
  {
    /** 0–5 usernames; an empty panel leaves the organiser as the one judge. */
    usernames: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: MAX_JUDGES }),
    /** Lets lifters of this challenge sit on its panel (they never judge their own attempts). */
    allow_lifters: Type.Optional(Type.Boolean()),
    /** Shows judges' names with their lights (otherwise "Judge", in an order that tells no seat). */
    publish_names: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type PanelBody = Static<typeof PanelBody>

/** A judge of the panel. `seat` is 0 where seats are hidden (names unpublished, and the viewer is not the organiser). */
export const PanelJudge = Type.Object({ user_id: Type.Integer(), username: Type.String(), name: Type.String(), seat: Type.Integer() })
export type PanelJudge = Static<typeof PanelJudge>
/** GET/PUT /competitions/:id/judges. With no judge appointed, the organiser judges alone. */
export const PanelResponse = Type.Object({
  competition_id: Type.Integer(),
  organiser_id: Type.Integer(),
  judges: Type.Array(PanelJudge),
  allow_lifters: Type.Boolean(),
  publish_names: Type.Boolean(),
})
export type PanelResponse = Static<typeof PanelResponse>

/** POST /attempts/:id/votes (a judge) and POST /attempts/:id/jury (the organiser's direct decision). */
export const VoteBody = Type.Object(
  {
    good: Type.Boolean(),
    /** Required for a no lift: a code of the lift's NO_LIFT_REASONS. */
    reason: Type.Optional(ReasonCode),
    at_seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 86_400 })),
    note: Type.Optional(Note),
    /** The plate check: true when the judge ticked "load matches" (a no lift for the load gives reason load_mismatch instead). */
    load_matches: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
)
export type VoteBody = Static<typeof VoteBody>

/**
 * The plate check as a vote carries it: true (ticked "load matches"), false (a no lift for the load:
 * reason load_mismatch), null (not said). A vote that contradicts itself is refused with the sentence.
 */
export function loadCheckOf(
  vote: Pick<VoteBody, 'good' | 'reason' | 'load_matches'>,
): { loadMatches: boolean | null } | { refusal: string } {
  const mismatch = !vote.good && vote.reason === LOAD_MISMATCH
  if (mismatch && vote.load_matches === true) return { refusal: 'A no lift for "load does not match" cannot also tick "load matches".' }
  if (vote.load_matches === false && !mismatch)
    return { refusal: 'A load that does not match the declared weight is a no lift with the reason "load does not match".' }
  return { loadMatches: mismatch ? false : (vote.load_matches ?? null) }
}

/** POST /attempts/:id/appeal: the lifter, once, within the window. */
export const AppealBody = Type.Object({ note: NoteText(500) }, { additionalProperties: false })
export type AppealBody = Static<typeof AppealBody>

/** POST /attempts/:id/appeal/decision: the organiser as jury, final. */
export const AppealDecisionBody = Type.Object({ reverse: Type.Boolean(), reason: NoteText(500) }, { additionalProperties: false })
export type AppealDecisionBody = Static<typeof AppealDecisionBody>

export const AttemptIdParams = Type.Object({ id: IdParam })
