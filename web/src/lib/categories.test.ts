import { describe, expect, it } from 'vitest'
import { categoryText, divisionsText } from './categories.ts'

describe('category text (docs/categories.md)', () => {
  it("names a powerlifter's divisions by the IPF's names, and a weightlifter's by the IWF's", () => {
    expect(divisionsText(['squat', 'bench', 'deadlift'], ['junior', 'open'])).toBe('Junior · Open')
    expect(divisionsText(['snatch', 'clean_and_jerk'], ['senior', 'masters_40'])).toBe('Senior · Masters 40–44')
    expect(divisionsText(['squat'], [])).toBe('')
  })

  it('adds the equipment when equipped, or classic too when the challenge offers both', () => {
    const lifts = ['squat', 'bench', 'deadlift'] as const
    expect(categoryText(lifts, { divisions: ['open', 'masters_1'], equipment: 'equipped' })).toBe('Open · Masters 1 · Equipped')
    expect(categoryText(lifts, { divisions: ['open'], equipment: 'classic' })).toBe('Open')
    expect(categoryText(lifts, { divisions: [], equipment: 'classic' }, true)).toBe('Classic')
    expect(categoryText(lifts, {})).toBe('')
  })
})
