// Who may read an attempt's take checks (docs/video-checks.md): the challenge's organiser, and the
// judges who may judge it (its panel, or the organiser alone when none is appointed; never the
// lifter, even when they sit on the panel). Nobody else: not the lifter, not the public.
import type { TakeChecksResponse } from '../../contract/take-checks.ts'
import type { AttemptsRepository } from '../../infra/repositories/attempts.repository.ts'
import type { JudgingRepository } from '../../infra/repositories/judging.repository.ts'
import { forbidden, notFound } from '../errors.ts'

export interface TakeChecksDeps {
  attempts: Pick<AttemptsRepository, 'takeChecksOf'>
  judging: Pick<JudgingRepository, 'panel'>
}

export const TAKE_CHECKS_PRIVATE = "Only the attempt's judges and the challenge's organiser see its take checks."

/** Pure: may `viewer` read the take checks of an attempt lifted by `lifterId` in a challenge with this organiser and panel? */
export function mayReadTakeChecks(viewer: number, lifterId: number, organiserId: number | null, judgeIds: readonly number[]): boolean {
  if (viewer === organiserId) return true
  return viewer !== lifterId && judgeIds.includes(viewer)
}

export function createTakeChecksService(deps: TakeChecksDeps) {
  return {
    /** The attempt's take checks as its judges and organiser read them (null: not checked yet); the organiser also reads the judges' plate checks. */
    async read(attemptId: number, viewer: number): Promise<TakeChecksResponse> {
      const found = await deps.attempts.takeChecksOf(attemptId)
      if (!found) throw notFound(`Attempt ${attemptId} does not exist.`)
      const panel = await deps.judging.panel(found.challengeId)
      if (
        !panel ||
        !mayReadTakeChecks(
          viewer,
          found.lifterId,
          panel.organiserId,
          panel.judges.map((j) => j.userId),
        )
      )
        throw forbidden(TAKE_CHECKS_PRIVATE)
      const organiser = viewer === panel.organiserId
      return {
        attempt_id: attemptId,
        take_checks: found.takeChecks,
        ...(organiser ? { load_checks: found.loadChecks.map((c) => ({ judge: c.judge, load_matches: c.loadMatches })) } : {}),
      }
    },
  }
}
export type TakeChecksService = ReturnType<typeof createTakeChecksService>
