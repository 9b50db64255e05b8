import { describe, expect, it } from 'vitest'
import { parseChallengeDate } from './challenge-dates.service.ts'

const iso = (text: string, edge: 'start' | 'end' = 'start') => parseChallengeDate(text, edge)?.toISOString() ?? null

describe('challenge dates as clients send them', () => {
  it('reads a date alone as the whole day in UTC: a start at 00:00, an end at 23:59:59.999', () => {
    expect(iso('2026-12-01', 'start')).toBe('2026-12-01T00:00:00.000Z')
    expect(iso('2026-12-01', 'end')).toBe('2026-12-01T23:59:59.999Z')
  })

  it('reads datetime-local and space-separated forms as UTC', () => {
    expect(iso('2026-12-01T18:30')).toBe('2026-12-01T18:30:00.000Z')
    expect(iso('2026-12-01T18:30', 'end')).toBe('2026-12-01T18:30:00.000Z')
    expect(iso('2026-12-01 18:30:15')).toBe('2026-12-01T18:30:15.000Z')
    expect(iso('2026-12-01 18:30')).toBe('2026-12-01T18:30:00.000Z')
    expect(iso(' 2026-12-01 ')).toBe('2026-12-01T00:00:00.000Z')
  })

  it('applies the zone of a full ISO 8601 date-time', () => {
    expect(iso('2026-12-01T18:30:00.000Z')).toBe('2026-12-01T18:30:00.000Z')
    expect(iso('2026-12-01T18:30:00+02:00')).toBe('2026-12-01T16:30:00.000Z')
    expect(iso('2026-12-01T18:30:00-0530')).toBe('2026-12-02T00:00:00.000Z')
    expect(iso('2026-12-01T18:30:00.123456Z')).toBe('2026-12-01T18:30:00.123Z')
    expect(iso('2026-12-01T18:30Z')).toBe('2026-12-01T18:30:00.000Z')
  })

  it('refuses other forms and days the calendar does not have', () => {
    for (const bad of [
      'tomorrow',
      '',
      '2026-12',
      '01/12/2026',
      '2026-12-01T25:00',
      '2026-13-01',
      '2026-02-30',
      '2026-12-00',
      '2026-12-01T18:60',
      '2026-12-01T18:30:00+2',
      '2026-12-01garbage',
      '12026-12-01',
    ]) {
      expect(parseChallengeDate(bad, 'start'), bad).toBeNull()
    }
    expect(iso('2028-02-29')).toBe('2028-02-29T00:00:00.000Z') // a leap day is a real day
  })
})
