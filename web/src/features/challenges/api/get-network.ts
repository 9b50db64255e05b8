// GET /network: the addresses the server answers at from other devices (its LAN addresses with
// the port, or PUBLIC_URL when configured), for the board's "follow on your phone" QR code.
import { apiGet } from '../../../lib/api-client.ts'
import { queryOptions } from '@tanstack/react-query'
import { useServerQuery } from '../../../lib/server-query.ts'

export interface NetworkResponse {
  follow_urls: string[]
}

const getNetwork = (signal?: AbortSignal) => apiGet<NetworkResponse>('/network', { signal })

const networkQuery = () => queryOptions({ queryKey: ['network'] as const, queryFn: ({ signal }) => getNetwork(signal) })

export const useNetwork = () => useServerQuery(networkQuery())

const LOOPBACK = /^(localhost|127\.|\[::1\]$|::1$)/

/**
 * The challenge page's address for phones in the hall: on the server's own address that the board
 * was opened at when the server lists it, else the first it lists, else the board's own origin
 * (until the server answers, or when it lists none).
 */
export function followUrl(challengeId: number, origin: string, followUrls: readonly string[] | undefined): string {
  const urls = (followUrls ?? []).map((u) => u.replace(/\/+$/, '')).filter(Boolean)
  const own = urls.find((u) => u === origin)
  const nonLoopback = urls.find((u) => {
    try {
      return !LOOPBACK.test(new URL(u).hostname)
    } catch {
      return false
    }
  })
  const base = own ?? nonLoopback ?? urls[0] ?? origin
  return `${base}/challenges/${challengeId}`
}
