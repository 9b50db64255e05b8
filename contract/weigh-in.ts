// A meet's weigh-in (issue 31, docs/categories.md "The weigh-in"): the organiser sets a window before
// lifting and records each lifter's bodyweight in it; that bodyweight is official (points use it) and
// may move the lifter to the class it belongs in, never silently. Where a meet has a window, no
// attempt video is taken before the lifter's weigh-in; without one, bodyweights are self-declared
// and marked so.
import { Type, type Static } from 'typebox'
import { ChallengeDate, IdParam, Literals, Nullable } from './common.ts'

/** Where a bodyweight comes from: the organiser's weigh-in, or the lifter's own word. */
export const BodyweightSource = Literals(['weigh_in', 'self_declared'], {
  description: "weigh_in: recorded by the organiser at the weigh-in (official); self_declared: the lifter's own.",
})
export type BodyweightSource = Static<typeof BodyweightSource>

/** A weigh-in window as answers show it (ISO 8601, UTC). */
export const WeighInWindow = Type.Object({ opens_at: Type.String(), closes_at: Type.String() })
export type WeighInWindow = Static<typeof WeighInWindow>

/** What an organiser sets at creation: a meet only, opening before it closes, closing by the end date. */
export const WeighInWindowInput = Type.Object({ opens_at: ChallengeDate, closes_at: ChallengeDate }, { additionalProperties: false })
export type WeighInWindowInput = Static<typeof WeighInWindowInput>

/** POST /competitions/:id/weigh-ins: the organiser records a lifter's bodyweight as the scale read it. */
export const WeighInBody = Type.Object(
  {
    user_id: IdParam,
    /** kg, 20–300, to two decimals (a scale's 0.01 kg). */
    bodyweight: Type.Number(),
  },
  { additionalProperties: false },
)
export type WeighInBody = Static<typeof WeighInBody>

/** Answer: the lifter's entry as it stands, and the class they were moved from (null when they stay). */
export const WeighInResponse = Type.Object({
  message: Type.String(),
  /** The class the lifter entered, when the official bodyweight moved them to another; null when it fits. */
  moved_from: Nullable(Type.String()),
  weight_class: Type.String(),
  bodyweight: Type.Number(),
  user_id: Type.Integer(),
})
export type WeighInResponse = Static<typeof WeighInResponse>

/** The sentence a lifter moved by their weigh-in is told (the page and the live event say it). */
export function movedMessage(bodyweight: number, from: string, to: string): string {
  return `Weighed in at ${bodyweight} kg: that is over the ${from} class's limit or under its floor, so you now lift in the ${to} class.`
}
