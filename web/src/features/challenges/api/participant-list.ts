// The challenge's whole participant list (the page behind "And N more participants..."): the ranked
// list a page at a time, optionally only the lifters whose name holds a search (GET
// /competitions/:id/participants?q=, searched by the server in its cached ranked list, so places
// stay the board's). Pages are appended; a new search starts again from the first page.
import { useCallback, useEffect, useRef, useState } from 'react'
import { apiGet } from '../../../lib/api-client.ts'
import type { Participant, ParticipantPageResponse } from '../../../lib/contract.ts'

/** Lifters per page as the list scrolls. */
export const PARTICIPANT_PAGE_SIZE = 50

interface ParticipantPageRequest {
  /** Part of a name; empty lists everyone. */
  q?: string
  cursor?: string
  limit?: number
}

function getParticipantPage(id: number, { q = '', cursor, limit = PARTICIPANT_PAGE_SIZE }: ParticipantPageRequest, signal?: AbortSignal) {
  const params = new URLSearchParams({ limit: String(limit) })
  if (q.trim()) params.set('q', q.trim())
  if (cursor) params.set('cursor', cursor)
  return apiGet<ParticipantPageResponse>(`/competitions/${id}/participants?${params}`, { signal })
}

interface ParticipantList {
  rows: Participant[]
  /** The search `rows` answer (they stay while the next search loads). */
  rowsFor: string
  /** There are more after `rows`. */
  hasMore: boolean
  /** The first page of this search has arrived. */
  ready: boolean
  loading: boolean
  error: unknown
  /** Appends the next `limit` lifters (the page size unless told). */
  loadMore: (limit?: number) => Promise<void>
  /** Loads this search again from its first page (after a failure). */
  reload: () => void
}

interface State {
  rows: Participant[]
  rowsFor: string
  next: string | undefined
  ready: boolean
  loading: boolean
  error: unknown
}

const FIRST_LOAD: State = { rows: [], rowsFor: '', next: undefined, ready: false, loading: true, error: undefined }

export function useParticipantList(id: number | null, search: string): ParticipantList {
  const [state, setState] = useState<State>(FIRST_LOAD)
  const [round, setRound] = useState(0)
  // The state as last set, for loadMore to continue from without waiting for a render.
  const current = useRef(state)
  // Bumped by each new search: answers for an older one are dropped.
  const generation = useRef(0)
  const update = useCallback((next: State) => {
    current.current = next
    setState(next)
  }, [])

  useEffect(() => {
    if (!id) return
    const mine = ++generation.current
    const controller = new AbortController()
    update({ ...FIRST_LOAD, rows: current.current.rows, rowsFor: current.current.rowsFor })
    getParticipantPage(id, { q: search }, controller.signal).then(
      (page) => {
        if (generation.current === mine)
          update({ rows: page.participants, rowsFor: search, next: page.next_cursor, ready: true, loading: false, error: undefined })
      },
      (error: unknown) => {
        if (generation.current === mine && !controller.signal.aborted) update({ ...current.current, loading: false, error })
      },
    )
    return () => controller.abort()
  }, [id, search, round, update])

  const loadMore = useCallback(
    async (limit = PARTICIPANT_PAGE_SIZE) => {
      const now = current.current
      if (!id || !now.next || now.loading) return
      const mine = generation.current
      update({ ...now, loading: true })
      try {
        const page = await getParticipantPage(id, { q: search, cursor: now.next, limit })
        if (generation.current === mine)
          update({ ...now, rows: [...now.rows, ...page.participants], next: page.next_cursor, loading: false })
      } catch (error) {
        if (generation.current === mine) update({ ...current.current, loading: false, error })
      }
    },
    [id, search, update],
  )

  const reload = useCallback(() => setRound((n) => n + 1), [])

  return {
    rows: state.rows,
    rowsFor: state.rowsFor,
    hasMore: state.next !== undefined,
    ready: state.ready,
    loading: state.loading,
    error: state.error,
    loadMore,
    reload,
  }
}
