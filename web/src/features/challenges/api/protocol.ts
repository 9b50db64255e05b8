// The printed protocol of an ended challenge (/challenges/:id/results): its results document
// (GET /competitions/:id/results.csv?format=json), the records set, the team standings and the panel.
// The grouping is decided here: one group per sex and class, lightest class first, lifters by place.
import { queryOptions } from '@tanstack/react-query'
import { queryKeys } from '../../../api/query-keys.ts'
import { apiGet } from '../../../lib/api-client.ts'
import { classOrder, type ResultsDocument } from '../../../lib/contract.ts'

export const protocolQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id), 'results'] as const,
    queryFn: ({ signal }) => apiGet<ResultsDocument>(`/competitions/${id}/results.csv?format=json`, { signal }),
  })

export type ProtocolLifter = ResultsDocument['lifters'][number]

export interface ProtocolGroup {
  key: string
  title: string
  lifters: ProtocolLifter[]
}

/** One group per sex (women first, as meets run them) and class, lightest first; each by place, lifters without one last. */
export function protocolGroups(doc: ResultsDocument): ProtocolGroup[] {
  const groups = new Map<string, ProtocolGroup & { sex: string; weightClass: string }>()
  for (const lifter of doc.lifters) {
    const sex = /^f/i.test(lifter.sex) ? 'F' : 'M'
    const key = `${sex}|${lifter.weight_class}`
    const group = groups.get(key) ?? {
      key,
      sex,
      weightClass: lifter.weight_class,
      title: `${sex === 'F' ? 'Women' : 'Men'} ${lifter.weight_class}`,
      lifters: [],
    }
    group.lifters.push(lifter)
    groups.set(key, group)
  }
  return [...groups.values()]
    .sort((a, b) => (a.sex === b.sex ? 0 : a.sex === 'F' ? -1 : 1) || classOrder(a.weightClass, b.weightClass))
    .map(({ key, title, lifters }) => ({
      key,
      title,
      lifters: [...lifters].sort((a, b) => (a.place ?? Infinity) - (b.place ?? Infinity) || a.name.localeCompare(b.name)),
    }))
}

/** A lifter's attempts of one lift in attempt order, as the protocol prints them: a no lift struck, one never taken '—'. */
export function attemptCells(lifter: ProtocolLifter, lift: string, count = 3): { weight: number | null; result: string | null }[] {
  const own = lifter.attempts.filter((a) => a.lift === lift).sort((a, b) => a.attempt_number - b.attempt_number)
  const cells: { weight: number | null; result: string | null }[] = own.map((a) => ({ weight: a.weight, result: a.result }))
  while (cells.length < count) cells.push({ weight: null, result: null })
  return cells
}
