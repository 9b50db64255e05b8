// The global room (new challenges, joins, board changes) for screens whose REST answer carries
// no seq: `apply` patches the answer with each event, and a resync refetches it.
import { useCallback, useEffect, useRef } from 'react'
import { GLOBAL_ROOM } from '../lib/contract.ts'
import type { LiveEvent, LiveEventType } from '../lib/contract.ts'
import type { Query } from '../lib/use-query.ts'
import { useLiveRoom } from '../stores/live.ts'

export function useGlobalRoom<T>(query: Query<T>, apply: (event: LiveEvent) => void) {
  useLiveRoom(GLOBAL_ROOM, {
    ready: query.data !== undefined,
    seq: null,
    apply,
    resync: async () => {
      await query.reload()
      return null
    },
  })
}

/** A burst of events (a hall of lifters judged together) is one refetch. */
const REFETCH_DELAY_MS = 500

/**
 * Keeps a small server aggregate current through the global room: each event of `types` refetches
 * it, once for a burst (the events do not carry the new figures, and a burst of lifts is common).
 */
export function useRefetchOnGlobalEvents<T>(query: Query<T>, types: readonly LiveEventType[]) {
  const { reload } = query
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const apply = useCallback((event: LiveEvent) => {
    if (!types.includes(event.type)) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => void reload(), REFETCH_DELAY_MS)
  }, [types, reload])
  useGlobalRoom(query, apply)
}
