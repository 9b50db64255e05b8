// What the hall's screens see, from the rows (pure): a flight's lifting order for a lift, read from its lifters'
// attempts and declarations (contract/lifting-order.ts decides it), and a platform as every board shows it.
// The lights are shown only once all three referees pressed (docs/hall-mode.md, "Referees").
import {
  barWeight,
  isWeightlifting,
  liftingOrder,
  risingBarOrder,
  normalizeLiftType,
  MEET_ATTEMPTS,
  type FlightLifter,
  type HallAttempt,
  type HallPlatformView,
  type HallUp,
  type LiftingOrder,
  type LiftType,
  type OrderSlot,
} from '../../contract/index.ts'
import type { HallLifterRow, HallSnapshot, PlatformRow } from '../../infra/repositories/hall.repository.ts'

const resultOf = (status: string): HallAttempt['result'] => (status === 'completed' ? 'good' : status === 'failed' ? 'no_lift' : 'pending')

/** A lifter's attempts of a lift as the order reads them: taken ones with their result, then the declared next. */
export function flightLifter(row: HallLifterRow, lift: LiftType): FlightLifter {
  const attempts: HallAttempt[] = []
  for (let n = 1; n <= MEET_ATTEMPTS; n++) {
    const taken = row.attempts.find((a) => a.liftType === lift && a.attemptNumber === n)
    if (taken) {
      attempts.push({ weight: taken.weight, result: resultOf(taken.status) })
      continue
    }
    const declared = row.declarations.find((d) => d.liftType === lift && d.attemptNumber === n)
    if (declared) attempts.push({ weight: declared.weight, result: null })
    break
  }
  // The rising bar's tie-break: when the last attempt of the lift was taken (attempt ids grow with each call).
  const ids = row.attempts.filter((a) => a.liftType === lift).map((a) => a.id)
  const lastLiftedSeq = ids.length ? Math.max(...ids) : null
  return { id: row.participantId, name: row.name, lot: row.lot, bodyweight: row.bodyweight, attempts, lastLiftedSeq }
}

/** The flight's order: weightlifting by the rising bar (contract/rising-bar.ts), powerlifting in rounds. */
export function flightOrder(snapshot: HallSnapshot, flightId: number, lift: LiftType): LiftingOrder {
  const lifters = snapshot.lifters.filter((l) => l.flightId === flightId).map((l) => flightLifter(l, lift))
  return isWeightlifting(lift) ? risingBarOrder(lift, lifters) : liftingOrder(lift, lifters)
}

const upOf = (snapshot: HallSnapshot, q: OrderSlot): HallUp => ({
  user_id: snapshot.lifters.find((l) => l.participantId === q.lifterId)?.userId ?? 0,
  name: q.name,
  attempt_number: q.attempt,
  weight: q.weight,
  automatic: q.automatic,
})

/** A platform as the boards show it. */
export function platformView(snapshot: HallSnapshot, row: PlatformRow): HallPlatformView {
  const lift = normalizeLiftType(row.liftType) ?? null
  const queue = row.flightId !== null && lift ? flightOrder(snapshot, row.flightId, lift).queue.map((q) => upOf(snapshot, q)) : []
  const lifter = snapshot.lifters.find((l) => l.participantId === row.participantId)
  const attempt = lifter?.attempts.find((a) => a.id === row.attemptId)
  const presses = snapshot.presses.filter((p) => p.attemptId === row.attemptId)
  return {
    competition_id: snapshot.challenge.id,
    platform: row.platform,
    flight_id: row.flightId,
    lift_type: lift,
    current:
      lifter && attempt
        ? {
            user_id: lifter.userId,
            name: lifter.name,
            attempt_number: attempt.attemptNumber,
            weight: attempt.weight,
            automatic: false,
            attempt_id: attempt.id,
            lot: lifter.lot,
            bodyweight: lifter.bodyweight,
            bar: lift ? barWeight(lift, lifter.gender === 'F' ? 'F' : 'M') : 20,
          }
        : null,
    on_deck: queue[0] ?? null,
    in_the_hole: queue[1] ?? null,
    order: queue.slice(2),
    clock: { allowance_ms: row.allowanceMs, remaining_ms: row.remainingMs, running_since: row.runningSince?.getTime() ?? null },
    presses: presses.length,
    lights: presses.length >= 3 ? presses.map((p) => ({ seat: p.seat, good: p.good, reason: p.reason })) : null,
    decision: attempt && attempt.status !== 'pending' ? (attempt.status === 'completed' ? 'good' : 'no_lift') : null,
  }
}

/** A platform with nothing on it yet. */
export const emptyPlatform = (platform: number): PlatformRow => ({
  platform,
  flightId: null,
  liftType: null,
  participantId: null,
  attemptId: null,
  previousParticipantId: null,
  allowanceMs: 60_000,
  remainingMs: 60_000,
  runningSince: null,
})
