import { describe, expect, it } from 'vitest'
import type { Lift, Participant } from './challenges.ts'
import { bestLifts, bestOf, rankParticipants, sportTotal, standingOf, type ScoringSettings } from './ranking.ts'

const POWERLIFTING: ScoringSettings = {
  sport: 'powerlifting',
  total_lifts: ['squat', 'bench', 'deadlift'],
  ranking: 'class',
  points_formula: 'dots',
}
const BY_DOTS: ScoringSettings = { ...POWERLIFTING, ranking: 'dots' }
const WEIGHTLIFTING: ScoringSettings = {
  sport: 'weightlifting',
  total_lifts: ['snatch', 'clean_and_jerk'],
  ranking: 'class',
  points_formula: 'sinclair',
}

const lift = (lift_type: string, weight: number, status = 'completed', created_at = '2026-01-01T10:00:00Z') => ({
  lift_type,
  weight,
  status,
  created_at,
})

/** A participant scored as the server scores them (standingOf). */
function lifter(
  id: number,
  fields: { weight_class?: string; bodyweight?: number | null; gender?: string; joined_at?: string },
  lifts: ReturnType<typeof lift>[],
  scoring: ScoringSettings,
): Participant {
  const base = { bodyweight: fields.bodyweight ?? null, gender: fields.gender ?? 'M' }
  return {
    id,
    user_id: id,
    competition_id: 1,
    name: `L${id}`,
    weight_class: fields.weight_class ?? '83kg',
    country: null,
    divisions: [],
    birth_year: null,
    equipment: null,
    bodyweight_source: null,
    moved_from_class: null,
    ...base,
    ...standingOf({ ...base, attempts: lifts }, scoring),
    place: null,
    attempts: lifts.map((l, i) => ({ id: id * 100 + i, ...l }) as unknown as Lift),
    joined_at: fields.joined_at ?? `2026-01-01T09:0${id}:00Z`,
  }
}
const sbd = (s: number, b: number, d: number, at = '2026-01-01T10:00:00Z') => [
  lift('squat', s, 'completed', at),
  lift('bench', b, 'completed', at),
  lift('deadlift', d, 'completed', at),
]

describe('bests and totals', () => {
  it('a best is the heaviest completed (judged good) attempt of each lift, never a pending one', () => {
    const best = bestLifts([
      lift('squat', 200),
      lift('squat', 250, 'failed'),
      lift('squat', 180),
      lift('bench', 140),
      lift('snatch', 120),
      lift('curl', 90),
      // Awaiting its judges: counts nowhere, however heavy.
      lift('deadlift', 999, 'pending'),
      lift('bench', 300, 'pending'),
    ])
    expect(best).toMatchObject({ squat: 200, bench: 140, deadlift: 0, snatch: 120 })
  })

  it('a powerlifting total needs a good squat, bench and deadlift; a bomb-out in one lift has no total', () => {
    expect(sportTotal(bestLifts(sbd(200, 140, 250)), POWERLIFTING.total_lifts)).toBe(590)
    const bombed = bestLifts([lift('squat', 200), lift('bench', 140), lift('deadlift', 250, 'failed'), lift('deadlift', 250, 'failed')])
    expect(sportTotal(bombed, POWERLIFTING.total_lifts)).toBeNull()
  })

  it('a weightlifting total is the best snatch plus the best clean & jerk; a deadlift-only challenge ranks by the deadlift', () => {
    const best = bestLifts([lift('snatch', 120), lift('snatch', 125, 'failed'), lift('clean_and_jerk', 150), lift('squat', 300)])
    expect(sportTotal(best, WEIGHTLIFTING.total_lifts)).toBe(270)
    expect(sportTotal(bestLifts([lift('deadlift', 300), lift('deadlift', 310)]), ['deadlift'])).toBe(310)
  })

  it("the standing carries the total, the spec's total_weight (0 without a total) and points with two decimals", () => {
    // DOTS men 83 kg / 600 kg → 405.05 (formulas.test.ts pins the formula itself).
    expect(standingOf({ attempts: sbd(220, 150, 230), bodyweight: 83, gender: 'M' }, POWERLIFTING)).toMatchObject({
      total: 600,
      total_weight: 600,
      points: 405.05,
    })
    expect(standingOf({ attempts: sbd(220, 150, 230), bodyweight: null, gender: 'M' }, POWERLIFTING)).toMatchObject({
      total: 600,
      points: null,
    })
    expect(standingOf({ attempts: [lift('squat', 220)], bodyweight: 83, gender: 'M' }, POWERLIFTING)).toMatchObject({
      total: null,
      total_weight: 0,
      points: null,
    })
  })
})

describe("a participant's bests", () => {
  it('reads bests from the answer, and from the attempts for lifts it has no field for', () => {
    const p = lifter(1, {}, [lift('power_clean', 140), lift('power_clean', 150, 'failed'), lift('snatch', 120)], POWERLIFTING)
    expect(bestOf(p, 'snatch')).toBe(120)
    expect(bestOf({ ...p, best_snatch: 125 }, 'snatch')).toBe(125)
    expect(bestOf(p, 'power_clean')).toBe(140)
    expect(bestOf(p, 'squat')).toBe(0)
  })
})

describe('places', () => {
  it('by class: grouped lightest class first, each ranked by total, places start at 1 in every class; no total, no place', () => {
    const list = [
      lifter(1, { weight_class: '93kg' }, sbd(250, 160, 300), POWERLIFTING),
      lifter(2, { weight_class: '74kg' }, sbd(200, 130, 240), POWERLIFTING),
      lifter(3, { weight_class: '93kg' }, sbd(260, 170, 310), POWERLIFTING),
      lifter(4, { weight_class: '74kg' }, [lift('squat', 300)], POWERLIFTING),
    ]
    expect(rankParticipants(list, POWERLIFTING).map((p) => [p.id, p.weight_class, p.place])).toEqual([
      [2, '74kg', 1],
      [4, '74kg', null],
      [3, '93kg', 1],
      [1, '93kg', 2],
    ])
  })

  it('by a formula: everyone by points across classes (a light lifter can beat a heavier total); without a bodyweight, no place', () => {
    const light = lifter(1, { weight_class: '66kg', bodyweight: 65 }, sbd(200, 125, 235), BY_DOTS) // 560 at 65 kg
    const heavy = lifter(2, { weight_class: '105kg', bodyweight: 104 }, sbd(240, 160, 270), BY_DOTS) // 670 at 104 kg
    const unweighed = lifter(3, { weight_class: '83kg' }, sbd(300, 200, 350), BY_DOTS)
    expect(light.points!).toBeGreaterThan(heavy.points!)
    expect(rankParticipants([heavy, unweighed, light], BY_DOTS).map((p) => [p.id, p.place])).toEqual([
      [1, 1],
      [2, 2],
      [3, null],
    ])
  })

  it('ties go to the lighter lifter, then to whoever made the total first, then to who joined first', () => {
    const heavier = lifter(1, { bodyweight: 82.5 }, sbd(200, 150, 250, '2026-01-01T08:00:00Z'), POWERLIFTING)
    const lighter = lifter(2, { bodyweight: 80.1 }, sbd(200, 150, 250, '2026-01-01T12:00:00Z'), POWERLIFTING)
    expect(rankParticipants([heavier, lighter], POWERLIFTING).map((p) => p.id)).toEqual([2, 1])
    const later = lifter(3, { bodyweight: 80 }, sbd(200, 150, 250, '2026-01-02T10:00:00Z'), POWERLIFTING)
    const first = lifter(4, { bodyweight: 80 }, sbd(200, 150, 250, '2026-01-01T10:00:00Z'), POWERLIFTING)
    expect(rankParticipants([later, first], POWERLIFTING).map((p) => [p.id, p.place])).toEqual([
      [4, 1],
      [3, 2],
    ])
  })
})
