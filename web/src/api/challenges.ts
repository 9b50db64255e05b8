// GET /competitions: every challenge, with the list screens' error texts (docs/product/messages.md); GET /competitions/open:
// the first open ones, for the home page.
import { queryOptions } from '@tanstack/react-query'
import { ApiError, apiGet } from '../lib/api-client.ts'
import type { Challenge, ChallengeListResponse, OpenChallengesResponse } from '../lib/contract.ts'
import { useServerQuery } from '../lib/server-query.ts'
import { useGlobalRoom } from './global-room.ts'
import { queryKeys } from './query-keys.ts'

const CHALLENGES_FAILED = 'Failed to load challenges. Please try again later.'
const CHALLENGES_NETWORK = 'Network error: No response from server. Please check your connection.'
const CHALLENGES_INVALID = 'Received invalid data from the server. Expected an array of challenges.'

export async function getChallenges(signal?: AbortSignal): Promise<Challenge[]> {
  const data = await apiGet<unknown>('/competitions', { signal })
  const list = (data as Partial<ChallengeListResponse> | undefined)?.competitions
  if (!Array.isArray(list)) throw new ApiError('invalid', 200, undefined)
  return list
}

export function challengesErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return CHALLENGES_FAILED
  if (error.kind === 'network') return CHALLENGES_NETWORK
  if (error.kind === 'invalid') return CHALLENGES_INVALID
  return `Error ${error.status}: ${error.serverMessage ?? error.statusText ?? CHALLENGES_FAILED}`
}

const challengesQuery = () => queryOptions({ queryKey: queryKeys.challenges, queryFn: ({ signal }) => getChallenges(signal) })

/** The list, kept current by the global room (global-room.ts): new challenges appear, participant counts follow joins. */
export function useChallenges() {
  const query = useServerQuery(challengesQuery())
  useGlobalRoom(query.data !== undefined, query.reload)
  return query
}

export async function getOpenChallenges(limit: number, signal?: AbortSignal): Promise<OpenChallengesResponse> {
  const data = await apiGet<Partial<OpenChallengesResponse> | undefined>(`/competitions/open?limit=${limit}`, { signal })
  if (!Array.isArray(data?.ongoing) || !Array.isArray(data.upcoming)) throw new ApiError('invalid', 200, undefined)
  return data as OpenChallengesResponse
}
