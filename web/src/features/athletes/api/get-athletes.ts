// GET /athletes?q= — athletes from the database, filtered by name, country or weight class.
import { apiGet } from '../../../lib/api-client.ts'
import type { Athlete } from '../../../lib/contract.ts'
import { useQuery } from '../../../lib/use-query.ts'

export const getAthletes = (q: string, signal?: AbortSignal) =>
  apiGet<Athlete[]>(`/athletes${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal })

export const useAthletes = (q: string) => useQuery(`athletes:${q}`, (signal) => getAthletes(q, signal))
