// Every challenge with its participants: the leaderboard and top lifts are computed
// from these on the client (SPEC §7), one participants call per challenge.
import { useCallback, useEffect, useRef } from 'react'
import type { Competition, LiveEvent, Participant } from '../lib/contract.ts'
import { useQuery } from '../lib/use-query.ts'
import { useGlobalRoom } from './global-room.ts'
import { getCompetitions } from './competitions.ts'
import { getParticipants } from './participants.ts'

export interface AllParticipants {
  competitions: Competition[]
  participants: Record<number, Participant[]>
}

export async function getAllParticipants(signal?: AbortSignal): Promise<AllParticipants> {
  const competitions = await getCompetitions(signal)
  const lists = await Promise.all(competitions.map((c) => getParticipants(c.id, signal)))
  return {
    competitions,
    participants: Object.fromEntries(competitions.map((c, i) => [c.id, lists[i]!.participants])),
  }
}

const COALESCE_MS = 300

/**
 * All participants, kept current by the global room: each 'leaderboard.changed' refetches
 * that challenge's participants (several close together are fetched once).
 */
export function useAllParticipants() {
  const query = useQuery('all-participants', getAllParticipants)
  const { setData, reload } = query
  const latest = useRef(query.data)
  latest.current = query.data
  const pending = useRef(new Set<number>())
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const flush = useCallback(async () => {
    const ids = [...pending.current]
    pending.current.clear()
    const lists = await Promise.all(ids.map((id) => getParticipants(id).catch(() => null)))
    setData((state) => {
      if (!state) return state
      const participants = { ...state.participants }
      ids.forEach((id, i) => {
        const list = lists[i]
        if (list) participants[id] = list.participants
      })
      return { ...state, participants }
    })
  }, [setData])

  const apply = useCallback((event: LiveEvent) => {
    if (event.type === 'competition.created') {
      const { competition } = event.data
      setData((state) => state && !state.competitions.some((c) => c.id === competition.id)
        ? { competitions: [competition, ...state.competitions], participants: { ...state.participants, [competition.id]: [] } }
        : state)
      return
    }
    if (event.type !== 'leaderboard.changed') return
    const id = event.data.competition_id
    // A challenge created after the snapshot: fetch the whole list again.
    if (latest.current && !latest.current.competitions.some((c) => c.id === id)) return void reload()
    pending.current.add(id)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void flush(), COALESCE_MS)
  }, [setData, reload, flush])

  useGlobalRoom(query, apply)
  return query
}
