// Weightlifting's lifting order in the hall, pure (docs/hall-mode.md, "The rising bar"): not in rounds but by the
// rising bar. IWF Technical and Competition Rules & Regulations, "Course of the competition" (6.5.8 in the editions
// read, the calling order): the lighter weight first; at the same weight the lower attempt number; at the same
// attempt the athlete who took their previous attempt earlier; then the lower lot number.
import type { LiftType } from './lifts.ts'
import { weightIn, type FlightLifter, type LiftingOrder, type OrderSlot } from './lifting-order.ts'
import { MEET_ATTEMPTS } from './meet-rules.ts'

/** The attempt a lifter waits with (their next, declared or the default), or null: none waiting, or one with the referees. */
function nextSlot(lift: LiftType, l: FlightLifter): OrderSlot | null {
  for (let n = 1; n <= MEET_ATTEMPTS; n++) {
    const own = l.attempts[n - 1]
    if (own && own.result !== null) {
      if (own.result === 'pending') return null
      continue
    }
    const w = weightIn(l, lift, n)
    return w ? { lifterId: l.id, name: l.name, attempt: n, weight: w.weight, automatic: w.automatic } : null
  }
  return null
}

/** The rising bar's comparison of two waiting attempts. */
export function compareRisingBar(a: { slot: OrderSlot; lifter: FlightLifter }, b: { slot: OrderSlot; lifter: FlightLifter }): number {
  if (a.slot.weight !== b.slot.weight) return a.slot.weight - b.slot.weight
  if (a.slot.attempt !== b.slot.attempt) return a.slot.attempt - b.slot.attempt
  const pa = a.lifter.lastLiftedSeq ?? null
  const pb = b.lifter.lastLiftedSeq ?? null
  if (pa !== null && pb !== null && pa !== pb) return pa - pb
  const la = a.lifter.lot ?? Number.POSITIVE_INFINITY
  const lb = b.lifter.lot ?? Number.POSITIVE_INFINITY
  if (la !== lb) return la - lb
  return a.slot.name < b.slot.name ? -1 : a.slot.name > b.slot.name ? 1 : 0
}

/** The flight's order for a weightlifting lift by the rising bar: every lifter's next attempt, lightest first. */
export function risingBarOrder(lift: LiftType, lifters: readonly FlightLifter[]): LiftingOrder {
  const waiting = lifters.flatMap((lifter) => {
    const slot = nextSlot(lift, lifter)
    return slot ? [{ slot, lifter }] : []
  })
  waiting.sort(compareRisingBar)
  const queue = waiting.map((w) => w.slot)
  const round = queue.length ? Math.min(...queue.map((q) => q.attempt)) : null
  return { round, queue, current: queue[0] ?? null, onDeck: queue[1] ?? null, inTheHole: queue[2] ?? null }
}
