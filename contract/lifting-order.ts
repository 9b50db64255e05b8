// The live lifting order of one flight in the hall, pure (docs/hall-mode.md, "The lifting order"):
// rounds (every first attempt of the lift, then the seconds, then the thirds), each round by weight,
// then lot, then the order of the previous round, then bodyweight, then name. OpenLifter orders a flight
// the same way (src/logic/liftingOrder.ts, compareEntriesByAttempt and getNextEntryInfo); this is our
// own implementation of that rule, for the rows we keep.
import type { LiftType } from './lifts.ts'
import { automaticDeclaration, MEET_ATTEMPTS } from './meet-rules.ts'

/**
 * One attempt of a lifter's lift in the hall. `weight` is the declared (or changed) weight; `result`
 * null while it waits for the platform, `pending` while the referees decide it, then the decision.
 */
export interface HallAttempt {
  weight: number
  result: 'good' | 'no_lift' | 'pending' | null
}

/** What the order needs of a lifter of the flight for the lift being lifted. */
export interface FlightLifter {
  id: number
  name: string
  /** Drawn at join; null where none was drawn. */
  lot: number | null
  bodyweight: number | null
  /** Attempt 1, 2, 3 of the lift, in order; an attempt not declared yet is absent. */
  attempts: readonly HallAttempt[]
  /**
   * When the lifter's last attempt of the lift was taken, as a number that grows with time (the rising bar's
   * tie-break, contract/rising-bar.ts); null or absent before their first.
   */
  lastLiftedSeq?: number | null
}

/** An attempt waiting for the platform, in the order. */
export interface OrderSlot {
  lifterId: number
  name: string
  /** 1, 2, 3: the round. */
  attempt: number
  weight: number
  /** Not declared: the rulebook's default after the previous decision (one step up after a good lift, the same after a no lift). */
  automatic: boolean
}

/** The flight's order for a lift: the round being lifted, and every attempt still to come in order. */
export interface LiftingOrder {
  /** The lowest round with an attempt still to come; null when the lift is over for the flight. */
  round: number | null
  queue: OrderSlot[]
  current: OrderSlot | null
  onDeck: OrderSlot | null
  inTheHole: OrderSlot | null
}

/** The weight a lifter lifts (or will lift) in a round, with whether it is the default; null when not known yet. */
export function weightIn(lifter: FlightLifter, lift: LiftType, round: number): { weight: number; automatic: boolean } | null {
  const own = lifter.attempts[round - 1]
  if (own) return { weight: own.weight, automatic: false }
  const before = lifter.attempts[round - 2]
  // The previous attempt decided and nothing declared yet: its default stands in (the lifter may still declare).
  if (round > 1 && before && (before.result === 'good' || before.result === 'no_lift') && lifter.attempts.length === round - 1) {
    return { weight: automaticDeclaration(lift, { weight: before.weight, result: before.result }), automatic: true }
  }
  return null
}

/**
 * Two lifters in a round: lighter weight first; then the lower lot (when both have one); then, past the first
 * round, as they stood in the round before (the same comparison one round down); then the lighter lifter
 * (no bodyweight last); then the name.
 */
export function compareInRound(lift: LiftType, a: FlightLifter, b: FlightLifter, round: number): number {
  const wa = weightIn(a, lift, round)?.weight ?? Number.POSITIVE_INFINITY
  const wb = weightIn(b, lift, round)?.weight ?? Number.POSITIVE_INFINITY
  if (wa !== wb) return wa < wb ? -1 : 1
  if (a.lot !== null && b.lot !== null && a.lot !== b.lot) return a.lot - b.lot
  if (round > 1) return compareInRound(lift, a, b, round - 1)
  if (a.bodyweight !== b.bodyweight) {
    if (a.bodyweight === null) return 1
    if (b.bodyweight === null) return -1
    return a.bodyweight - b.bodyweight
  }
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0
}

/**
 * The flight's lifting order for a lift. Attempts still to come are listed round by round; a lifter whose
 * previous attempt is still with the referees has no next attempt in the list until it is decided.
 */
export function liftingOrder(lift: LiftType, lifters: readonly FlightLifter[]): LiftingOrder {
  const queue: OrderSlot[] = []
  let round: number | null = null
  for (let n = 1; n <= MEET_ATTEMPTS; n++) {
    const waiting = lifters.filter((l) => {
      const own = l.attempts[n - 1]
      if (own) return own.result === null
      return weightIn(l, lift, n) !== null
    })
    if (waiting.length > 0 && round === null) round = n
    waiting.sort((a, b) => compareInRound(lift, a, b, n))
    for (const l of waiting) {
      const w = weightIn(l, lift, n)!
      queue.push({ lifterId: l.id, name: l.name, attempt: n, weight: w.weight, automatic: w.automatic })
    }
  }
  return { round, queue, current: queue[0] ?? null, onDeck: queue[1] ?? null, inTheHole: queue[2] ?? null }
}

/** For the warm-up board: how many attempts come before each lifter's next one (0: they are up). */
export function attemptsUntilUp(order: LiftingOrder): Map<number, number> {
  const until = new Map<number, number>()
  order.queue.forEach((q, i) => {
    if (!until.has(q.lifterId)) until.set(q.lifterId, i)
  })
  return until
}
