import { describe, expect, it } from 'vitest'
import { HttpError } from '../errors.ts'
import { listedLiftTypes } from '../../infra/scoring-view.ts'
import { challengeLiftTypes, newCompetition, nextStatusChange, normalizeGender } from './competitions.service.ts'

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
