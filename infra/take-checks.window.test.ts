// The creation-time check's window per challenge (docs/video-checks.md): the organiser's hours, else
// TAKE_CHECK_WINDOW_HOURS, else a day; the clock slack (14 h) is added either way. Pure.
import { describe, expect, it } from 'vitest'
import { decideTakeFlags } from './take-checks.decisions.ts'

const uploadedAt = new Date('2026-11-28T10:00:00Z')
const run = (created: string, windowMs?: number) =>
  decideTakeFlags(
    {
      streams: { videoStreams: 1, creationTime: new Date(created), startTime: 0, duration: 10 },
      timeline: { backwards: [], rateChanges: [], sizeChanges: [] },
      filters: { scenes: [], blacks: [], freezes: [] },
    },
    { uploadedAt, declaredAt: null, ...(windowMs !== undefined ? { windowMs } : {}) },
  ).flags

describe('the creation-time window', () => {
  it('a challenge with 6 h flags a take made 21 h before the upload (6 h + 14 h slack), which a day lets pass', () => {
    expect(run('2026-11-27T13:00:00Z')).toEqual([])
    expect(run('2026-11-27T13:00:00Z', 6 * 3600_000)).toEqual([
      {
        kind: 'created_too_early',
        at: null,
        text: 'the file says it was made on 2026-11-27 13:00 UTC, more than 6 h before it was uploaded',
      },
    ])
    expect(run('2026-11-27T15:00:00Z', 6 * 3600_000)).toEqual([])
  })
  it('a week lets an older take pass, and says so in days when it flags', () => {
    expect(run('2026-11-22T10:00:00Z', 7 * 24 * 3600_000)).toEqual([])
    expect(run('2026-11-20T10:00:00Z', 7 * 24 * 3600_000)[0]?.text).toMatch(/more than 7 days before it was uploaded$/)
    expect(run('2026-11-20T10:00:00Z')[0]?.text).toMatch(/more than a day before it was uploaded$/)
  })
})
