// Which decisions count on the global boards (docs/verified-results.md). A challenge's own page
// ranks every decided attempt; the leaderboard, Top Lifts and records count an attempt only when
// its decision is *verified*: taken by people the site trusts who are not the lifter, nor the
// organiser who chose the panel. Trust starts with a site administrator certifying judges.

/** The fewest judges on a panel whose decisions can be verified, and how many of them must be certified. */
export const VERIFIED_PANEL = { judges: 3, certified: 2 } as const

/** A judge as a decision saw them. */
export interface DecidingJudge {
  userId: number
  /** Certified by a site administrator when the decision was taken. */
  certified: boolean
}

/** A vote that made a panel's decision. */
export interface DecidingVote extends DecidingJudge {
  /** Voted with the decision (good for a good lift, no lift for a no lift). */
  withDecision: boolean
}

export type VerifiableDecision =
  | {
      by: 'panel'
      lifterId: number
      organiserId: number | null
      /** Everyone on the panel when the decision was taken (the organiser alone when no panel was appointed). */
      panel: readonly number[]
      /** The votes that made the decision. */
      voters: readonly DecidingVote[]
    }
  | {
      /** The jury (the organiser): directly on a pending attempt, or reversing a panel's decision on appeal. */
      by: 'jury'
      onAppeal: boolean
      /** On appeal: whether the panel decision it reverses was verified. */
      reversesVerified: boolean
      lifterId: number
      jury: DecidingJudge
    }

/**
 * Whether a decision counts on the global boards. A panel's: at least three judges seated for this
 * lifter, none of them the organiser (who chose them) or the lifter, every deciding vote from a judge
 * still seated, and at least two certified judges among those who voted with the decision (so an
 * uncertified vote never tips it). A jury's only on appeal, reversing a verified panel decision, when
 * the jury is a certified judge and not the lifter: deciding a pending attempt directly is one person
 * in place of a panel, and reversing an unverified decision (the organiser judging alone) would let
 * one person verify their own event. A panel the organiser sits on is the organiser judging their own
 * event, so it is never verified, however many others sit beside them.
 */
export function isVerifiedDecision(decision: VerifiableDecision): boolean {
  if (decision.by === 'jury') {
    return decision.onAppeal && decision.reversesVerified && decision.jury.certified && decision.jury.userId !== decision.lifterId
  }
  const { lifterId, organiserId, panel, voters } = decision
  if (organiserId !== null && panel.includes(organiserId)) return false
  if (panel.filter((id) => id !== lifterId).length < VERIFIED_PANEL.judges) return false
  if (voters.some((v) => v.userId === lifterId || v.userId === organiserId || !panel.includes(v.userId))) return false
  return voters.filter((v) => v.certified && v.withDecision).length >= VERIFIED_PANEL.certified
}
