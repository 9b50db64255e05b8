// Entries' rules: who may join a challenge (while it has not ended, in one of its classes, at a
// bodyweight that fits; a judge only when the organiser allows judges to lift; in the category the
// account's sex says, docs/verified-results.md), leave it (before it starts, with no lift
// recorded) and change their bodyweight (until a lift of theirs is judged). The I/O and the
// announcements are infra/repositories/participants.repository.ts's.
import {
  bodyweightProblem,
  challengeStatus,
  entryBodyweightProblem,
  entryClassProblem,
  entryEquipment,
  lifterDivisions,
  meetAgeProblem,
  teamName,
  type ClassSet,
  type Division,
  type JoinChallengeBody,
  type Participant,
  type Sex,
} from '../../contract/index.ts'
import type { ChallengesRepository } from '../../infra/repositories/challenges.repository.ts'
import type { JudgingRepository } from '../../infra/repositories/judging.repository.ts'
import type { ParticipantRow, ParticipantsRepository } from '../../infra/repositories/participants.repository.ts'
import { scoringSettings, type ScoringRow } from '../../infra/scoring-view.ts'
import { badRequest, conflict, notFound } from '../errors.ts'
import { joinSex } from './accounts.service.ts'
import { assertMayEnter } from './email-verification.service.ts'
import { normalizeGender } from './challenges.service.ts'
import { birthDateText, classSetOf, equipmentOfferOf, toParticipant } from './mappers.ts'

export const NOT_JOINED = 'You have not joined this challenge.'
const SEX_CHANGED = "Your account's sex was set by another of your joins a moment ago; please try again."
const JUDGE_CANNOT_LIFT = 'You judge this challenge, so you cannot lift in it unless the organiser allows judges to lift.'
const BODYWEIGHT_FIXED = 'Your bodyweight is fixed once one of your lifts has been judged.'
const BODYWEIGHT_WEIGHED = 'Your bodyweight was recorded at the weigh-in: it is the official one and stays.'

/** Who enters, as the class set reads them: the challenge's set, the lifter's sex and divisions (docs/categories.md). */
export interface EntryCategory {
  classSet: ClassSet
  sex: Sex
  divisions: readonly Division[]
}

/**
 * Whether a lifter may join this challenge in this class (at this bodyweight, when given); throws the
 * answer when not. With `category`, the class must be in the set for the lifter's sex and divisions.
 */
export function assertCanJoin(
  challenge: { startDate: Date; endDate: Date; weightClasses: string[]; registrationDeadline?: Date | null },
  weightClass: string,
  bodyweight?: number,
  now = new Date(),
  category?: EntryCategory,
): void {
  if (challengeStatus(challenge.startDate, challenge.endDate, now) === 'completed') throw conflict('This challenge has ended')
  // The organiser's registration deadline (docs/product/states.md: joining is open until registration closes).
  if (challenge.registrationDeadline && now > challenge.registrationDeadline) {
    throw conflict(
      `Registration for this challenge closed on ${challenge.registrationDeadline.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    )
  }
  const classProblem = category ? entryClassProblem(category.classSet, category.sex, weightClass, category.divisions) : null
  if (classProblem) throw badRequest(`weight_class: ${classProblem}`)
  if (challenge.weightClasses.length > 0 && !challenge.weightClasses.includes(weightClass)) {
    throw badRequest(`weight_class must be one of this challenge's classes: ${challenge.weightClasses.join(', ')}.`)
  }
  if (bodyweight !== undefined) assertBodyweight(weightClass, bodyweight, category)
}

/** A bodyweight must be a person's and fit the class's band (a 95 kg lifter is not in the 83kg class), as the class set draws it. */
export function assertBodyweight(weightClass: string, bodyweight: number, category?: EntryCategory): void {
  const problem = category
    ? entryBodyweightProblem(category.classSet, category.sex, weightClass, bodyweight, category.divisions)
    : bodyweightProblem(weightClass, bodyweight)
  if (problem) throw badRequest(problem)
}

/** Why a lifter may not leave: the sentences the leave route answers (409). */
export const LEAVE_REFUSED = {
  started: 'This challenge has already started, so you can no longer leave it.',
  hasAttempts: 'You have lifts recorded in this challenge, so you can no longer leave it.',
} as const

/** A lifter may leave only before the challenge starts (places and the judges' queue are settled from then on); throws the answer when not. */
export function assertCanLeave(challenge: { startDate: Date; endDate: Date }, now = new Date()): void {
  if (challengeStatus(challenge.startDate, challenge.endDate, now) !== 'upcoming') throw conflict(LEAVE_REFUSED.started)
}

export interface EntriesDeps {
  challenges: Pick<ChallengesRepository, 'find'>
  participants: Pick<ParticipantsRepository, 'join' | 'withEntryLocked'> & {
    findLifter(
      userId: number,
      challengeId: number,
    ): Promise<{ weightClass: string; gender?: string; weighedInAt?: Date | null; user?: { birthDate: Date | null } } | null>
  }
  judging: Pick<JudgingRepository, 'isJudge'>
  users: { find(userId: number): Promise<{ sex: string | null; birthDate?: Date | null; emailVerifiedAt: Date | null } | null> }
  apiBase: string
  now?: () => Date
}

export function createEntriesService(deps: EntriesDeps) {
  const { challenges, participants, judging, users, apiBase } = deps
  const now = deps.now ?? (() => new Date())

  async function challenge(id: number) {
    const row = await challenges.find(id)
    if (!row) throw notFound(`Challenge ${id} does not exist.`)
    return row
  }
  const answerIn = (challengeData: ScoringRow & { startDate: Date }) => {
    const settings = scoringSettings(challengeData)
    return (row: ParticipantRow): Participant => toParticipant(apiBase, row, settings, challengeData.startDate)
  }
  type ChallengeRow = Awaited<ReturnType<typeof challenge>>
  /** The class set's view of a lifter in a challenge: its set, their sex and divisions at its start (docs/categories.md). */
  const categoryOf = (challengeData: ChallengeRow, sex: string, birthDate: Date | null | undefined): EntryCategory => ({
    classSet: classSetOf(challengeData.classSet ?? 'spec'),
    sex: normalizeGender(sex),
    divisions: lifterDivisions(scoringSettings(challengeData).total_lifts, birthDateText(birthDate), challengeData.startDate),
  })

  return {
    /** `userId` joins the challenge the body names; answers the entry, the challenge's new count and the category it was recorded in. */
    async join(
      userId: number,
      body: Pick<JoinChallengeBody, 'competition_id' | 'weight_class' | 'bodyweight' | 'gender' | 'team' | 'equipment'>,
    ) {
      const challengeId = Number(body.competition_id)
      const challengeData = await challenge(challengeId)
      const account = await users.find(userId)
      // The organiser may accept only verified addresses (docs/accounts.md).
      assertMayEnter(challengeData, account)
      // The account's sex decides the entry's category (docs/verified-results.md); a first join sets it.
      const { sex: gender, setsAccount } = joinSex(
        account?.sex === 'M' || account?.sex === 'F' ? account.sex : null,
        body.gender,
        normalizeGender(challengeData.gender),
      )
      // The class must be the set's for the lifter's sex (and divisions, for the young's classes); nobody under 14 on the day lifts.
      const birthDate = birthDateText(account?.birthDate)
      const ageProblem = birthDate ? meetAgeProblem(birthDate, challengeData.startDate) : null
      if (ageProblem) throw badRequest(ageProblem)
      assertCanJoin(challengeData, body.weight_class, body.bodyweight, now(), categoryOf(challengeData, gender, account?.birthDate))
      const entered = entryEquipment(
        scoringSettings(challengeData).total_lifts,
        equipmentOfferOf(challengeData) ?? 'classic',
        body.equipment,
      )
      if ('problem' in entered) throw badRequest(entered.problem)
      // A judge of this challenge lifts in it only when the organiser allows it (and never judges their own attempts).
      if (!challengeData.judgesMayLift && (await judging.isJudge(challengeId, userId))) throw conflict(JUDGE_CANNOT_LIFT)
      const joined = await participants.join(
        {
          userId,
          challengeId,
          weightClass: body.weight_class,
          gender,
          bodyweight: body.bodyweight ?? null,
          team: teamName(body.team),
          equipment: entered.equipment,
        },
        setsAccount,
        answerIn(challengeData),
      )
      if (!joined) throw conflict(SEX_CHANGED)
      return { ...joined, challengeId, gender }
    },

    /** `userId` leaves the challenge: only before it starts and while they have no lift recorded in it. */
    async leave(userId: number, challengeId: number): Promise<{ count: number }> {
      const challengeData = await challenge(challengeId)
      if (!(await participants.findLifter(userId, challengeId))) throw notFound(NOT_JOINED)
      assertCanLeave(challengeData, now())
      const left = await participants.withEntryLocked(
        { userId, challengeId, answer: answerIn(challengeData), forRemoval: true },
        async (entry) => {
          if ((await entry.attempts()) > 0) throw conflict(LEAVE_REFUSED.hasAttempts)
          return entry.remove()
        },
      )
      if (!left) throw notFound(NOT_JOINED)
      return { count: left.count }
    },

    /** `userId`'s bodyweight in the challenge (within their class), until one of their lifts is judged: their points and places were decided at it. */
    async setBodyweight(userId: number, challengeId: number, bodyweight: number): Promise<Participant> {
      const challengeData = await challenge(challengeId)
      const lifter = await participants.findLifter(userId, challengeId)
      if (!lifter) throw notFound(NOT_JOINED)
      if (lifter.weighedInAt) throw conflict(BODYWEIGHT_WEIGHED)
      assertBodyweight(
        lifter.weightClass,
        bodyweight,
        categoryOf(challengeData, lifter.gender ?? challengeData.gender, lifter.user?.birthDate),
      )
      const participant = await participants.withEntryLocked({ userId, challengeId, answer: answerIn(challengeData) }, async (entry) => {
        if ((await entry.judgedAttempts()) > 0) throw conflict(BODYWEIGHT_FIXED)
        return entry.setBodyweight(bodyweight)
      })
      if (!participant) throw notFound(NOT_JOINED)
      return participant
    },
  }
}

export type EntriesService = ReturnType<typeof createEntriesService>
