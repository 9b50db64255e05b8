import { describe, expect, it } from 'vitest'
import { HttpError, type Refusal } from '../errors.ts'
import { listedLiftTypes } from '../../infra/scoring-view.ts'
import {
  CONTROL_REFUSED,
  assertMayCancel,
  challengeLiftTypes,
  newChallenge,
  nextStatusChange,
  normalizeGender,
  openChallenges,
  plannedEdit,
  type EditableChallenge,
} from './challenges.service.ts'

describe('nextStatusChange', () => {
  it('is the earliest start or just-after-end still ahead, or undefined', () => {
    const now = new Date('2026-06-01T00:00:00Z')
    const at = (iso: string) => new Date(iso)
    expect(nextStatusChange([], now)).toBeUndefined()
    expect(nextStatusChange([{ startDate: at('2026-01-01T00:00:00Z'), endDate: at('2026-02-01T00:00:00Z') }], now)).toBeUndefined()
    expect(
      nextStatusChange(
        [
          { startDate: at('2026-07-01T00:00:00Z'), endDate: at('2026-07-08T00:00:00Z') },
          { startDate: at('2026-05-01T00:00:00Z'), endDate: at('2026-06-03T00:00:00Z') },
        ],
        now,
      ),
    ).toBe(at('2026-06-03T00:00:00Z').getTime() + 1)
    expect(nextStatusChange([{ startDate: at('2026-06-02T00:00:00Z'), endDate: at('2026-06-09T00:00:00Z') }], now)).toBe(
      at('2026-06-02T00:00:00Z').getTime(),
    )
  })
})

describe('a new challenge', () => {
  it('stores trimmed names, the spec defaults and the description metadata', () => {
    const row = newChallenge({ name: ' Spring Open ', location: ' Oslo ', start_date: '2030-03-01', end_date: '2030-03-08' }, 7)
    expect(row).toMatchObject({
      name: 'Spring Open',
      location: 'Oslo',
      createdById: 7,
      gender: 'M',
      liftTypes: ['Squat', 'Bench Press', 'Deadlift'],
      weightClasses: [],
      image: null,
      startDate: new Date('2030-03-01T00:00:00.000Z'),
      endDate: new Date('2030-03-08T23:59:59.999Z'),
      description: 'Spring Open at Oslo - {"lifttypes":["Squat","Bench Press","Deadlift"],"weightclasses":[],"gender":"M"}',
    })
    // A description carrying metadata of its own keeps only its text.
    expect(
      newChallenge(
        { name: 'X', location: 'Y', start_date: '2030-03-01', end_date: '2030-03-01', description: 'Old - {"gender":"F"}', gender: 'F' },
        1,
      ).description,
    ).toBe('Old - {"lifttypes":["Squat","Bench Press","Deadlift"],"weightclasses":[],"gender":"F"}')
  })

  it('refuses an end before the start', () => {
    expect(() => newChallenge({ name: 'X', location: 'Y', start_date: '2030-03-08', end_date: '2030-03-01' }, 1)).toThrow(
      new HttpError(400, 'end_date must not be before start_date.'),
    )
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

  it("asks for the running and the upcoming ones by their status's bounds", async () => {
    const r = repo({ ongoingEnd: null, upcomingStart: null })
    expect(await openChallenges(r, 2, now)).toEqual({
      seq: 4,
      ongoing: [],
      upcoming: [],
      counts: { ongoing: 0, upcoming: 0 },
      nextStatusChange: undefined,
    })
    expect(r.asked).toEqual([{ bounds: { ongoing: { startsBy: now, endsFrom: now }, upcoming: { startsAfter: now } }, limit: 2 }])
  })

  it('goes stale just after the soonest end of a running one, or at the soonest start of an upcoming one', async () => {
    const end = new Date(now.getTime() + 60_000)
    const start = new Date(now.getTime() + 120_000)
    expect((await openChallenges(repo({ ongoingEnd: end, upcomingStart: start }), 2, now)).nextStatusChange).toBe(end.getTime() + 1)
    expect((await openChallenges(repo({ ongoingEnd: null, upcomingStart: start }), 2, now)).nextStatusChange).toBe(start.getTime())
    expect((await openChallenges(repo({ ongoingEnd: now, upcomingStart: null }), 2, now)).nextStatusChange).toBe(now.getTime() + 1)
    expect(
      (await openChallenges(repo({ ongoingEnd: new Date(now.getTime() + 200_000), upcomingStart: start }), 2, now)).nextStatusChange,
    ).toBe(start.getTime())
  })
})

describe('an organiser changing a challenge (docs/challenge-control.md)', () => {
  const NOW = new Date('2030-03-01T12:00:00Z')
  const day = (n: number) => new Date(NOW.getTime() + n * 86_400_000)
  const challenge = (start: number, end: number, over: Partial<EditableChallenge> = {}): EditableChallenge => ({
    name: 'Spring Open',
    location: 'Gym',
    startDate: day(start),
    endDate: day(end),
    registrationDeadline: null,
    description: 'Old text - {"lifttypes":["Squat"],"weightclasses":["83kg"],"gender":"M"}',
    liftTypes: ['Squat'],
    weightClasses: ['83kg'],
    gender: 'M',
    ...over,
  })
  const refusal = (fn: () => unknown) => {
    try {
      fn()
    } catch (error) {
      return { code: (error as Refusal).code, message: (error as Refusal).message }
    }
    return null
  }

  it('changes details and the start before the start, keeping the description metadata', () => {
    const data = plannedEdit(
      challenge(2, 9),
      { name: ' Summer Open ', description: 'New text', start_date: day(3).toISOString(), require_verified_email: true },
      NOW,
    )
    expect(data).toEqual({
      name: 'Summer Open',
      description: 'New text - {"lifttypes":["Squat"],"weightclasses":["83kg"],"gender":"M"}',
      startDate: day(3),
      requireVerifiedEmail: true,
    })
    expect(plannedEdit(challenge(2, 9), { description: '' }, NOW).description).toMatch(/^Spring Open at Gym - /)
  })

  it('once started, refuses details and the start, but extends or shortens the end to a time still to come', () => {
    const running = challenge(-1, 6)
    expect(refusal(() => plannedEdit(running, { name: 'Renamed' }, NOW))).toEqual({
      code: 'conflict',
      message: CONTROL_REFUSED.started('name'),
    })
    expect(refusal(() => plannedEdit(running, { start_date: day(-2).toISOString() }, NOW))).toEqual({
      code: 'conflict',
      message: CONTROL_REFUSED.started('start date'),
    })
    expect(plannedEdit(running, { end_date: day(10).toISOString() }, NOW)).toEqual({ endDate: day(10) })
    expect(plannedEdit(running, { end_date: day(1).toISOString(), registration_deadline: null }, NOW)).toEqual({
      endDate: day(1),
      registrationDeadline: null,
    })
    // Shortening into the past would close it on lifters mid-upload (and cut off results already arriving).
    expect(refusal(() => plannedEdit(running, { end_date: new Date(NOW.getTime() - 1).toISOString() }, NOW))).toEqual({
      code: 'invalid',
      message: CONTROL_REFUSED.endPast,
    })
  })

  it('refuses everything once it ended, a start moved into the past, an end before the start, a deadline after the end', () => {
    expect(refusal(() => plannedEdit(challenge(-9, -1), { end_date: day(3).toISOString() }, NOW))).toEqual({
      code: 'conflict',
      message: CONTROL_REFUSED.ended,
    })
    expect(refusal(() => plannedEdit(challenge(2, 9), { start_date: day(-1).toISOString() }, NOW))).toEqual({
      code: 'invalid',
      message: CONTROL_REFUSED.startPast,
    })
    expect(refusal(() => plannedEdit(challenge(2, 9), { end_date: day(1).toISOString() }, NOW))).toEqual({
      code: 'invalid',
      message: CONTROL_REFUSED.endBeforeStart,
    })
    expect(refusal(() => plannedEdit(challenge(2, 9, { registrationDeadline: day(8) }), { end_date: day(5).toISOString() }, NOW))).toEqual({
      code: 'invalid',
      message: CONTROL_REFUSED.deadlineAfterEnd,
    })
    expect(refusal(() => plannedEdit(challenge(2, 9), { end_date: '2030-02-30' }, NOW))).toMatchObject({
      code: 'invalid',
      message: expect.stringContaining('end_date must be a valid date-time'),
    })
  })

  it('cancels before the end and before any lift is recorded', () => {
    expect(() => assertMayCancel(challenge(2, 9), 0, NOW)).not.toThrow()
    expect(() => assertMayCancel(challenge(-1, 6), 0, NOW)).not.toThrow()
    expect(refusal(() => assertMayCancel(challenge(-1, 6), 1, NOW))).toEqual({ code: 'conflict', message: CONTROL_REFUSED.hasLifts })
    expect(refusal(() => assertMayCancel(challenge(-9, -1), 0, NOW))).toEqual({ code: 'conflict', message: CONTROL_REFUSED.ended })
  })
})
