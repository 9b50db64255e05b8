// Pure: the loading per side, pinned for hand-worked weights (docs/video-checks.md, docs/hall-mode.md).
import { describe, expect, it } from 'vitest'
import { POWERLIFTING_PLATES, WEIGHTLIFTING_PLATES, attemptLoading, describeSide, plateLoading } from './plates.ts'
import type { LiftType } from './lifts.ts'

const side = (weight: number, lift: LiftType = 'squat', bar = 20) => {
  const l = plateLoading(lift, weight, bar)
  return l && l.perSide.map((p) => `${p.kg} ${p.colour}`)
}

describe('plate loading', () => {
  it('loads a 182.5 kg squat on a 20 kg bar with 2.5 kg collars: 3 reds, a 2.5 and a 1.25 a side (IPF discs)', () => {
    // (182.5 − 20 − 5) / 2 = 78.75 = 3 × 25 + 2.5 + 1.25
    expect(side(182.5)).toEqual(['25 red', '25 red', '25 red', '2.5 black', '1.25 chrome'])
    const l = plateLoading('squat', 182.5, 20)!
    expect(describeSide(l.perSide)).toBe('3 × 25, 2.5, 1.25')
    expect(l.bar + l.collars + 2 * l.perSide.reduce((s, p) => s + p.kg, 0)).toBe(182.5)
  })

  it('pins other weights: 100, 250, 60, 25 (bar and collars), a record 0.5 kg step, the empty bar without collars', () => {
    expect(side(100)).toEqual(['25 red', '10 green', '2.5 black'])
    expect(side(250)).toEqual(['25 red', '25 red', '25 red', '25 red', '10 green', '2.5 black'])
    expect(side(60)).toEqual(['15 yellow', '2.5 black'])
    expect(side(25)).toEqual([])
    expect(side(201)).toEqual(['25 red', '25 red', '25 red', '10 green', '2.5 black', '0.5 chrome'])
    expect(plateLoading('deadlift', 20, 20)).toEqual({ total: 20, bar: 20, collars: 0, perSide: [] })
  })

  it('loads weightlifting with the IWF change discs: 101 kg snatch is 25, 10, 2.5 and 0.5 a side', () => {
    // (101 − 20 − 5) / 2 = 38 = 25 + 10 + 2.5 + 0.5
    expect(side(101, 'snatch')).toEqual(['25 red', '10 green', '2.5 red', '0.5 white'])
    // (143 − 20 − 5) / 2 = 59 = 2 × 25 + 5 + 2.5 + 1.5
    expect(side(143, 'clean_and_jerk')).toEqual(['25 red', '25 red', '5 white', '2.5 red', '1.5 yellow'])
  })

  it("uses the women's 15 kg bar for women's snatch and clean & jerk only", () => {
    // 71 − 15 − 5 = 51: 25.5 a side.
    expect(attemptLoading('snatch', 'F', 71)).toMatchObject({ bar: 15, perSide: [{ kg: 25 }, { kg: 0.5 }] })
    expect(attemptLoading('snatch', 'M', 71)).toMatchObject({ bar: 20, perSide: [{ kg: 20 }, { kg: 2.5 }, { kg: 0.5 }] })
    // A woman's 72.5 kg squat: 23.75 a side on the 20 kg bar.
    expect(attemptLoading('squat', 'F', 72.5)).toMatchObject({ bar: 20, perSide: [{ kg: 20 }, { kg: 2.5 }, { kg: 1.25 }] })
  })

  it('refuses what cannot be loaded: below the bar, between bar and bar + collars, finer than the smallest disc', () => {
    expect(plateLoading('squat', 15, 20)).toBeNull()
    expect(plateLoading('squat', 22.5, 20)).toBeNull()
    expect(plateLoading('squat', 100.1, 20)).toBeNull()
    // 0.25 kg discs exist for powerlifting records, not in weightlifting: 100.5 kg loads for a squat only.
    expect(plateLoading('squat', 100.5, 20)).not.toBeNull()
    expect(plateLoading('snatch', 100.5, 20)).toBeNull()
  })

  it("has each sport's discs largest first, colours as the rulebooks give them", () => {
    expect(POWERLIFTING_PLATES.map((p) => p.kg)).toEqual([25, 20, 15, 10, 5, 2.5, 1.25, 0.5, 0.25])
    expect(WEIGHTLIFTING_PLATES.map((p) => p.kg)).toEqual([25, 20, 15, 10, 5, 2.5, 2, 1.5, 1, 0.5])
    for (const set of [POWERLIFTING_PLATES, WEIGHTLIFTING_PLATES])
      expect(set.slice(0, 4).map((p) => p.colour)).toEqual(['red', 'blue', 'yellow', 'green'])
  })
})
