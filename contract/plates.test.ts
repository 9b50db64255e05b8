// Pure: the plate check's loading per side, pinned for published-style weights (docs/video-checks.md).
import { describe, expect, it } from 'vitest'
import { PLATES, attemptLoading, describeSide, plateLoading } from './plates.ts'

const side = (weight: number, bar = 20) => {
  const l = plateLoading(weight, bar)
  return l && l.perSide.map((p) => `${p.kg} ${p.colour}`)
}

describe('plate loading', () => {
  it('loads 182.5 kg on a 20 kg bar with 2.5 kg collars: 3 reds, a 2.5, a 1 and a 0.25 a side', () => {
    expect(side(182.5)).toEqual(['25 red', '25 red', '25 red', '2.5 red', '1 green', '0.25 silver'])
    const l = plateLoading(182.5, 20)!
    expect(describeSide(l.perSide)).toBe('3 × 25, 2.5, 1, 0.25')
    expect(l.bar + l.collars + 2 * l.perSide.reduce((s, p) => s + p.kg, 0)).toBe(182.5)
  })

  it('pins other weights: 100, 250, 60, 25 (bar and collars), the empty bar without collars', () => {
    expect(side(100)).toEqual(['25 red', '10 green', '2.5 red'])
    expect(side(250)).toEqual(['25 red', '25 red', '25 red', '25 red', '10 green', '2.5 red'])
    expect(side(60)).toEqual(['15 yellow', '2.5 red'])
    expect(side(25)).toEqual([])
    expect(plateLoading(20, 20)).toEqual({ total: 20, bar: 20, collars: 0, perSide: [] })
  })

  it("uses the women's 15 kg bar for women's snatch and clean & jerk only", () => {
    // 71 − 15 − 5 = 51: 25.5 a side.
    expect(attemptLoading('snatch', 'F', 71)).toMatchObject({ bar: 15, perSide: [{ kg: 25 }, { kg: 0.5 }] })
    expect(attemptLoading('snatch', 'M', 71)).toMatchObject({ bar: 20, perSide: [{ kg: 20 }, { kg: 2.5 }, { kg: 0.5 }] })
    expect(attemptLoading('squat', 'F', 71)).toMatchObject({ bar: 20, perSide: [{ kg: 20 }, { kg: 2.5 }, { kg: 0.5 }] })
  })

  it('refuses what cannot be loaded: below the bar, between bar and bar + collars, finer than the smallest disc', () => {
    expect(plateLoading(15, 20)).toBeNull()
    expect(plateLoading(22.5, 20)).toBeNull()
    expect(plateLoading(100.1, 20)).toBeNull()
  })

  it('has the discs largest first, colours as the rulebooks give them', () => {
    expect(PLATES.map((p) => p.kg)).toEqual([25, 20, 15, 10, 5, 2.5, 2, 1.5, 1, 0.5, 0.25])
    expect(PLATES.slice(0, 5).map((p) => p.colour)).toEqual(['red', 'blue', 'yellow', 'green', 'white'])
  })
})
