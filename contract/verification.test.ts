import { describe, expect, it } from 'vitest'
import { isVerifiedDecision, type DecidingVote } from './verification.ts'

const certified = (userId: number, withDecision = true): DecidingVote => ({ userId, certified: true, withDecision })
const uncertified = (userId: number, withDecision = true): DecidingVote => ({ userId, certified: false, withDecision })
const LIFTER = 1
const ORGANISER = 2

describe('isVerifiedDecision', () => {
  const panel = (seats: number[], voters: DecidingVote[], organiserId: number | null = ORGANISER) =>
    isVerifiedDecision({ by: 'panel', lifterId: LIFTER, organiserId, panel: seats, voters })

  it.each([
    ['three certified judges', [10, 11, 12], [certified(10), certified(11), certified(12)], true],
    ['two of three certified', [10, 11, 12], [certified(10), certified(11), uncertified(12)], true],
    ['one of three certified', [10, 11, 12], [certified(10), uncertified(11), uncertified(12)], false],
    ['none certified', [10, 11, 12], [uncertified(10), uncertified(11), uncertified(12)], false],
    ['five seats, two certified voters', [10, 11, 12, 13, 14], [certified(10), uncertified(11), certified(14)], true],
    // The sock-puppet case: the organiser judges alone (no panel appointed), whoever they are.
    ['the organiser alone', [ORGANISER], [certified(ORGANISER)], false],
    ['the organiser on a panel of three certified', [ORGANISER, 10, 11], [certified(ORGANISER), certified(10), certified(11)], false],
    ['the organiser seated beside four others', [ORGANISER, 10, 11, 12, 13], [certified(10), certified(11), certified(12)], false],
    ['two judges only', [10, 11], [certified(10), certified(11)], false],
    // A judge who lifts never judges their own attempt: seats left for this lifter are two.
    ['three seats of whom one is the lifter', [LIFTER, 10, 11], [certified(10), certified(11)], false],
    ['four seats of whom one is the lifter', [LIFTER, 10, 11, 12], [certified(10), certified(11), certified(12)], true],
  ])('%s → %s', (_, seats, voters, expected) => {
    expect(panel(seats as number[], voters as DecidingVote[])).toBe(expected)
  })

  it('an uncertified vote never tips the decision: two certified votes must agree with it', () => {
    // Certified split 1–1, the uncertified vote decides: not verified.
    expect(panel([10, 11, 12], [certified(10, true), certified(11, false), uncertified(12, true)])).toBe(false)
    // Two certified with the decision, the third (certified or not) against: verified.
    expect(panel([10, 11, 12], [certified(10, true), certified(11, true), uncertified(12, false)])).toBe(true)
  })

  it('a vote from a judge no longer seated does not make a verified decision', () => {
    expect(panel([10, 11, 13], [certified(10), certified(11), certified(12)])).toBe(false)
  })

  it('a challenge without an organiser (account deleted) is judged by its panel alone', () => {
    expect(panel([10, 11, 12], [certified(10), certified(11), certified(12)], null)).toBe(true)
  })

  it('a vote by the lifter or the organiser spoils the decision even on a good panel', () => {
    expect(panel([10, 11, 12], [certified(10), certified(11), certified(LIFTER)])).toBe(false)
    expect(panel([10, 11, 12], [certified(10), certified(11), certified(ORGANISER)])).toBe(false)
  })

  it('a jury counts on appeal against a verified panel decision when it is a certified judge who is not the lifter, never when it decides directly', () => {
    const jury = (onAppeal: boolean, reversesVerified: boolean, judge: DecidingVote) =>
      isVerifiedDecision({ by: 'jury', onAppeal, reversesVerified, lifterId: LIFTER, jury: judge })
    expect(jury(true, true, certified(ORGANISER))).toBe(true)
    expect(jury(true, true, uncertified(ORGANISER))).toBe(false)
    expect(jury(true, true, certified(LIFTER))).toBe(false)
    expect(jury(false, false, certified(ORGANISER))).toBe(false)
    // The organiser judged alone, then reverses their own no lift on the lifter's appeal: one person, unverified.
    expect(jury(true, false, certified(ORGANISER))).toBe(false)
  })
})
