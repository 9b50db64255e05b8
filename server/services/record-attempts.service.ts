// Record attempts (docs/records.md, "Record attempts"): marks the attempts of a meet that wait to be taken
// or judged and would break a current platform record, in the answers that show them (the cards and their
// lifting order, the judges' queue), and tells the meet rules which record a 4th attempt must beat. The
// rule is contract/record-attempts.ts's; the reads are record-attempts.repository.ts's.
import {
  challengeLifts,
  liftRecordToBeat,
  recordAttemptOf,
  type CurrentRecords,
  type MeetCardsResponse,
  type RecordAttempt,
  type RecordAttemptEntry,
} from '../../contract/index.ts'
import type { RecordAttemptsContext, RecordAttemptsRepository } from '../../infra/repositories/record-attempts.repository.ts'
import { listedLiftTypes } from '../../infra/scoring-view.ts'

type Repo = Pick<RecordAttemptsRepository, 'challenge' | 'entries' | 'current'>

/** One entry as the records read it. */
export function recordAttemptEntry(
  challenge: RecordAttemptsContext['challenge'],
  e: RecordAttemptsContext['entries'][number],
): RecordAttemptEntry {
  return {
    gender: e.gender,
    weightClass: e.weightClass,
    bodyweight: e.bodyweight,
    classSet: challenge.classSet,
    birthDate: e.birthDate,
    equipment: e.equipment,
    meetDate: challenge.startDate,
    lifts: challengeLifts(listedLiftTypes(challenge)),
    attempts: e.attempts,
  }
}

/** The marks of one meet: which record an attempt of a lifter would break (null: none, or not a meet). */
export interface MeetMarks {
  of(userId: number, lift: string, attemptNumber: number, weight: number): RecordAttempt
  /** The lightest record of the lift among the lifter's categories; null when they hold none (or not in the meet). */
  toBeat(userId: number, lift: string): number | null
}

const NONE: MeetMarks = { of: () => null, toBeat: () => null }

export function createRecordAttemptsService(deps: { recordAttempts: Repo }) {
  const { recordAttempts: repo } = deps

  async function marksOf(challengeId: number, userIds?: readonly number[]): Promise<MeetMarks> {
    // Cheapest first: a challenge that is no meet, or a class set without records, marks nothing.
    const challenge = await repo.challenge(challengeId)
    if (!challenge || challenge.format !== 'meet') return NONE
    const current: CurrentRecords = await repo.current(challenge.classSet, ['M', 'F'])
    if (current.size === 0) return NONE
    const context = await repo.entries(challenge, userIds)
    const entries = new Map(context.entries.map((e) => [e.userId, recordAttemptEntry(context.challenge, e)]))
    return {
      of: (userId, lift, attemptNumber, weight) => {
        const entry = entries.get(userId)
        return entry ? recordAttemptOf(entry, lift, attemptNumber, weight, current) : null
      },
      toBeat: (userId, lift) => {
        const entry = entries.get(userId)
        return entry ? liftRecordToBeat(entry, lift, current) : null
      },
    }
  }

  return {
    marksOf,

    /** The lightest current record of the lift among the lifter's categories in this meet (what a 4th attempt must beat), or null. */
    async toBeat(challengeId: number, userId: number, lift: string): Promise<number | null> {
      return (await marksOf(challengeId, [userId])).toBeat(userId, lift)
    },

    /** A meet's cards with every declared or pending cell, and its lifting order, marked (record_attempt). */
    async markCards(answer: MeetCardsResponse): Promise<MeetCardsResponse> {
      const marks = await marksOf(answer.competition_id)
      return {
        ...answer,
        cards: answer.cards.map((card) => ({
          ...card,
          lifts: card.lifts.map((l) => ({
            ...l,
            cells: l.cells.map((cell) => ({
              ...cell,
              record_attempt:
                (cell.state === 'declared' || cell.state === 'pending') && cell.weight !== null
                  ? marks.of(card.user_id, l.lift_type, cell.attempt_number, cell.weight)
                  : null,
            })),
          })),
        })),
        next_up: answer.next_up.map((up) => ({ ...up, record_attempt: marks.of(up.user_id, up.lift_type, up.attempt_number, up.weight) })),
      }
    },

    /** The judges' queue with each meet attempt marked (record_attempt); other attempts carry null. */
    async markQueue<T extends { competition_id: number; user_id: number; lift_type: string; attempt_number: number; weight: number }>(
      attempts: readonly T[],
    ): Promise<(T & { record_attempt: RecordAttempt })[]> {
      const byMeet = new Map<number, MeetMarks>()
      for (const id of new Set(attempts.map((a) => a.competition_id))) {
        byMeet.set(id, await marksOf(id, [...new Set(attempts.filter((a) => a.competition_id === id).map((a) => a.user_id))]))
      }
      return attempts.map((a) => ({
        ...a,
        record_attempt: byMeet.get(a.competition_id)!.of(a.user_id, a.lift_type, a.attempt_number, a.weight),
      }))
    },
  }
}

export type RecordAttemptsService = ReturnType<typeof createRecordAttemptsService>
