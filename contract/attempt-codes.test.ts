// Pure: attempt codes — the alphabet has no look-alikes, codes are four of its signs and never repeat a lifter's earlier one.
import { randomInt } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { ATTEMPT_CODE_ALPHABET, attemptCode, isAttemptCode } from './attempt-codes.ts'

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

  it('reads a typed code in any case; refuses look-alikes and other lengths', () => {
    expect(isAttemptCode('ac3f')).toBe(true)
    expect(isAttemptCode('A0CF')).toBe(false)
    expect(isAttemptCode('ACF')).toBe(false)
  })
})
