// GET /athletes?q= — athletes from the database, filtered by name, country or weight class.
import { apiGet } from '../../../lib/api-client.ts'
import type { Athlete } from '../../../lib/contract.ts'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { useServerQuery } from '../../../lib/server-query.ts'

const getAthletes = (q: string, signal?: AbortSignal) => apiGet<Athlete[]>(`/athletes${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal })

const athletesQuery = (q: string) => queryOptions({ queryKey: ['athletes', q] as const, queryFn: ({ signal }) => getAthletes(q, signal) })

/** A new search keeps the last results on show until its own arrive. */
export const useAthletes = (q: string) => useServerQuery({ ...athletesQuery(q), placeholderData: keepPreviousData })
