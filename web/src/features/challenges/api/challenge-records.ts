// GET /competitions/:id/records: the platform records set in this challenge (docs/records.md), each
// naming its attempt, so the page marks the attempts that set one. The challenge room's 'record.set'
// adds a new one as it is set (challenge-room.ts).
import { queryOptions } from '@tanstack/react-query'
import { queryKeys } from '../../../api/query-keys.ts'
import { apiGet } from '../../../lib/api-client.ts'
import type { RecordRow, RecordsResponse } from '../../../lib/contract.ts'
import { queryClient } from '../../../lib/query-client.ts'

export const challengeRecordsQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id), 'records'] as const,
    queryFn: ({ signal }) => apiGet<RecordsResponse>(`/competitions/${id}/records`, { signal }).then((answer) => answer.records),
  })

/** A record set live: shown at once (the same attempt and lift once; the first one starts the list). */
export function addChallengeRecord(id: number, record: RecordRow): void {
  queryClient.setQueryData<RecordRow[]>(challengeRecordsQuery(id).queryKey, (list) => {
    if (!list) return [record]
    const same = (r: RecordRow) =>
      r.attempt_id === record.attempt_id &&
      r.lift === record.lift &&
      r.division === record.division &&
      r.weight_class === record.weight_class
    return list.some(same) ? list : [...list, record]
  })
}
