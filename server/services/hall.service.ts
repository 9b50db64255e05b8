// Hall mode's rules against the rows (docs/hall-mode.md): the organiser's flights, the call of the next lifter,
// the timekeeper's clock and the referees' presses. Every write runs in hall.withHallLocked (after the challenge
// room's lock) and announces the platform it changed; a Refusal thrown here rolls it back. A decision, once all
// three referees pressed, is recorded through the judging service (same quorum, appeal and jury as video judging).
import {
  FLIGHT_LIFTERS,
  NO_LIFT_REASONS,
  callAllowanceMs,
  clockFor,
  normalizeLiftType,
  pauseClock,
  remainingAt,
  resetClock,
  startClock,
  votesNeeded,
  type CallBody,
  type ClockBody,
  type HallClock,
  type HallResponse,
  type HallSetupBody,
  type HallPlatformView,
  type HallRole,
  type PressBody,
  type PressResponse,
} from '../../contract/index.ts'
import type { HallHandle, HallRepository, HallSnapshot, PlatformRow } from '../../infra/repositories/hall.repository.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'
import type { JudgingService } from './judging.service.ts'
import { emptyPlatform, flightOrder, platformView } from './hall-view.ts'

export interface HallDeps {
  hall: Pick<HallRepository, 'read' | 'withHallLocked'>
  judging: Pick<JudgingService, 'recordLive'>
  now?: () => number
}

const NOT_ORGANISER = 'Only the organiser of this meet can run its hall.'
const noChallenge = (id: number) => notFound(`Challenge ${id} does not exist.`)

export const clockOf = (row: PlatformRow): HallClock => ({
  allowanceMs: row.allowanceMs,
  remainingMs: row.remainingMs,
  runningSince: row.runningSince?.getTime() ?? null,
})
const withClock = (row: PlatformRow, clock: HallClock): PlatformRow => ({
  ...row,
  allowanceMs: clock.allowanceMs,
  remainingMs: clock.remainingMs,
  runningSince: clock.runningSince === null ? null : new Date(clock.runningSince),
})

export function assertHall(snapshot: HallSnapshot): void {
  if (snapshot.challenge.format !== 'meet') throw conflict('Hall mode runs meets: this challenge is open.')
  if (snapshot.challenge.venue === 'online')
    throw conflict('This meet runs online: the organiser sets it in person or hybrid, with its flights, first.')
}
export function assertOrganiser(snapshot: HallSnapshot, userId: number): void {
  if (snapshot.challenge.organiserId !== userId) throw forbidden(NOT_ORGANISER)
}
/** The organiser, or the platform's official in this role (docs/hall-mode.md, "The desk"); 403 for anyone else. */
export function assertMayRun(snapshot: HallSnapshot, platform: number, userId: number, role: HallRole): void {
  if (snapshot.challenge.organiserId === userId) return
  if (snapshot.officials.some((o) => o.platform === platform && o.role === role && o.userId === userId)) return
  throw forbidden(
    role === 'timekeeper'
      ? `Only the organiser or platform ${platform}'s timekeeper can run its clock.`
      : `Only the organiser or platform ${platform}'s announcer can call lifters and record declarations.`,
  )
}
export const platformRow = (snapshot: HallSnapshot, platform: number): PlatformRow =>
  snapshot.platforms.find((p) => p.platform === platform) ?? emptyPlatform(platform)

/** Runs a locked write on a platform and answers the platform as it left it (announced in the same transaction). */
export async function runOnPlatform(
  hall: Pick<HallRepository, 'withHallLocked'>,
  challengeId: number,
  platform: number,
  work: (h: HallHandle, row: PlatformRow) => Promise<PlatformRow | null>,
): Promise<HallPlatformView> {
  const view = await hall.withHallLocked(challengeId, async (h) => {
    const { flights, platforms } = h.snapshot()
    if (!flights.some((f) => f.platform === platform) && !platforms.some((p) => p.platform === platform))
      throw notFound(`This meet has no platform ${platform}.`)
    const changed = await work(h, platformRow(h.snapshot(), platform))
    if (changed) await h.savePlatform(changed)
    const after = await h.reload()
    const shown = platformView(after, platformRow(after, platform))
    await h.announce(shown)
    return shown
  })
  if (!view) throw noChallenge(challengeId)
  return view
}

export function createHallService(deps: HallDeps) {
  const { hall, judging } = deps
  const now = deps.now ?? (() => Date.now())
  const onPlatform = (challengeId: number, platform: number, work: (h: HallHandle, row: PlatformRow) => Promise<PlatformRow | null>) =>
    runOnPlatform(hall, challengeId, platform, work)

  return {
    now,

    /** The hall as every screen reads it; refused for an online meet. */
    async read(challengeId: number): Promise<HallResponse> {
      const snapshot = await hall.read(challengeId)
      if (!snapshot) throw noChallenge(challengeId)
      assertHall(snapshot)
      return {
        competition_id: challengeId,
        venue: snapshot.challenge.venue as HallResponse['venue'],
        flights: snapshot.flights.map((f) => ({ ...f, lifters: snapshot.lifters.filter((l) => l.flightId === f.id).map((l) => l.userId) })),
        platforms: snapshot.platforms.map((p) => platformView(snapshot, p)),
        officials: snapshot.officials.map((o) => ({ platform: o.platform, role: o.role as HallRole, user_id: o.userId, name: o.name })),
        server_time: now(),
      }
    },

    /** The organiser runs the meet in a hall and splits its lifters into flights of 8–15, each on a platform. */
    async setup(challengeId: number, userId: number, body: HallSetupBody): Promise<HallResponse> {
      const done = await hall.withHallLocked(challengeId, async (h) => {
        const snapshot = h.snapshot()
        assertOrganiser(snapshot, userId)
        if (snapshot.challenge.format !== 'meet') throw conflict('Hall mode runs meets: this challenge is open.')
        if (snapshot.platforms.some((p) => p.attemptId !== null))
          throw conflict('Lifting has started in the hall: the flights can no longer change.')
        const names = new Set<string>()
        const seen = new Set<number>()
        const flights = body.flights.map((f) => {
          const name = f.name.trim()
          if (names.has(name)) throw badRequest(`Two flights are named ${name}: give each its own name.`)
          names.add(name)
          if (f.lifters.length < FLIGHT_LIFTERS.min || f.lifters.length > FLIGHT_LIFTERS.max) {
            throw badRequest(`Flight ${name} has ${f.lifters.length} lifters: a flight has ${FLIGHT_LIFTERS.min} to ${FLIGHT_LIFTERS.max}.`)
          }
          const participantIds = f.lifters.map((uid) => {
            const lifter = snapshot.lifters.find((l) => l.userId === uid)
            if (!lifter) throw badRequest(`User ${uid} has not joined this meet.`)
            if (seen.has(uid)) throw badRequest(`${lifter.name} is in two flights: put each lifter in one.`)
            seen.add(uid)
            return lifter.participantId
          })
          return { name, session: f.session, platform: f.platform, participantIds }
        })
        await h.replaceFlights(body.venue, flights)
        // Each platform the flights use gets its row, and the boards hear of it (the room's lock reserved an event).
        for (const number of [...new Set(flights.map((f) => f.platform))].sort()) {
          if (!snapshot.platforms.some((p) => p.platform === number)) await h.savePlatform(emptyPlatform(number))
        }
        const after = await h.reload()
        for (const row of after.platforms) await h.announce(platformView(after, row))
        return true
      })
      if (!done) throw noChallenge(challengeId)
      return this.read(challengeId)
    },

    /**
     * Calls the next lifter of a flight's lift to the platform: the order's first (contract/lifting-order.ts). Their
     * attempt is recorded (judged live by the panel's three referees) and the clock reset to their time: one minute,
     * two when a weightlifter follows themself. Refused while the current attempt waits for its referees.
     */
    call(challengeId: number, platform: number, userId: number, body: CallBody): Promise<HallPlatformView> {
      return onPlatform(challengeId, platform, async (h, row) => {
        const snapshot = h.snapshot()
        assertMayRun(snapshot, platform, userId, 'announcer')
        assertHall(snapshot)
        const flight = snapshot.flights.find((f) => f.id === body.flight_id)
        if (!flight) throw badRequest(`This meet has no flight ${body.flight_id}.`)
        if (flight.platform !== platform) throw badRequest(`Flight ${flight.name} lifts on platform ${flight.platform}.`)
        const lift = normalizeLiftType(body.lift_type)
        if (!lift || !snapshot.challenge.liftTypes.some((t) => normalizeLiftType(t) === lift))
          throw badRequest(`This meet does not list ${body.lift_type}.`)
        if (snapshot.seats.length < 3) throw conflict('The hall needs three referees: appoint a panel of three first.')
        const current = snapshot.lifters.flatMap((l) => l.attempts).find((a) => a.id === row.attemptId)
        if (current?.status === 'pending') throw conflict('The current attempt is still with the referees.')
        const next = flightOrder(snapshot, flight.id, lift).current
        if (!next) throw conflict(`Flight ${flight.name} has no ${lift} attempt waiting: every attempt is taken or none is declared.`)
        const lifter = snapshot.lifters.find((l) => l.participantId === next.lifterId)!
        const attemptId = await h.createLiveAttempt({
          participantId: next.lifterId,
          liftType: lift,
          attemptNumber: next.attempt,
          weight: next.weight,
          votesNeeded: votesNeeded(snapshot.seats, lifter.userId),
        })
        const follows = row.participantId === next.lifterId && row.liftType === lift
        const clock = clockFor(callAllowanceMs(lift, follows))
        return withClock(
          {
            ...row,
            flightId: flight.id,
            liftType: lift,
            participantId: next.lifterId,
            attemptId,
            previousParticipantId: row.participantId,
          },
          clock,
        )
      })
    },

    /** The timekeeper's buttons: start, pause, reset (to the called lifter's time). */
    clock(challengeId: number, platform: number, userId: number, body: ClockBody): Promise<HallPlatformView> {
      return onPlatform(challengeId, platform, async (h, row) => {
        const snapshot = h.snapshot()
        assertMayRun(snapshot, platform, userId, 'timekeeper')
        assertHall(snapshot)
        const at = now()
        const clock = clockOf(row)
        if (body.action === 'start' && remainingAt(clock, at) === 0) throw conflict('The clock has run out: reset it first.')
        return withClock(
          row,
          body.action === 'start' ? startClock(clock, at) : body.action === 'pause' ? pauseClock(clock, at) : resetClock(clock),
        )
      })
    },

    /**
     * A referee's press: stored at once, one per seat and attempt (the same press again is the same press; a red's
     * reason may follow). Once all three are in, the boards get the lights and the decision is recorded as the
     * attempt's judging.
     */
    async press(challengeId: number, platform: number, userId: number, body: PressBody): Promise<PressResponse> {
      const good = body.decision === 'white'
      let complete: { judgeId: number; good: boolean; reason: string | null }[] | null = null
      let presses = 0
      await onPlatform(challengeId, platform, async (h, row) => {
        const snapshot = h.snapshot()
        assertHall(snapshot)
        const seat = snapshot.seats.find((s) => s.seat === body.seat)
        if (!seat || seat.userId !== userId) throw forbidden(`You do not sit in seat ${body.seat} of this meet's referees.`)
        const lifter = snapshot.lifters.find((l) => l.attempts.some((a) => a.id === body.attempt_id))
        const attempt = lifter?.attempts.find((a) => a.id === body.attempt_id)
        if (!lifter || !attempt) throw notFound(`Attempt ${body.attempt_id} is not one of this meet's.`)
        if (lifter.userId === userId) throw forbidden('You cannot judge your own attempt.')
        const lift = normalizeLiftType(attempt.liftType)!
        if (!good && body.reason !== undefined && !NO_LIFT_REASONS[lift].some((r) => r.code === body.reason)) {
          throw badRequest(`A red light's reason for this lift is one of ${NO_LIFT_REASONS[lift].map((r) => r.code).join(', ')}.`)
        }
        const existing = await h.pressesOn(body.attempt_id)
        const mine = existing.find((p) => p.seat === body.seat)
        if (mine) {
          if (mine.good !== good) throw conflict(`Your press on this attempt is in: ${mine.good ? 'white' : 'red'}.`)
          if (!good && body.reason && !mine.reason) await h.setPressReason(body.attempt_id, body.seat, body.reason)
        } else {
          if (row.attemptId !== body.attempt_id || attempt.status !== 'pending')
            throw conflict('This attempt is no longer on the platform.')
          await h.insertPress({
            attemptId: body.attempt_id,
            seat: body.seat,
            refereeId: userId,
            good,
            reason: good ? null : (body.reason ?? null),
          })
        }
        const all = await h.pressesOn(body.attempt_id)
        presses = all.length
        if (all.length >= 3 && attempt.status === 'pending')
          complete = all.map((p) => ({ judgeId: p.refereeId, good: p.good, reason: p.reason }))
        // The clock stops at the first press: the lift is done.
        return all.length === 1 && !mine ? withClock(row, pauseClock(clockOf(row), now())) : null
      })
      if (complete) {
        await judging.recordLive(body.attempt_id, complete)
        // The decision on the boards (the attempt row decided by the judging service's write).
        await onPlatform(challengeId, platform, async () => null)
      }
      return { attempt_id: body.attempt_id, seat: body.seat, decision: body.decision, reason: good ? null : (body.reason ?? null), presses }
    },
  }
}

export type HallService = ReturnType<typeof createHallService>
