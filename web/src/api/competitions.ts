// GET /competitions: every challenge, with the list screens' error texts (SPEC §8); GET /competitions/open:
// the first open ones, for the home page.
import { useCallback, useEffect, useRef } from 'react'
import { ApiError, apiGet } from '../lib/api-client.ts'
import type { Competition, CompetitionListResponse, LiveEvent, OpenCompetitionsResponse } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'
import { useGlobalRoom } from './global-room.ts'

export const CHALLENGES_FAILED = 'Failed to load challenges. Please try again later.'
export const CHALLENGES_NETWORK = 'Network error: No response from server. Please check your connection.'
export const CHALLENGES_INVALID = 'Received invalid data from the server. Expected an array of challenges.'

export async function getCompetitions(signal?: AbortSignal): Promise<Competition[]> {
  const data = await apiGet<unknown>('/competitions', { signal })
  const list = (data as Partial<CompetitionListResponse> | undefined)?.competitions
  if (!Array.isArray(list)) throw new ApiError('invalid', 200, undefined)
  return list
}

export function challengesErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return CHALLENGES_FAILED
  if (error.kind === 'network') return CHALLENGES_NETWORK
  if (error.kind === 'invalid') return CHALLENGES_INVALID
  return `Error ${error.status}: ${error.serverMessage ?? error.statusText ?? CHALLENGES_FAILED}`
}

const RELOAD_DELAY_MS = 500

/** The list, kept current by the global room: new challenges appear, participant counts follow joins. */
export function useCompetitions() {
  const query = useQuery('competitions', getCompetitions)
  const { setData, reload } = query
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const apply = useCallback((event: LiveEvent) => {
    if (event.type === 'competition.created') {
      const { competition } = event.data
      setData((list) => (list && !list.some((c) => c.id === competition.id) ? [competition, ...list] : list))
    } else if (event.type === 'leaderboard.changed') {
      // Counts are not in the event: one reload covers a burst of joins.
      clearTimeout(timer.current)
      timer.current = setTimeout(() => void reload(), RELOAD_DELAY_MS)
    }
  }, [setData, reload])

  useGlobalRoom(query, apply)
  return query
}

export async function getOpenCompetitions(limit: number, signal?: AbortSignal): Promise<OpenCompetitionsResponse> {
  const data = await apiGet<Partial<OpenCompetitionsResponse> | undefined>(`/competitions/open?limit=${limit}`, { signal })
  if (!Array.isArray(data?.ongoing) || !Array.isArray(data.upcoming)) throw new ApiError('invalid', 200, undefined)
  return data as OpenCompetitionsResponse
}

