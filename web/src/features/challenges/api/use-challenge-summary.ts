// The challenge page's data: the challenge's summary (competition, counts, top 5 per group, newest
// attempts) and the signed-in lifter's own entry, kept current by the challenge's live room. Events
// patch both; the summary is refetched only when a lifter it does not hold may now be in its top.
import { useCallback, useEffect, useRef } from 'react'
import { getCompetitionSummary, type SummarySnapshot } from '../../../api/competition.ts'
import { getParticipant } from '../../../api/participants.ts'
import { competitionRoom } from '../../../lib/contract.ts'
import type { LiveEvent } from '../../../lib/contract.ts'
import { useQuery } from '../../../lib/use-query.ts'
import { useLiveRoom } from '../../../stores/live.ts'
import { applyOwnEvent, applySummaryEvent } from './summary-events.ts'

/** A burst of decisions that may change the top costs one refetch, this long after its last. */
const SUMMARY_REFETCH_DEBOUNCE_MS = 300

export function useChallengeSummary(id: number | null, userId: number | null) {
  // Events applied while a fetch is on its way: its answer may predate them, so they apply again on top of it.
  const inFlight = useRef(new Set<LiveEvent[]>())
  const recording = useCallback(async <T>(fetch: () => Promise<T>): Promise<{ answer: T; since: LiveEvent[] }> => {
    const since: LiveEvent[] = []
    inFlight.current.add(since)
    try {
      return { answer: await fetch(), since }
    } finally {
      inFlight.current.delete(since)
    }
  }, [])

  // The summary as last set, so each event patches the one before it at once (and can say it is stale).
  const current = useRef<SummarySnapshot | undefined>(undefined)
  // Events up to the seq of a summary refetched while the room was followed are in it already.
  const coveredSeq = useRef(-Infinity)
  const refetchTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const reloadSummary = useRef<() => Promise<unknown>>(async () => undefined)

  const scheduleRefetch = useCallback(() => {
    clearTimeout(refetchTimer.current)
    refetchTimer.current = setTimeout(() => void reloadSummary.current(), SUMMARY_REFETCH_DEBOUNCE_MS)
  }, [])
  useEffect(() => () => clearTimeout(refetchTimer.current), [])

  const summary = useQuery(id ? `summary:${id}` : null, async (signal) => {
    const { answer, since } = await recording(() => getCompetitionSummary(id!, signal))
    let stale = false
    let patched = answer.summary
    for (const event of since) {
      if (answer.seq !== null && event.seq <= answer.seq) continue
      const patch = applySummaryEvent(patched, event)
      patched = patch.summary
      stale ||= patch.stale
    }
    const snapshot = { summary: patched, seq: answer.seq }
    if (!signal.aborted) {
      current.current = snapshot
      coveredSeq.current = answer.seq ?? -Infinity
      if (stale) scheduleRefetch()
    }
    return snapshot
  })
  reloadSummary.current = summary.reload

  const own = useQuery(id && userId ? `participant:${id}:${userId}` : null, async (signal) => {
    const { answer, since } = await recording(() => getParticipant(id!, userId!, signal))
    return since.reduce((entry, event) => applyOwnEvent(entry, event, userId!), answer)
  })

  const { setData: setSummary, reload: reloadSummaryNow } = summary
  const { setData: setOwn, reload: reloadOwn } = own

  const apply = useCallback((event: LiveEvent) => {
    inFlight.current.forEach((since) => since.push(event))
    if (userId) setOwn((entry) => (entry === undefined ? entry : applyOwnEvent(entry, event, userId)))
    const now = current.current
    if (!now || event.seq <= coveredSeq.current) return
    const { summary: next, stale } = applySummaryEvent(now.summary, event)
    current.current = { ...now, summary: next }
    setSummary(current.current)
    if (stale) scheduleRefetch()
  }, [userId, setOwn, setSummary, scheduleRefetch])

  /** Refetches the summary and the own entry; the summary's seq is where live events continue. */
  const resync = useCallback(async () => {
    const [snapshot] = await Promise.all([reloadSummaryNow(), id && userId ? reloadOwn() : undefined])
    if (!snapshot) throw new Error('The challenge could not be reloaded')
    return snapshot.seq
  }, [id, userId, reloadSummaryNow, reloadOwn])

  useLiveRoom(id ? competitionRoom(id) : null, {
    ready: summary.data !== undefined,
    seq: summary.data?.seq ?? null,
    apply,
    resync,
  })

  return {
    summary: summary.data?.summary,
    /** The signed-in lifter's entry: null when they have not joined, undefined while unknown (or signed out: the last entry stays in the query). */
    own: userId ? own.data : undefined,
    /** The summary's last load failed; the page still shows its last data when it has some. */
    error: summary.error,
    resync,
  }
}
