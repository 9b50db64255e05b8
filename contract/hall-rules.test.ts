// The hall's rules, each side of each boundary (docs/hall-mode.md).
import { describe, expect, it } from 'vitest'
import {
  callAllowanceMs,
  clockFor,
  estimateOffset,
  pauseClock,
  remainingAt,
  resetClock,
  startClock,
  twentyKiloRefusal,
  weightliftingChangeRefusal,
} from './hall-rules.ts'

describe('the clock', () => {
  it('gives one minute, two to a weightlifter who follows themself (a powerlifter keeps one)', () => {
    expect([
      callAllowanceMs('snatch', false),
      callAllowanceMs('snatch', true),
      callAllowanceMs('clean_and_jerk', true),
      callAllowanceMs('squat', true),
    ]).toEqual([60_000, 120_000, 120_000, 60_000])
  })

  it('runs from a stored start, pauses, resumes and resets; never below zero', () => {
    let clock = clockFor(60_000)
    expect(remainingAt(clock, 5_000)).toBe(60_000)
    clock = startClock(clock, 1_000)
    expect(startClock(clock, 9_000)).toBe(clock)
    expect(remainingAt(clock, 11_000)).toBe(50_000)
    clock = pauseClock(clock, 21_000)
    expect([clock.remainingMs, clock.runningSince, remainingAt(clock, 99_000)]).toEqual([40_000, null, 40_000])
    clock = startClock(clock, 100_000)
    expect(remainingAt(clock, 139_999)).toBe(1)
    expect(remainingAt(clock, 500_000)).toBe(0)
    expect(resetClock(clock)).toEqual({ allowanceMs: 60_000, remainingMs: 60_000, runningSince: null })
  })

  it("estimates a screen's offset from the shortest round trip", () => {
    // Screen 1,000 ms behind the server; the 20 ms trip is kept over the 300 ms one.
    const samples = [
      { sentAt: 0, serverTime: 1_250, receivedAt: 300 },
      { sentAt: 500, serverTime: 1_510, receivedAt: 520 },
    ]
    expect(estimateOffset(samples)).toEqual({ offsetMs: 1_000, errorMs: 10 })
    expect(estimateOffset([])).toBeNull()
  })
})

describe('weightlifting declarations and changes', () => {
  const base = {
    lift: 'snatch' as const,
    taken: [{ weight: 100, result: 'good' as const }],
    calledWeight: 100,
    onClockRemainingMs: null,
    now: 10_000,
  }
  const desk = (declared: number | null, changes: number, previousDecidedAt: number | null = 0) => ({
    declared,
    changes,
    previousDecidedAt,
  })

  it('takes the declaration within the minute, then two changes, then refuses', () => {
    expect(weightliftingChangeRefusal({ ...base, desk: desk(null, 0), weight: 101 })).toBeNull()
    expect(weightliftingChangeRefusal({ ...base, desk: desk(101, 0), weight: 103 })).toBeNull()
    expect(weightliftingChangeRefusal({ ...base, desk: desk(103, 1), weight: 104 })).toBeNull()
    expect(weightliftingChangeRefusal({ ...base, desk: desk(104, 2), weight: 105 })?.error).toBe(
      "This attempt's 2 changes are used: the lifter lifts 104 kg.",
    )
  })

  it('after the minute the default stands and a new weight is a change', () => {
    expect(weightliftingChangeRefusal({ ...base, now: 60_000, desk: desk(null, 0), weight: 101 })).toBeNull()
    expect(weightliftingChangeRefusal({ ...base, now: 60_001, desk: desk(null, 2), weight: 101 })?.kind).toBe('conflict')
  })

  it('refuses a change at or after the final call, and below the weight already called', () => {
    expect(weightliftingChangeRefusal({ ...base, desk: desk(101, 0), weight: 102, onClockRemainingMs: 30_001 })).toBeNull()
    expect(weightliftingChangeRefusal({ ...base, desk: desk(101, 0), weight: 102, onClockRemainingMs: 30_000 })?.error).toMatch(
      /final call/,
    )
    expect(weightliftingChangeRefusal({ ...base, desk: desk(101, 0), weight: 104, calledWeight: 105 })?.error).toBe(
      'The bar has already been called at 105 kg: ask for 105 kg or more.',
    )
    expect(weightliftingChangeRefusal({ ...base, desk: desk(101, 0), weight: 105, calledWeight: 105 })).toBeNull()
  })

  it('keeps the progression and the 1 kg step', () => {
    expect(weightliftingChangeRefusal({ ...base, desk: desk(null, 0), weight: 100 })?.error).toMatch(/at least 101 kg/)
    expect(weightliftingChangeRefusal({ ...base, desk: desk(null, 0), weight: 101.5 })?.kind).toBe('invalid')
  })

  it('the 20 kg rule: openers at least the entry total less 20 kg', () => {
    expect(twentyKiloRefusal(250, 105, 125)).toBeNull()
    expect(twentyKiloRefusal(250, 105, 124)?.error).toBe(
      'The openers add up to 229 kg: with an entry total of 250 kg they must add up to at least 230 kg.',
    )
  })
})
