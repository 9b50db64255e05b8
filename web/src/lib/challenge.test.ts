import { describe, expect, it } from 'vitest'
import { competition } from '../test/fixtures.ts'
import { challengeStatus, descriptionText, joinAvailability, joinGender, toChallenge } from './challenge.ts'

describe('challenge rules (SPEC §3/§4)', () => {
  it('status comes from the dates', () => {
    const now = new Date('2026-03-10T12:00:00Z')
    expect(challengeStatus('2026-03-11T00:00:00Z', '2026-03-18T00:00:00Z', now)).toBe('upcoming')
    expect(challengeStatus('2026-03-01T00:00:00Z', '2026-03-09T00:00:00Z', now)).toBe('completed')
    expect(challengeStatus('2026-03-01T00:00:00Z', '2026-03-18T00:00:00Z', now)).toBe('ongoing')
  })

  it('join is offered for upcoming and ongoing only', () => {
    expect(joinAvailability('upcoming')).toEqual({ canJoin: true })
    expect(joinAvailability('ongoing')).toEqual({ canJoin: true })
    expect(joinAvailability('completed')).toEqual({ canJoin: false, message: 'This challenge has ended' })
    expect(joinAvailability('cancelled')).toEqual({ canJoin: false, message: 'Registration is closed' })
  })

  it('the description shows the text before the metadata', () => {
    expect(descriptionText('Three lifts - {"gender":"M"}')).toBe('Three lifts')
    expect(descriptionText('Squat - bench - deadlift')).toBe('Squat - bench - deadlift')
  })

  it('categories are lift types, weight classes and Women/Men; the prize pool is fixed', () => {
    const c = toChallenge(competition({ gender: 'F' }))
    expect(c.categories).toEqual(['Squat', 'Bench Press', 'Deadlift', '74kg', '83kg', 'Women'])
    expect(joinGender(c)).toBe('female')
    expect(c.prizePool).toEqual({ first: 1000, second: 500, third: 250, total: 1750 })
    expect(c.image).toBe('/images/challenge-default.svg')
  })
})
