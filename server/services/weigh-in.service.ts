// A meet's weigh-in (docs/categories.md, "The weigh-in"): the organiser records each lifter's bodyweight
// as the scale read it, inside the window set at creation; it becomes official (points use it) and
// moves the lifter to the class it belongs in when it does not fit the one entered, never silently
// (the answer, the entry and its live event say so). One weigh-in per lifter. The write and its
// announcement are infra/repositories/participants.repository.ts's.
import {
  bodyweightProblem,
  classFor,
  entryBodyweightProblem,
  lifterDivisions,
  movedMessage,
  type WeighInBody,
  type WeighInResponse,
} from '../../contract/index.ts'
import type { ChallengesRepository } from '../../infra/repositories/challenges.repository.ts'
import type { ParticipantsRepository } from '../../infra/repositories/participants.repository.ts'
import { Refusal } from '../../infra/refusal.ts'
import { scoringSettings } from '../../infra/scoring-view.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'
import { normalizeGender } from './challenges.service.ts'
import { birthDateText, classSetOf, toParticipant } from './mappers.ts'

export const NOT_ORGANISER = 'Only the organiser of this challenge records weigh-ins.'
export const SELF_WEIGH_IN = "You cannot record your own weigh-in: a weigh-in is someone else's reading of the scale."
export const NO_WEIGH_IN = 'This challenge has no weigh-in: its lifters declare their own bodyweight.'

const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/** Why a weigh-in cannot be recorded now (one sentence), or null: inside the window only. */
export function windowProblem(window: { opens: Date | null; closes: Date | null }, now: Date): string | null {
  if (!window.opens || !window.closes) return NO_WEIGH_IN
  if (now < window.opens || now > window.closes)
    return `The weigh-in runs from ${utc(window.opens)} to ${utc(window.closes)}: a weigh-in outside it is refused.`
  return null
}

/** Why a lifter may not lift yet in a challenge with a weigh-in (one sentence), or null. */
export function liftBeforeWeighInProblem(
  challenge: { weighInOpensAt: Date | null; weighInClosesAt: Date | null },
  lifter: { weighedInAt: Date | null },
): string | null {
  if (!challenge.weighInOpensAt || !challenge.weighInClosesAt || lifter.weighedInAt) return null
  return `This meet weighs lifters in before they lift: the organiser records your bodyweight between ${utc(challenge.weighInOpensAt)} and ${utc(challenge.weighInClosesAt)}; no attempt is taken before.`
}

export interface WeighInDeps {
  challenges: Pick<ChallengesRepository, 'find'>
  participants: Pick<ParticipantsRepository, 'recordWeighIn'>
  apiBase: string
  now?: () => Date
}

export function createWeighInService(deps: WeighInDeps) {
  const now = deps.now ?? (() => new Date())
  return {
    /** `organiserId` records the weigh-in `body` names in their challenge. */
    async record(organiserId: number, challengeId: number, body: WeighInBody): Promise<WeighInResponse> {
      const challenge = await deps.challenges.find(challengeId)
      if (!challenge) throw notFound(`Challenge ${challengeId} does not exist.`)
      if (challenge.createdById !== organiserId) throw forbidden(NOT_ORGANISER)
      // A weigh-in is someone else's reading of the scale: an organiser who enters their own meet cannot record theirs.
      if (body.user_id === organiserId) throw forbidden(SELF_WEIGH_IN)
      const at = now()
      const problem = windowProblem({ opens: challenge.weighInOpensAt, closes: challenge.weighInClosesAt }, at)
      if (problem) throw conflict(problem)
      const range = bodyweightProblem('', body.bodyweight, null)
      if (range) throw badRequest(range)
      const settings = scoringSettings(challenge)
      const set = classSetOf(challenge.classSet)
      const recorded = await deps.participants.recordWeighIn(
        {
          userId: body.user_id,
          challengeId,
          bodyweight: body.bodyweight,
          at,
          answer: (row) => toParticipant(deps.apiBase, row, settings, challenge.startDate),
        },
        (entry) => {
          if (entry.weighedInAt)
            throw new Refusal('conflict', `This lifter weighed in already (${utc(entry.weighedInAt)}): a weigh-in is recorded once.`)
          const sex = normalizeGender(entry.gender)
          const divisions = lifterDivisions(settings.total_lifts, birthDateText(entry.birthDate), challenge.startDate)
          if (entryBodyweightProblem(set, sex, entry.weightClass, body.bodyweight, divisions) === null) return entry.weightClass
          // The youngest division first: a junior woman of 42 kg belongs in the IPF's 43 kg class.
          return classFor(set, sex, body.bodyweight, divisions[0]) ?? entry.weightClass
        },
      )
      if (!recorded) throw notFound('This lifter has not joined this challenge.')
      const { participant, movedFrom } = recorded
      return {
        message: movedFrom
          ? movedMessage(body.bodyweight, movedFrom, participant.weight_class)
          : `Weighed in at ${body.bodyweight} kg in the ${participant.weight_class} class.`,
        moved_from: movedFrom,
        weight_class: participant.weight_class,
        bodyweight: body.bodyweight,
        user_id: body.user_id,
      }
    },
  }
}

export type WeighInService = ReturnType<typeof createWeighInService>
