import { describe, expect, it } from 'vitest'
import { HttpError } from '../errors.ts'
import { listedLiftTypes } from '../../infra/scoring-view.ts'
import { challengeLiftTypes, newCompetition, nextStatusChange, normalizeGender, openChallenges } from './competitions.service.ts'

describe('nextStatusChange', () => {
  it('is the earliest start or just-after-end still ahead, or undefined', () => {
    const now = new Date('2026-06-01T00:00:00Z')
    const at = (iso: string) => new Date(iso)
    expect(nextStatusChange([], now)).toBeUndefined()
    expect(nextStatusChange([{ startDate: at('2026-01-01T00:00:00Z'), endDate: at('2026-02-01T00:00:00Z') }], now)).toBeUndefined()
    expect(nextStatusChange([
      { startDate: at('2026-07-01T00:00:00Z'), endDate: at('2026-07-08T00:00:00Z') },
      { startDate: at('2026-05-01T00:00:00Z'), endDate: at('2026-06-03T00:00:00Z') },
    ], now)).toBe(at('2026-06-03T00:00:00Z').getTime() + 1)
    expect(nextStatusChange([{ startDate: at('2026-06-02T00:00:00Z'), endDate: at('2026-06-09T00:00:00Z') }], now)).toBe(at('2026-06-02T00:00:00Z').getTime())
  })
})

describe('a new challenge', () => {
  it('stores trimmed names, the spec defaults and the description metadata', () => {
    const row = newCompetition({ name: ' Spring Open ', location: ' Oslo ', start_date: '2030-03-01', end_date: '2030-03-08' }, 7)
    expect(row).toMatchObject({
      name: 'Spring Open', location: 'Oslo', createdById: 7, gender: 'M', liftTypes: ['Squat', 'Bench Press', 'Deadlift'], weightClasses: [], image: null,
      startDate: new Date('2030-03-01T00:00:00.000Z'), endDate: new Date('2030-03-08T23:59:59.999Z'),
      description: 'Spring Open at Oslo - {"lifttypes":["Squat","Bench Press","Deadlift"],"weightclasses":[],"gender":"M"}',
    })
    // A description carrying metadata of its own keeps only its text.
    expect(newCompetition({ name: 'X', location: 'Y', start_date: '2030-03-01', end_date: '2030-03-01', description: 'Old - {"gender":"F"}', gender: 'F' }, 1).description)
      .toBe('Old - {"lifttypes":["Squat","Bench Press","Deadlift"],"weightclasses":[],"gender":"F"}')
  })

  it('refuses an end before the start', () => {
    expect(() => newCompetition({ name: 'X', location: 'Y', start_date: '2030-03-08', end_date: '2030-03-01' }, 1)).toThrow(new HttpError(400, 'end_date must not be before start_date.'))
  })
})

describe('lifting rules', () => {
  it('reads lift types from the column, else from the description of rows older clients wrote', () => {
    expect(listedLiftTypes({ liftTypes: ['Snatch'], description: 'x - {"lifttypes":["Squat"]}' })).toEqual(['Snatch'])
    expect(listedLiftTypes({ liftTypes: [], description: 'x - {"lifttypes":["Squat"]}' })).toEqual(['Squat'])
    expect(challengeLiftTypes({ liftTypes: ['Clean & Jerk', 'Snatch'], description: '' })).toEqual(['clean_and_jerk', 'snatch'])
  })

  it('spells genders as M or F', () => {
    for (const f of ['F', 'female', 'Women', ' w ']) expect(normalizeGender(f)).toBe('F')
    for (const m of ['M', 'male', '', null, undefined, 'other']) expect(normalizeGender(m)).toBe('M')
  })
})

describe('the open challenges', () => {
  const now = new Date('2030-03-01T12:00:00Z')
  /** The repository's read, recording the bounds it was given. */
  const repo = (soonest: { ongoingEnd: Date | null; upcomingStart: Date | null }) => {
    const asked: unknown[] = []
    return {
      asked,
      openWithSeq: async (bounds: unknown, limit: number) => {
        asked.push({ bounds, limit })
        return { seq: 4, ongoing: [], upcoming: [], counts: { ongoing: 0, upcoming: 0 }, soonest }
      },
    }
  }

  it('asks for the running and the upcoming ones by their status\'s bounds', async () => {
    const r = repo({ ongoingEnd: null, upcomingStart: null })
    expect(await openChallenges(r, 2, now)).toEqual({ seq: 4, ongoing: [], upcoming: [], counts: { ongoing: 0, upcoming: 0 }, nextStatusChange: undefined })
    expect(r.asked).toEqual([{ bounds: { ongoing: { startsBy: now, endsFrom: now }, upcoming: { startsAfter: now } }, limit: 2 }])
  })

  it('goes stale just after the soonest end of a running one, or at the soonest start of an upcoming one', async () => {
    const end = new Date(now.getTime() + 60_000)
    const start = new Date(now.getTime() + 120_000)
    expect((await openChallenges(repo({ ongoingEnd: end, upcomingStart: start }), 2, now)).nextStatusChange).toBe(end.getTime() + 1)
    expect((await openChallenges(repo({ ongoingEnd: null, upcomingStart: start }), 2, now)).nextStatusChange).toBe(start.getTime())
    expect((await openChallenges(repo({ ongoingEnd: now, upcomingStart: null }), 2, now)).nextStatusChange).toBe(now.getTime() + 1)
    expect((await openChallenges(repo({ ongoingEnd: new Date(now.getTime() + 200_000), upcomingStart: start }), 2, now)).nextStatusChange).toBe(start.getTime())
  })
})
