import { describe, expect, it } from 'vitest'
import { challenge } from '../test/fixtures.ts'
import { joinAvailability, joinGender, toChallenge } from './challenge.ts'

describe('challenge rules (docs/product/data.md, states.md)', () => {
  it('status comes from the dates', () => {
    const c = toChallenge(challenge({ start_date: new Date(Date.now() + 86_400_000).toISOString() }))
    expect(c.status).toBe('upcoming')
  })

  it('join is offered for upcoming and ongoing only', () => {
    expect(joinAvailability('upcoming')).toEqual({ canJoin: true })
    expect(joinAvailability('ongoing')).toEqual({ canJoin: true })
    expect(joinAvailability('completed')).toEqual({ canJoin: false, message: 'This challenge has ended' })
    expect(joinAvailability('cancelled')).toEqual({ canJoin: false, message: 'Registration is closed' })
  })

  it('the description shows the text before the metadata', () => {
    expect(toChallenge(challenge({ description: 'Three lifts - {"gender":"M"}' })).description).toBe('Three lifts')
    expect(toChallenge(challenge({ description: 'Squat - bench - deadlift' })).description).toBe('Squat - bench - deadlift')
  })

  it("categories are lift types, weight classes and Women/Men; the prize pool is the organiser's, or none", () => {
    const c = toChallenge(challenge({ gender: 'F' }))
    expect(c.categories).toEqual(['Squat', 'Bench Press', 'Deadlift', '74kg', '83kg', 'Women'])
    expect(joinGender(c)).toBe('female')
    expect(c.prizePool).toBeNull()
    // Weight classes in weight order, however they were ticked.
    expect(toChallenge(challenge({ weightclasses: ['105kg', '59kg', '120kg+', '83kg'] })).weightClasses).toEqual([
      '59kg',
      '83kg',
      '105kg',
      '120kg+',
    ])
    const pool = { currency: 'EUR', first: 300, second: 0, third: 0, total: 300 }
    expect(toChallenge(challenge({ prize_pool: pool })).prizePool).toEqual(pool)
    expect(c.image).toBe('/images/challenge-default.svg')
  })

  it("adds a federation's class set and equipped lifters to the categories; the spec's set and classic add nothing", () => {
    expect(toChallenge(challenge({ class_set: 'ipf', gender: 'F', weightclasses: ['52kg'], equipment: 'both' })).categories).toEqual([
      'Squat',
      'Bench Press',
      'Deadlift',
      '52kg',
      'Women',
      'IPF',
      'Classic & Equipped',
    ])
    const c = toChallenge(challenge({ class_set: 'iwf', equipment: null, total_lifts: ['snatch', 'clean_and_jerk'] }))
    expect(c).toMatchObject({ classSet: 'iwf', equipment: null, totalLifts: ['snatch', 'clean_and_jerk'] })
  })
})
