// Marks what a live change just touched, so a reader's eye finds it: rows that are new or whose
// figures changed stay marked for HIGHLIGHT_MS (the CSS fades them; web/src/components/LiveIndicator.css).
// Nothing is marked on the first data, after a switch to another list (`scope`), or when a
// refetch brings back the same figures: only a change between two versions of one list counts.
import { useEffect, useMemo, useRef, useState } from 'react'
import type { Participant } from './contract.ts'

/** How long a changed row or number stays marked. */
export const HIGHLIGHT_MS = 2000

/** The class a marked element carries. */
const HIGHLIGHT_CLASS = 'change-highlight'

export interface ChangeHighlightOptions {
  /** Another scope is another list (another challenge, another filter): its first version is not a change. */
  scope?: unknown
  /**
   * Whether rows added after the previous last row count as new (default true). A paged list sets
   * false: its "Load more" appends rows no one would call changes.
   */
  appendedAreNew?: boolean
}

const EMPTY: ReadonlySet<never> = new Set()

/**
 * The keys of `items` that are new or changed (by `signatureOf`, compared as JSON) since the
 * previous version of the list, for HIGHLIGHT_MS after each change.
 */
export function useChangeHighlight<T, K extends string | number>(
  items: readonly T[] | undefined,
  keyOf: (item: T) => K,
  signatureOf: (item: T) => unknown,
  { scope, appendedAreNew = true }: ChangeHighlightOptions = {},
): ReadonlySet<K> {
  const latest = useRef({ keyOf, signatureOf })
  latest.current = { keyOf, signatureOf }
  const previous = useRef<{ scope: unknown; signatures: Map<K, string>; count: number } | null>(null)
  const timers = useRef(new Map<K, ReturnType<typeof setTimeout>>())
  const [marked, setMarked] = useState<ReadonlySet<K>>(EMPTY)

  useEffect(() => {
    if (!items) return
    const { keyOf: key, signatureOf: signature } = latest.current
    const signatures = new Map(items.map((item) => [key(item), JSON.stringify(signature(item))]))
    const before = previous.current
    previous.current = { scope, signatures, count: items.length }
    if (!before || !Object.is(before.scope, scope)) {
      // Another list: forget the marks of the old one.
      timers.current.forEach(clearTimeout)
      timers.current.clear()
      setMarked(EMPTY)
      return
    }
    const changed = items
      .map((item) => key(item))
      .filter((k, index) => {
        const old = before.signatures.get(k)
        return old === undefined ? appendedAreNew || index < before.count : old !== signatures.get(k)
      })
    if (changed.length === 0) return
    setMarked((now) => new Set([...now, ...changed]))
    for (const k of changed) {
      clearTimeout(timers.current.get(k))
      timers.current.set(
        k,
        setTimeout(() => {
          timers.current.delete(k)
          setMarked((now) => {
            const next = new Set(now)
            next.delete(k)
            return next
          })
        }, HIGHLIGHT_MS),
      )
    }
  }, [items, scope, appendedAreNew])

  useEffect(() => {
    const pending = timers.current
    return () => pending.forEach(clearTimeout)
  }, [])

  return marked
}

/** Whether one figure (a count) changed within the last HIGHLIGHT_MS; undefined while it is not known. */
export function useValueHighlight(value: string | number | null | undefined, scope?: unknown): boolean {
  const items = useMemo(() => (value === undefined ? undefined : [value]), [value])
  return (
    useChangeHighlight(
      items,
      () => 0,
      (v) => v,
      { scope },
    ).size > 0
  )
}

/** `base` with the highlight class when `on`. */
export const withHighlight = (base: string | undefined, on: boolean): string | undefined =>
  on ? (base ? `${base} ${HIGHLIGHT_CLASS}` : HIGHLIGHT_CLASS) : base

/** What a live event can change in a participant's row (top list, projector board): place, total, points, attempts. */
export const participantFigures = (p: Participant) => [p.place, p.total, p.points, p.attempts.map((a) => [a.id, a.status])]
