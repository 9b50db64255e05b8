// A small fetch hook for server data: loads when the key changes, keeps the last data while
// reloading and after a failed reload (so live resyncs don't flash and a passing error never
// blanks a screen), and lets live events patch it. A load that failed for a passing reason
// (offline, the server restarting) tries again by itself: with backoff, and at once when the
// browser is back online or the live socket reconnects.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react'
import { UI } from '../config.ts'
import { isPassingError, onConnectionBack, retryDelay, setLoadFailing } from './connectivity.ts'

export interface Query<T> {
  data: T | undefined
  /** The last load's failure; cleared by the next success. The data, if any, is the last good one. */
  error: unknown
  loading: boolean
  /** Fetches again; resolves with the fresh data, or undefined when it failed or was superseded. */
  reload: () => Promise<T | undefined>
  setData: Dispatch<SetStateAction<T | undefined>>
}

/** `key` null means "not yet": nothing is fetched. */
export function useQuery<T>(key: string | null, fetcher: (signal: AbortSignal) => Promise<T>): Query<T> {
  const [data, setData] = useState<T | undefined>(undefined)
  const [error, setError] = useState<unknown>(undefined)
  const [loading, setLoading] = useState(key !== null)
  const fetcherRef = useRef(fetcher)
  fetcherRef.current = fetcher
  const current = useRef<AbortController | null>(null)
  /** The load on its way, if any (a retry never aborts it: it may be a live resync). */
  const pending = useRef<AbortController | null>(null)
  /** Failures in a row, for the backoff. */
  const failures = useRef(0)

  const run = useCallback(async (): Promise<T | undefined> => {
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    pending.current = controller
    setLoading(true)
    try {
      const result = await fetcherRef.current(controller.signal)
      if (controller.signal.aborted) return undefined
      failures.current = 0
      setData(result)
      setError(undefined)
      return result
    } catch (e) {
      if (!controller.signal.aborted) setError(e)
      return undefined
    } finally {
      if (pending.current === controller) pending.current = null
      if (!controller.signal.aborted) setLoading(false)
    }
  }, [])

  useEffect(() => {
    if (key === null) return
    setData(undefined)
    setError(undefined)
    failures.current = 0
    void run()
    return () => current.current?.abort()
  }, [key, run])

  // Each passing failure waits its turn and tries again; a success (or a new key) ends the wait.
  const passing = key !== null && isPassingError(error)
  useEffect(() => {
    if (!passing) return
    const retry = () => {
      if (!pending.current) void run()
    }
    const timer = setTimeout(retry, retryDelay(failures.current++, UI.retryFirstDelayMs, UI.retryMaxDelayMs))
    const stopListening = onConnectionBack(retry)
    return () => {
      clearTimeout(timer)
      stopListening()
    }
  }, [passing, error, run])

  // The offline notice shows while any load on screen fails for a passing reason.
  const token = useRef({})
  useEffect(() => {
    const load = token.current
    setLoadFailing(load, passing)
    return () => setLoadFailing(load, false)
  }, [passing])

  return { data, error, loading, reload: run, setData }
}
