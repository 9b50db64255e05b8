// Platform records (docs/records.md): GET /records (the current record of each category and lift,
// filtered) and GET /records/history (one category's, newest first). A record set anywhere
// refetches what is on show (global-room.ts, 'record.set').
import { queryOptions } from '@tanstack/react-query'
import { useGlobalRoom } from '../../../api/global-room.ts'
import { queryKeys } from '../../../api/query-keys.ts'
import { apiGet } from '../../../lib/api-client.ts'
import { DIVISION_NAMES, type RecordRow, type RecordsResponse } from '../../../lib/contract.ts'
import { useServerQuery } from '../../../lib/server-query.ts'

export interface RecordsFilter {
  sport: 'powerlifting' | 'weightlifting' | ''
  sex: 'M' | 'F' | ''
  division: string
  equipment: string
  lift: string
}

/** The query string of a filter (empty filters left out), in a fixed order so equal filters share a key. */
export function recordsQueryString(f: RecordsFilter): string {
  const params = new URLSearchParams()
  for (const [key, value] of [
    ['sport', f.sport],
    ['sex', f.sex],
    ['division', f.division],
    ['equipment', f.equipment],
    ['lift', f.lift],
  ] as const) {
    if (value) params.set(key, value)
  }
  return params.toString()
}

/** The query naming one record's category and lift: its history. */
export const historyQueryString = (r: RecordRow) =>
  new URLSearchParams({
    sport: r.sport,
    sex: r.sex,
    class_set: r.class_set,
    weight_class: r.weight_class,
    division: r.division,
    equipment: r.equipment,
    lift: r.lift,
  }).toString()

export function useRecords(filter: RecordsFilter) {
  const query = recordsQueryString(filter)
  const records = useServerQuery(
    queryOptions({
      queryKey: [...queryKeys.records, 'current', query] as const,
      queryFn: ({ signal }) => apiGet<RecordsResponse>(`/records${query ? `?${query}` : ''}`, { signal }),
    }),
  )
  useGlobalRoom(records.data !== undefined, records.reload)
  return records
}

export function useRecordHistory(record: RecordRow) {
  const query = historyQueryString(record)
  return useServerQuery(
    queryOptions({
      queryKey: [...queryKeys.records, 'history', query] as const,
      queryFn: ({ signal }) => apiGet<RecordsResponse>(`/records/history?${query}`, { signal }),
    }),
  )
}

const LIFTS: Record<string, string> = {
  squat: 'Squat',
  bench: 'Bench press',
  deadlift: 'Deadlift',
  snatch: 'Snatch',
  clean_and_jerk: 'Clean & jerk',
  total: 'Total',
}
export const recordLiftName = (lift: string) => LIFTS[lift] ?? lift
const SET_NAMES: Record<string, string> = { spec: 'LiftArena', ipf: 'IPF', iwf: 'IWF' }

/** A record's category in words: "Men 83kg (LiftArena) · Open · Classic". */
export function recordCategory(r: RecordRow): string {
  const names: Partial<Record<string, string>> = DIVISION_NAMES[r.sport]
  const parts = [
    `${r.sex === 'F' ? 'Women' : 'Men'} ${r.weight_class} (${SET_NAMES[r.class_set] ?? r.class_set})`,
    names[r.division] ?? r.division,
  ]
  if (r.equipment !== 'none') parts.push(r.equipment === 'equipped' ? 'Equipped' : 'Classic')
  return parts.join(' · ')
}

/** Where a record's attempt can be watched. */
export const recordVideoPath = (r: RecordRow) => `/challenges/${r.competition_id}/participants/${r.user_id}/video/${r.attempt_id}`
