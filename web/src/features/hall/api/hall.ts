// A meet's hall over REST (GET /competitions/:id/hall: flights and each platform as the boards show it), kept
// current by the challenge's live room: each 'hall.changed' carries a whole platform, which replaces the cached
// one (docs/hall-mode.md). The server's clock: screens sample GET /hall/time and keep the shortest round trip.
import { queryOptions, skipToken } from '@tanstack/react-query'
import { useCallback, useEffect, useState } from 'react'
import { liveSeq } from '../../../api/participants.ts'
import { queryKeys } from '../../../api/query-keys.ts'
import { apiRequest, errorText } from '../../../lib/api-client.ts'
import { challengeRoom, estimateOffset } from '../../../lib/contract.ts'
import type { HallPlatformView, HallResponse, TimeSample } from '../../../lib/contract.ts'
import { applyLiveEvent, type LiveTable } from '../../../lib/live/live-table.ts'
import { queryClient } from '../../../lib/query-client.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { useLiveRoom } from '../../../stores/live.ts'

export interface HallSnapshot {
  hall: HallResponse
  seq: number | null
}

export const hallQuery = (id: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(id ?? 0), 'hall'] as const,
    queryFn: id
      ? async ({ signal }): Promise<HallSnapshot> => {
          const { data, headers } = await apiRequest<HallResponse>(`/competitions/${id}/hall`, { signal })
          return { hall: data, seq: liveSeq(headers) }
        }
      : skipToken,
  })

/** The platform replaced (or added) in a hall answer. */
export function withPlatform(hall: HallResponse, platform: HallPlatformView): HallResponse {
  const others = hall.platforms.filter((p) => p.platform !== platform.platform)
  return { ...hall, platforms: [...others, platform].sort((a, b) => a.platform - b.platform) }
}

export const HALL_ROOM_TABLE: LiveTable<{ id: number }> = {
  'hall.changed': (event, { id }) => {
    queryClient.setQueryData(hallQuery(id).queryKey, (old) =>
      old ? { ...old, hall: withPlatform(old.hall, event.data.platform), seq: event.seq } : old,
    )
  },
}

/** The hall of meet `id`, live while the screen shows it. */
export function useHall(id: number | null) {
  const query = useServerQuery(hallQuery(id))
  const { reload } = query
  const resync = useCallback(async () => (await reload())?.seq ?? null, [reload])
  useLiveRoom(id ? challengeRoom(id) : null, {
    ready: query.data !== undefined,
    seq: query.data?.seq ?? null,
    apply: (event) => applyLiveEvent(HALL_ROOM_TABLE, event, { id: id! }),
    resync,
  })
  const error = query.error ? errorText(query.error, 'The hall could not be loaded.') : null
  return { hall: query.data?.hall, error }
}

/** Samples the server's clock (five exchanges, again each minute): this screen's offset to it, in ms. */
export function useServerOffset(): number {
  const [offset, setOffset] = useState(0)
  useEffect(() => {
    let stopped = false
    const sample = async () => {
      const samples: TimeSample[] = []
      for (let i = 0; i < 5 && !stopped; i++) {
        const sentAt = Date.now()
        try {
          const { data } = await apiRequest<{ server_time: number }>('/hall/time')
          samples.push({ sentAt, serverTime: data.server_time, receivedAt: Date.now() })
        } catch {
          // Offline: the last estimate stands.
        }
      }
      const estimate = estimateOffset(samples)
      if (estimate && !stopped) setOffset(estimate.offsetMs)
    }
    void sample()
    const every = setInterval(() => void sample(), 60_000)
    return () => {
      stopped = true
      clearInterval(every)
    }
  }, [])
  return offset
}

/** Re-renders every `ms` while mounted: a clock's tick. */
export function useTick(ms: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(timer)
  }, [ms])
  return now
}

/** m:ss of a clock's milliseconds, rounded up (a minute shows 1:00 until it starts). */
export function clockText(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}
