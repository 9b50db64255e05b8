// Platform records' reads (docs/records.md): the filters a records page may ask with, and which
// fields name one category's history. The rows are kept by the decisions themselves
// (infra/repositories/records-refresh.ts, rules in contract/records.ts).
import {
  DIVISIONS,
  RECORD_SPORT_LIFTS,
  type DivisionSport,
  type PlatformRecordLift,
  type RecordRow,
  type RecordsQuery,
} from '../../contract/index.ts'
import type { RecordFilter, RecordsRepository } from '../../infra/repositories/records.repository.ts'
import { badRequest, notFound } from '../errors.ts'

const filterOf = (q: RecordsQuery): RecordFilter => ({
  sport: q.sport,
  sex: q.sex,
  classSet: q.class_set,
  weightClass: q.weight_class?.trim() || undefined,
  division: q.division,
  equipment: q.equipment,
  lift: q.lift,
})

/** Why a filter can match no record of its sport (one sentence naming what it may be), or null. */
export function recordsQueryProblem(q: RecordsQuery): string | null {
  const sport: DivisionSport | undefined = q.sport
  if (!sport) return null
  const divisions: readonly string[] = DIVISIONS[sport]
  if (q.division !== undefined && !divisions.includes(q.division)) return `division must be one of ${divisions.join(', ')} for ${sport}.`
  const lifts: readonly string[] = [...RECORD_SPORT_LIFTS[sport], 'total']
  if (q.lift !== undefined && !lifts.includes(q.lift)) return `lift must be one of ${lifts.join(', ')} for ${sport}.`
  if (q.equipment !== undefined && (q.equipment === 'none') !== (sport === 'weightlifting')) {
    return sport === 'weightlifting' ? 'equipment is none for weightlifting.' : 'equipment must be classic or equipped for powerlifting.'
  }
  return null
}

const HISTORY_FIELDS = ['sport', 'sex', 'class_set', 'weight_class', 'division', 'equipment', 'lift'] as const

export function createRecordsService(deps: { records: Pick<RecordsRepository, 'current' | 'history' | 'ofChallenge'> }) {
  return {
    /** The current record of every category and lift the query matches. */
    async current(q: RecordsQuery): Promise<RecordRow[]> {
      const problem = recordsQueryProblem(q)
      if (problem) throw badRequest(problem)
      return deps.records.current(filterOf(q))
    },
    /** One category's record history of one lift, newest first: every field names it. */
    async history(q: RecordsQuery): Promise<RecordRow[]> {
      const missing = HISTORY_FIELDS.filter((f) => q[f] === undefined || q[f] === '')
      if (missing.length > 0) throw badRequest(`A record's history is of one category and lift: give ${missing.join(', ')} too.`)
      const problem = recordsQueryProblem(q)
      if (problem) throw badRequest(problem)
      return deps.records.history(filterOf(q) as Required<RecordFilter> & { lift: PlatformRecordLift })
    },
    /** The records set in a challenge, in the order they were set. */
    async ofChallenge(challengeId: number): Promise<RecordRow[]> {
      const rows = await deps.records.ofChallenge(challengeId)
      if (!rows) throw notFound(`Challenge ${challengeId} does not exist.`)
      return rows
    },
  }
}

export type RecordsService = ReturnType<typeof createRecordsService>
