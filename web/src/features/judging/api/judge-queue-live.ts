// The judge's queue follows the app's one live socket: the server sends `judge:queue` to a
// judge's own socket when their queue changes, and a reconnect may have missed some, so both
// refetch. A poll covers a socket that cannot connect at all. The live store is only read here.
import { useEffect, useRef } from 'react'
import { useLive, type LiveSocket } from '../../../stores/live.ts'

/** How often the queue is refetched regardless of the socket (the fallback). */
const QUEUE_POLL_MS = 20_000

export function useJudgeQueueRefresh(onChange: () => void, enabled: boolean, pollMs = QUEUE_POLL_MS) {
  const latest = useRef(onChange)
  latest.current = onChange
  useEffect(() => {
    if (!enabled) return
    const handler = () => latest.current()
    let socket: LiveSocket | null = null
    const attach = (next: LiveSocket | null) => {
      if (next === socket) return
      socket?.off('judge:queue', handler)
      socket?.off('connect', handler)
      socket = next
      socket?.on('judge:queue', handler)
      socket?.on('connect', handler)
    }
    useLive.getState().connect()
    attach(useLive.getState().socket)
    const stopWatching = useLive.subscribe((state) => attach(state.socket))
    const timer = setInterval(handler, pollMs)
    return () => {
      clearInterval(timer)
      stopWatching()
      attach(null)
    }
  }, [enabled, pollMs])
}
