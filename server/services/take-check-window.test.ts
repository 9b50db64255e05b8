// The organiser's creation-time window (docs/video-checks.md) as a change of the challenge. Pure.
import { describe, expect, it } from 'vitest'
import { plannedEdit } from './challenges.service.ts'

describe('take_check_window_hours', () => {
  it('the organiser sets it and clears it (null: the platform default) before and during the challenge', () => {
    const now = new Date('2026-11-28T10:00:00Z')
    const current = {
      name: 'Open',
      description: 'Open at Gym',
      location: 'Gym',
      startDate: new Date('2026-11-27T00:00:00Z'),
      endDate: new Date('2026-12-05T23:59:59Z'),
      registrationDeadline: null,
      liftTypes: ['Squat'],
      weightClasses: ['83kg'],
      gender: 'M',
    }
    expect(plannedEdit(current, { take_check_window_hours: 48 }, now)).toEqual({ takeCheckWindowHours: 48 })
    expect(plannedEdit(current, { take_check_window_hours: null }, now)).toEqual({ takeCheckWindowHours: null })
  })
})
