// The board's short highlight of a record set live (docs/records.md, "Record attempts"): when the challenge
// room's 'record.set' adds a record to this challenge's list (challenge-room.ts), a banner names it for
// RECORD_HIGHLIGHT_MS. Records already listed when the board opened are not highlighted.
import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import type { RecordRow } from '../../../../lib/contract.ts'
import { formatKg } from '../../../../lib/format.ts'
import { queryClient } from '../../../../lib/query-client.ts'
import { challengeRecordsQuery } from '../../api/challenge-records.ts'
import { LIFT_WORDS } from '../api/meet-words.ts'

/** How long a new record stays highlighted. */
export const RECORD_HIGHLIGHT_MS = 8_000

const keyOf = (r: RecordRow) => [r.attempt_id, r.lift, r.division, r.weight_class, r.equipment].join('|')

/** The sentence the banner shows. */
export function recordWords(r: RecordRow): string {
  const lift = r.lift === 'total' ? 'total' : LIFT_WORDS[r.lift]
  const was = r.previous !== null ? `, was ${formatKg(r.previous)}` : ''
  return `${r.name}: ${formatKg(r.weight)} ${lift} (${r.sex === 'F' ? 'women' : 'men'} ${r.weight_class}, ${r.division.replace(/_/g, ' ')})${was}`
}

export function RecordHighlight({ challengeId }: { challengeId: number }) {
  const { data } = useQuery(challengeRecordsQuery(challengeId), queryClient)
  const seen = useRef<Set<string> | null>(null)
  const [shown, setShown] = useState<RecordRow[]>([])

  useEffect(() => {
    if (!data) return
    if (seen.current === null) {
      seen.current = new Set(data.map(keyOf))
      return
    }
    const fresh = data.filter((r) => !seen.current!.has(keyOf(r)))
    if (fresh.length === 0) return
    for (const r of fresh) seen.current.add(keyOf(r))
    setShown(fresh)
  }, [data])

  useEffect(() => {
    if (shown.length === 0) return
    const timer = setTimeout(() => setShown([]), RECORD_HIGHLIGHT_MS)
    return () => clearTimeout(timer)
  }, [shown])

  if (shown.length === 0) return null
  return (
    <div className="meet-record-highlight" role="status" aria-live="polite" data-testid="record-highlight">
      <strong>New record</strong>
      {shown.map((r) => (
        <span key={keyOf(r)}>{recordWords(r)}</span>
      ))}
    </div>
  )
}
