// The announcer's and marshal's desk against the rows (docs/hall-mode.md, "The desk"): the organiser appoints each
// platform's timekeeper and announcer/marshal; the desk records declarations and changes for any lifter of a flight
// on its platform, under the rules (contract/hall-rules.ts for weightlifting, contract/hall-desk.ts for powerlifting).
// Every write runs under the challenge room's lock (runOnPlatform) and is announced to the boards.
import {
  DECLARE_WITHIN_MS,
  isWeightlifting,
  normalizeLiftType,
  powerliftingChangeRefusal,
  remainingAt,
  weightliftingChangeRefusal,
  MEET_ATTEMPTS,
  type DeskDeclarationBody,
  type DeskDeclarationResponse,
  type HallPlatformView,
  type OfficialsBody,
  type RuleRefusal,
  type TakenAttempt,
} from '../../contract/index.ts'
import type { HallRepository } from '../../infra/repositories/hall.repository.ts'
import { badRequest, conflict } from '../errors.ts'
import { assertHall, assertMayRun, assertOrganiser, clockOf, runOnPlatform } from './hall.service.ts'

export interface HallDeskDeps {
  hall: Pick<HallRepository, 'withHallLocked'>
  now?: () => number
}

const refuse = (refusal: RuleRefusal | null): void => {
  if (refusal) throw refusal.kind === 'conflict' ? conflict(refusal.error) : badRequest(refusal.error)
}
const resultOf = (status: string): TakenAttempt['result'] => (status === 'completed' ? 'good' : status === 'failed' ? 'no_lift' : 'pending')

export function createHallDeskService(deps: HallDeskDeps) {
  const { hall } = deps
  const now = deps.now ?? (() => Date.now())

  return {
    /** The organiser appoints (or removes) a platform's timekeeper and announcer/marshal, by username. */
    async setOfficials(challengeId: number, platform: number, userId: number, body: OfficialsBody): Promise<HallPlatformView> {
      return runOnPlatform(hall, challengeId, platform, async (h) => {
        const snapshot = h.snapshot()
        assertOrganiser(snapshot, userId)
        assertHall(snapshot)
        const names = [body.timekeeper, body.announcer].filter((n): n is string => n !== null)
        const users = await h.usersNamed(names)
        for (const role of ['timekeeper', 'announcer'] as const) {
          const name = body[role]
          const user = name === null ? null : users.find((u) => u.username === name)
          if (user === undefined) throw badRequest(`No account is named ${name}: give the ${role}'s username.`)
          await h.setOfficial(platform, role, user?.id ?? null)
        }
        return null
      })
    },

    /**
     * The desk records a lifter's weight for their next attempt of a lift (or changes the called attempt's weight,
     * in weightlifting before the final call). The first weight given after a decision is the declaration; later
     * ones are changes, counted. The same weight again is the same entry (a double entry changes nothing).
     */
    async declare(
      challengeId: number,
      platform: number,
      userId: number,
      body: DeskDeclarationBody,
    ): Promise<Pick<DeskDeclarationResponse, 'declaration' | 'platform'>> {
      let declaration: DeskDeclarationResponse['declaration'] | null = null
      const view = await runOnPlatform(hall, challengeId, platform, async (h, row) => {
        const snapshot = h.snapshot()
        assertMayRun(snapshot, platform, userId, 'announcer')
        assertHall(snapshot)
        const lifter = snapshot.lifters.find((l) => l.userId === body.user_id)
        const flight = snapshot.flights.find((f) => f.id === lifter?.flightId)
        if (!lifter || !flight) throw badRequest(`User ${body.user_id} lifts in no flight of this meet.`)
        if (flight.platform !== platform) throw badRequest(`${lifter.name} lifts on platform ${flight.platform}.`)
        const lift = normalizeLiftType(body.lift_type)
        if (!lift || !snapshot.challenge.liftTypes.some((t) => normalizeLiftType(t) === lift))
          throw badRequest(`This meet does not list ${body.lift_type}.`)

        const rows = lifter.attempts.filter((a) => normalizeLiftType(a.liftType) === lift).sort((a, b) => a.attemptNumber - b.attemptNumber)
        const last = rows.at(-1)
        // The called attempt, on the platform with no press yet: its weight may still change (weightlifting).
        const calledNow =
          last && last.status === 'pending' && row.attemptId === last.id && !snapshot.presses.some((p) => p.attemptId === last.id)
        if (last?.status === 'pending' && !calledNow)
          throw conflict(`${lifter.name}'s attempt is with the referees: wait for the decision.`)
        const decided = calledNow ? rows.slice(0, -1) : rows
        const attemptNumber = decided.length + 1
        if (attemptNumber > MEET_ATTEMPTS) throw conflict(`${lifter.name} has taken all ${MEET_ATTEMPTS} attempts in this lift.`)
        const taken = decided.map((a) => ({ weight: a.weight, result: resultOf(a.status) }))
        const previousDecidedAt = decided.at(-1)?.decidedAt?.getTime() ?? null
        const own = lifter.declarations.find((d) => normalizeLiftType(d.liftType) === lift && d.attemptNumber === attemptNumber)
        const entry = snapshot.deskEntries.find(
          (e) => e.participantId === lifter.participantId && e.liftType === lift && e.attemptNumber === attemptNumber,
        )
        const current = calledNow ? last.weight : own && (entry?.declared || !own.automatic) ? own.weight : null
        const changes = entry?.changes ?? 0
        if (current !== null && current === body.weight) {
          declaration = { user_id: lifter.userId, lift_type: lift, attempt_number: attemptNumber, weight: current, changes }
          return null
        }
        const at = now()
        const flightAttempts = snapshot.lifters
          .filter((l) => l.flightId === flight.id)
          .flatMap((l) => l.attempts)
          .filter((a) => normalizeLiftType(a.liftType) === lift)
        if (isWeightlifting(lift)) {
          const calledWeight = flightAttempts.length ? Math.max(...flightAttempts.map((a) => a.weight)) : null
          refuse(
            weightliftingChangeRefusal({
              lift,
              taken,
              desk: { declared: current, changes, previousDecidedAt },
              weight: body.weight,
              calledWeight,
              onClockRemainingMs: calledNow ? remainingAt(clockOf(row), at) : null,
              now: at,
            }),
          )
        } else {
          refuse(
            powerliftingChangeRefusal({
              lift,
              attemptNumber,
              taken,
              desk: { declared: current, changes, previousDecidedAt },
              weight: body.weight,
              liftStarted: flightAttempts.length > 0,
              called: Boolean(calledNow),
              now: at,
            }),
          )
        }
        // A declaration when nothing was given and the window is open (an opener always); a change otherwise.
        const declaring = current === null && (previousDecidedAt === null || at - previousDecidedAt <= DECLARE_WITHIN_MS)
        const used = declaring ? changes : changes + 1
        await h.saveDeclaration({ participantId: lifter.participantId, liftType: lift, attemptNumber, weight: body.weight })
        await h.saveDeskEntry({ participantId: lifter.participantId, liftType: lift, attemptNumber, declared: true, changes: used })
        if (calledNow) await h.setAttemptWeight(last.id, body.weight)
        declaration = { user_id: lifter.userId, lift_type: lift, attempt_number: attemptNumber, weight: body.weight, changes: used }
        return null
      })
      return { declaration: declaration!, platform: view }
    },
  }
}

export type HallDeskService = ReturnType<typeof createHallDeskService>
