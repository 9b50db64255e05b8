import { describe, expect, it } from 'vitest'
import { fourthAttemptRefusal, fourthTakeRefusal, isFourthAttempt } from './fourth-attempt.ts'
import { bombedOut, type LifterCard, type TakenAttempt } from './meet-rules.ts'
import { bestLifts, sportTotal } from './ranking.ts'

const three = (last: TakenAttempt['result'] = 'good'): TakenAttempt[] => [
  { weight: 180, result: 'good' },
  { weight: 190, result: 'good' },
  { weight: 197.5, result: last },
]
const lifter = (taken: TakenAttempt[], declared: number | null = null): LifterCard => ({
  format: 'meet',
  lifts: ['squat', 'bench', 'deadlift'],
  sex: 'M',
  cards: { squat: { taken, declared } },
})

describe('fourth attempts (for a record only)', () => {
  it('only after the three, in a meet', () => {
    expect(isFourthAttempt(lifter(three()), 'squat')).toBe(true)
    expect(isFourthAttempt(lifter(three().slice(0, 2)), 'squat')).toBe(false)
    expect(isFourthAttempt({ ...lifter(three()), format: 'open' }, 'squat')).toBe(false)
  })

  it('must break a record held in the lifter’s categories by 0.5 kg, in 0.5 kg steps', () => {
    const l = lifter(three())
    expect(fourthAttemptRefusal(l, 'squat', 200.5, 200)).toBeNull()
    expect(fourthAttemptRefusal(l, 'squat', 200, 200)).toEqual({
      kind: 'invalid',
      error: 'A fourth squat is for a record only: it must be at least 200.5 kg, 0.5 kg over the record of 200 kg.',
    })
    expect(fourthAttemptRefusal(l, 'squat', 200.25, 199)).toEqual({
      kind: 'invalid',
      error: 'A fourth squat is loaded in steps of 0.5 kg: 200.25 kg is not one.',
    })
    expect(fourthAttemptRefusal(l, 'squat', 250, null)).toEqual({
      kind: 'conflict',
      error: 'A fourth squat is for a record only, and no squat record is held in your categories yet.',
    })
    expect(fourthAttemptRefusal(lifter(three('pending')), 'squat', 250, 200)?.kind).toBe('conflict')
    expect(fourthAttemptRefusal(lifter([...three(), { weight: 201, result: 'no_lift' }]), 'squat', 250, 200)).toEqual({
      kind: 'conflict',
      error: 'You have taken your fourth squat, the one a record allows.',
    })
  })

  it('is taken at the declared weight only', () => {
    expect(fourthTakeRefusal(lifter(three(), 200.5), 'squat', 200.5)).toBeNull()
    expect(fourthTakeRefusal(lifter(three(), 200.5), 'squat', 202.5)?.kind).toBe('conflict')
    expect(fourthTakeRefusal(lifter(three()), 'squat', 200.5)?.error).toBe(
      'You have taken your 3 squat attempts: a fourth is for a record only, declared first.',
    )
  })

  it('never counts in the best or the total, and never saves a bombed-out lifter', () => {
    const lifts = [
      { lift_type: 'squat', weight: 197.5, status: 'completed' },
      { lift_type: 'squat', weight: 200.5, status: 'completed', record_only: true },
      { lift_type: 'bench', weight: 130, status: 'completed' },
      { lift_type: 'deadlift', weight: 250, status: 'completed' },
    ]
    const best = bestLifts(lifts)
    expect(best.squat).toBe(197.5)
    expect(sportTotal(best, ['squat', 'bench', 'deadlift'])).toBe(577.5)
    const missed: TakenAttempt[] = [
      { weight: 200, result: 'no_lift' },
      { weight: 200, result: 'no_lift' },
      { weight: 200, result: 'no_lift' },
      { weight: 200.5, result: 'good' },
    ]
    expect(bombedOut({ cards: { squat: { taken: missed, declared: null } } }, ['squat'])).toBe(true)
  })
})
