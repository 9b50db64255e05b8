// A small fetch hook for server data: loads when the key changes, keeps the last
// data while reloading (so live resyncs don't flash), and lets live events patch it.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react'

export interface Query<T> {
  data: T | undefined
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

  const run = useCallback(async (): Promise<T | undefined> => {
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    setLoading(true)
    try {
      const result = await fetcherRef.current(controller.signal)
      if (controller.signal.aborted) return undefined
      setData(result)
      setError(undefined)
      return result
    } catch (e) {
      if (!controller.signal.aborted) setError(e)
      return undefined
    } finally {
      if (!controller.signal.aborted) setLoading(false)
    }
  }, [])

  useEffect(() => {
    if (key === null) return
    setData(undefined)
    void run()
    return () => current.current?.abort()
  }, [key, run])

  return { data, error, loading, reload: run, setData }
}
