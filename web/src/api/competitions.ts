// GET /competitions: every challenge, with the list screens' error texts (SPEC §8).
import { ApiError, apiGet } from '../lib/api-client.ts'
import type { Competition } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'

export const CHALLENGES_FAILED = 'Failed to load challenges. Please try again later.'
export const CHALLENGES_NETWORK = 'Network error: No response from server. Please check your connection.'
export const CHALLENGES_INVALID = 'Received invalid data from the server. Expected an array of challenges.'

export async function getCompetitions(signal?: AbortSignal): Promise<Competition[]> {
  const data = await apiGet<unknown>('/competitions', { signal })
  if (!Array.isArray(data)) throw new ApiError('invalid', 200, undefined)
  return data as Competition[]
}

export function challengesErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return CHALLENGES_FAILED
  if (error.kind === 'network') return CHALLENGES_NETWORK
  if (error.kind === 'invalid') return CHALLENGES_INVALID
  return `Error ${error.status}: ${error.serverMessage ?? error.statusText ?? CHALLENGES_FAILED}`
}

export const useCompetitions = () => useQuery('competitions', getCompetitions)
