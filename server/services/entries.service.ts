// Entries' rules: who may join a challenge (while it has not ended, in one of its classes, at a
// bodyweight that fits; a judge only when the organiser allows judges to lift; in the category the
// account's sex says, docs/verified-results.md), leave it (before it starts, with no lift
// recorded) and change their bodyweight (until a lift of theirs is judged). The I/O and the
// announcements are infra/repositories/participants.repository.ts's.
import type { JoinCompetitionBody, Participant } from '../../contract/index.ts'
import type { CompetitionsRepository } from '../../infra/repositories/competitions.repository.ts'
import type { JudgingRepository } from '../../infra/repositories/judging.repository.ts'
import type { ParticipantRow, ParticipantsRepository } from '../../infra/repositories/participants.repository.ts'
import { scoringSettings, type ScoringRow } from '../../infra/scoring-view.ts'
import { conflict, notFound } from '../errors.ts'
import { joinSex } from './accounts.service.ts'
import { assertMayEnter } from './email-verification.service.ts'
import { LEAVE_REFUSED, assertBodyweight, assertCanJoin, assertCanLeave, normalizeGender } from './competitions.service.ts'
import { toParticipant } from './mappers.ts'

export const NOT_JOINED = 'You have not joined this challenge.'
const SEX_CHANGED = "Your account's sex was set by another of your joins a moment ago; please try again."
const JUDGE_CANNOT_LIFT = 'You judge this challenge, so you cannot lift in it unless the organiser allows judges to lift.'
const BODYWEIGHT_FIXED = 'Your bodyweight is fixed once one of your lifts has been judged.'

export interface EntriesDeps {
  competitions: Pick<CompetitionsRepository, 'find'>
  participants: Pick<ParticipantsRepository, 'join' | 'withEntryLocked'> & {
    findLifter(userId: number, competitionId: number): Promise<{ weightClass: string } | null>
  }
  judging: Pick<JudgingRepository, 'isJudge'>
  users: { find(userId: number): Promise<{ sex: string | null; emailVerifiedAt: Date | null } | null> }
  apiBase: string
  now?: () => Date
}

export function createEntriesService(deps: EntriesDeps) {
  const { competitions, participants, judging, users, apiBase } = deps
  const now = deps.now ?? (() => new Date())

  async function challenge(id: number) {
    const row = await competitions.find(id)
    if (!row) throw notFound(`Challenge ${id} does not exist.`)
    return row
  }
  const answerIn = (competition: ScoringRow) => {
    const settings = scoringSettings(competition)
    return (row: ParticipantRow): Participant => toParticipant(apiBase, row, settings)
  }

  return {
    /** `userId` joins the challenge the body names; answers the entry, the challenge's new count and the category it was recorded in. */
    async join(userId: number, body: Pick<JoinCompetitionBody, 'competition_id' | 'weight_class' | 'bodyweight' | 'gender'>) {
      const competitionId = Number(body.competition_id)
      const competition = await challenge(competitionId)
      assertCanJoin(competition, body.weight_class, body.bodyweight, now())
      // A judge of this challenge lifts in it only when the organiser allows it (and never judges their own attempts).
      if (!competition.judgesMayLift && await judging.isJudge(competitionId, userId)) throw conflict(JUDGE_CANNOT_LIFT)
      const account = await users.find(userId)
      // The organiser may accept only verified addresses (docs/accounts.md).
      assertMayEnter(competition, account)
      // The account's sex decides the entry's category (docs/verified-results.md); a first join sets it.
      const { sex: gender, setsAccount } = joinSex(account?.sex === 'M' || account?.sex === 'F' ? account.sex : null, body.gender, normalizeGender(competition.gender))
      const joined = await participants.join(
        { userId, competitionId, weightClass: body.weight_class, gender, bodyweight: body.bodyweight ?? null }, setsAccount, answerIn(competition),
      )
      if (!joined) throw conflict(SEX_CHANGED)
      return { ...joined, competitionId, gender }
    },

    /** `userId` leaves the challenge: only before it starts and while they have no lift recorded in it. */
    async leave(userId: number, competitionId: number): Promise<{ count: number }> {
      const competition = await challenge(competitionId)
      if (!await participants.findLifter(userId, competitionId)) throw notFound(NOT_JOINED)
      assertCanLeave(competition, now())
      const left = await participants.withEntryLocked({ userId, competitionId, answer: answerIn(competition), forRemoval: true }, async (entry) => {
        if (await entry.attempts() > 0) throw conflict(LEAVE_REFUSED.hasAttempts)
        return entry.remove()
      })
      if (!left) throw notFound(NOT_JOINED)
      return { count: left.count }
    },

    /** `userId`'s bodyweight in the challenge (within their class), until one of their lifts is judged: their points and places were decided at it. */
    async setBodyweight(userId: number, competitionId: number, bodyweight: number): Promise<Participant> {
      const competition = await challenge(competitionId)
      const lifter = await participants.findLifter(userId, competitionId)
      if (!lifter) throw notFound(NOT_JOINED)
      assertBodyweight(lifter.weightClass, bodyweight)
      const participant = await participants.withEntryLocked({ userId, competitionId, answer: answerIn(competition) }, async (entry) => {
        if (await entry.judgedAttempts() > 0) throw conflict(BODYWEIGHT_FIXED)
        return entry.setBodyweight(bodyweight)
      })
      if (!participant) throw notFound(NOT_JOINED)
      return participant
    },
  }
}

export type EntriesService = ReturnType<typeof createEntriesService>
