// Pure: attempt codes — the alphabet has no look-alikes, codes are four of its signs and never repeat a lifter's earlier one.
import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ATTEMPT_CODE_ALPHABET, attemptCode, codeForAttempt, isAttemptCode } from './attempt-codes.ts'

describe('attempt codes', () => {
  it('uses no sign of a look-alike group, and no sign twice', () => {
    for (const c of '0ODQ1ILJ2Z5S6G8BUV') expect(ATTEMPT_CODE_ALPHABET).not.toContain(c)
    expect(new Set(ATTEMPT_CODE_ALPHABET).size).toBe(ATTEMPT_CODE_ALPHABET.length)
    expect(ATTEMPT_CODE_ALPHABET).toHaveLength(18)
  })

  it('is four signs of the alphabet; a fixed source gives a fixed code', () => {
    expect(attemptCode(() => 0)).toBe('AAAA')
    expect(attemptCode(() => 17)).toBe('9999')
    const many = Array.from({ length: 2000 }, () => attemptCode(randomInt))
    for (const code of many) expect(isAttemptCode(code), code).toBe(true)
    expect(new Set(many).size).toBeGreaterThan(1900)
  })

  it("never repeats one of the lifter's earlier codes", () => {
    const sequence = [0, 0, 0, 0, 1, 1, 1, 1]
    let i = 0
    expect(attemptCode(() => sequence[i++]!, new Set(['AAAA']))).toBe('CCCC')
  })

  it('keeps the code when the same attempt is declared again; a new attempt gets a code none of the earlier ones', () => {
    const earlier = [
      { liftType: 'squat', attemptNumber: 1, code: 'ACEF' },
      { liftType: 'squat', attemptNumber: 2, code: null },
    ]
    expect(codeForAttempt(earlier, { liftType: 'squat', attemptNumber: 1 }, () => 0)).toBe('ACEF')
    // A source that would give ACEF first must give another code for a new attempt.
    let calls = 0
    const code = codeForAttempt(earlier, { liftType: 'bench', attemptNumber: 1 }, () => (calls++ < 4 ? 0 : 1))
    expect(code).not.toBe('ACEF')
    expect(code).toHaveLength(4)
    expect(codeForAttempt(earlier, { liftType: 'squat', attemptNumber: 2 }, () => 2)).toBe('EEEE')
  })

  it('reads a typed code in any case; refuses look-alikes and other lengths', () => {
    expect(isAttemptCode('ac3f')).toBe(true)
    expect(isAttemptCode('A0CF')).toBe(false)
    expect(isAttemptCode('ACF')).toBe(false)
  })
})
