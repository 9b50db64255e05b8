// Organisers control their challenges (docs/challenge-control.md): edit the details and the start
// before it starts, move the end (extend or shorten, never into the past) and the registration
// deadline until it ends, cancel it before any lift is recorded. Only the organiser. The rules are
// challenges.service.ts's plannedEdit and assertMayCancel; they run with the challenge's room
// locked (challenges.repository.ts withChallengeLocked), so no join or upload slips in between.
import type { Challenge, UpdateChallengeBody } from '../../contract/index.ts'
import type { ChallengesRepository } from '../../infra/repositories/challenges.repository.ts'
import { forbidden, notFound } from '../errors.ts'
import { assertMayCancel, plannedEdit } from './challenges.service.ts'
import { toChallenge } from './mappers.ts'

export const NOT_ORGANISER = 'Only the organiser of this challenge can change or cancel it.'

export interface ChallengeControlDeps {
  challenges: Pick<ChallengesRepository, 'withChallengeLocked'>
  now?: () => Date
}

export function createChallengeControlService(deps: ChallengeControlDeps) {
  const now = deps.now ?? (() => new Date())
  const answer = (row: Parameters<typeof toChallenge>[0]) => toChallenge(row, now())
  const missing = (id: number) => notFound(`Challenge ${id} does not exist.`)

  return {
    /** The organiser's change; the challenge as it is now. */
    async edit(userId: number, id: number, body: UpdateChallengeBody): Promise<Challenge> {
      const updated = await deps.challenges.withChallengeLocked(id, answer, async (locked) => {
        if (locked.row.createdById !== userId) throw forbidden(NOT_ORGANISER)
        return locked.update(plannedEdit(locked.row, body, now()))
      })
      if (!updated) throw missing(id)
      return answer(updated)
    },

    /** The organiser cancels; the challenge's name and the lifters who had entered (they are told live). */
    async cancel(userId: number, id: number): Promise<{ name: string; lifters: number[] }> {
      const cancelled = await deps.challenges.withChallengeLocked(id, answer, async (locked) => {
        if (locked.row.createdById !== userId) throw forbidden(NOT_ORGANISER)
        assertMayCancel(locked.row, await locked.recordedLifts(), now())
        return { name: locked.row.name, lifters: await locked.cancel() }
      })
      if (!cancelled) throw missing(id)
      return cancelled
    },
  }
}

export type ChallengeControlService = ReturnType<typeof createChallengeControlService>
