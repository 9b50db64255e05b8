// Reads server data from the page's cache (lib/query-client.ts): shows what the cache holds at once
// and refreshes it, keeps the last data while reloading and after a failed reload (so live resyncs
// don't flash and a passing error never blanks a screen). A load that failed for a passing reason
// (offline, the server restarting) tries again by itself: with backoff, and at once when the
// browser is back online or the live socket reconnects.
import { useCallback, useEffect, useRef } from 'react'
import { useQuery, type QueryKey, type Updater, type UseQueryOptions } from '@tanstack/react-query'
import { UI } from '../config.ts'
import { isPassingError, onConnectionBack, retryDelay, setLoadFailing } from './connectivity.ts'
import { queryClient } from './query-client.ts'

interface ServerQuery<T> {
  data: T | undefined
  /** The last load's failure; cleared by the next success. The data, if any, is the last good one. */
  error: unknown
  loading: boolean
  /** Fetches again; resolves with the fresh data, or undefined when it failed. */
  reload: () => Promise<T | undefined>
  /** Puts an answer the screen already has (a mutation's) into the cache. */
  setData: (update: Updater<T | undefined, T | undefined>) => void
}

export function useServerQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>): ServerQuery<T> {
  const query = useQuery(options, queryClient)
  const { queryKey } = options
  const { refetch } = query

  // The last failure stays until a success or another key (the cache forgets it while a first load
  // tries again, and the screen would flash from its error to a spinner at each retry).
  const keyId = JSON.stringify(queryKey)
  const failures = useRef(0)
  const last = useRef({ keyId, error: undefined as unknown, dataAt: query.dataUpdatedAt })
  if (last.current.keyId !== keyId) {
    last.current = { keyId, error: undefined, dataAt: query.dataUpdatedAt }
    failures.current = 0
  }
  if (query.error) last.current.error = query.error
  else if (query.dataUpdatedAt !== last.current.dataAt) {
    last.current = { keyId, error: undefined, dataAt: query.dataUpdatedAt }
    failures.current = 0
  }
  const { error } = last.current

  const reload = useCallback(async () => {
    const result = await refetch()
    return result.status === 'success' ? result.data : undefined
  }, [refetch])

  const setData = useCallback(
    (update: Updater<T | undefined, T | undefined>) => void queryClient.setQueryData<T>(queryKey, update),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key's content, not its identity
    [keyId],
  )

  // Each passing failure waits its turn and tries again; a success (or a new key) ends the wait.
  const passing = isPassingError(error)
  const fetching = useRef(false)
  fetching.current = query.isFetching
  useEffect(() => {
    if (!passing) return
    const retry = () => {
      if (!fetching.current) void refetch()
    }
    const timer = setTimeout(retry, retryDelay(failures.current++, UI.retryFirstDelayMs, UI.retryMaxDelayMs))
    const stopListening = onConnectionBack(retry)
    return () => {
      clearTimeout(timer)
      stopListening()
    }
  }, [passing, error, refetch])

  // The offline notice shows while any load on screen fails for a passing reason.
  const token = useRef({})
  useEffect(() => {
    const load = token.current
    setLoadFailing(load, passing)
    return () => setLoadFailing(load, false)
  }, [passing])

  return { data: query.data, error, loading: query.isFetching, reload, setData }
}
