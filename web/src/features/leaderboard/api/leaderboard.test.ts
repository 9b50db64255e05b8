import { describe, expect, it } from 'vitest'
import { pointsFor } from '../../../lib/contract.ts'
import { formatPoints } from '../../../lib/format.ts'
import { competition, lift, participant } from '../../../test/fixtures.ts'
import { NO_FILTER, buildLeaderboard, liftColumnsFor, pointsColumnsFor, rankLeaderboard, sortKeysFor, type LeaderboardRow } from './leaderboard.ts'

const PL = ['squat', 'bench', 'deadlift'] as const
const WL = ['snatch', 'clean_and_jerk'] as const
const weightlifting = (id: number, location: string) => competition({ id, location, name: `WL ${id}`, lifttypes: ['Snatch', 'Clean & Jerk'], sport: 'weightlifting', total_lifts: [...WL], points_formula: 'sinclair' })
const deadliftOnly = (id: number, location: string) => competition({ id, location, name: `DL ${id}`, lifttypes: ['Deadlift'], sport: 'single_lift', total_lifts: ['deadlift'] })
const snatchOnly = (id: number, location: string) => competition({ id, location, name: `SN ${id}`, lifttypes: ['Snatch'], sport: 'single_lift', total_lifts: ['snatch'] })
const names = (rows: readonly LeaderboardRow[]) => rows.map((r) => `${r.name} ${r.sport}`)

describe('leaderboard (computed from competitions + participants)', () => {
  const all = {
    competitions: [competition({ id: 1, location: 'Oslo' }), competition({ id: 2, location: 'Tokyo' }), weightlifting(3, 'Havana'), deadliftOnly(4, 'Online'), snatchOnly(5, 'Online')],
    participants: {
      1: [
        participant({ id: 1, user_id: 10, name: 'Anna', country: 'Japan', weight_class: '74kg', bodyweight: 73, best_squat: 150, best_bench: 90, best_deadlift: 180, total: 420, total_weight: 420 }),
        participant({ id: 2, user_id: 11, name: 'Ben', country: 'Norway', weight_class: '93kg', bodyweight: 92, best_squat: 220, best_bench: 150, best_deadlift: 250, total: 620, total_weight: 620 }),
        participant({ id: 3, user_id: 12, name: 'Idle' }),
      ],
      2: [participant({ id: 4, user_id: 10, name: 'Anna', country: 'Japan', weight_class: '66kg', bodyweight: 65.5, best_squat: 160, best_bench: 85, best_deadlift: 175, total: 420, total_weight: 420 })],
      3: [
        participant({ id: 5, user_id: 10, name: 'Anna', country: 'Japan', weight_class: '74kg', bodyweight: 72, best_snatch: 100, best_clean_and_jerk: 125, total: 225, total_weight: 225 }),
        participant({ id: 6, user_id: 13, name: 'Cleo', country: 'Cuba', gender: 'F', weight_class: '59kg', bodyweight: 58, best_snatch: 90, best_clean_and_jerk: 0, total: null, total_weight: 0 }),
      ],
      // Single lifts: the best counts for the family's lift, never as its total.
      4: [participant({ id: 7, user_id: 10, name: 'Anna', country: 'Japan', weight_class: '74kg', bodyweight: 73, best_deadlift: 200, total: 200, total_weight: 200 })],
      5: [participant({ id: 8, user_id: 11, name: 'Ben', country: 'Norway', weight_class: '93kg', bodyweight: 92, best_snatch: 110, total: 110, total_weight: 110 })],
    },
  }

  it('one row per athlete per sport: best lifts across challenges, the best total of one challenge of that sport with its class and location', () => {
    const rows = buildLeaderboard(all)
    expect(names(rankLeaderboard(rows, 'total', NO_FILTER))).toEqual(['Ben powerlifting', 'Anna powerlifting', 'Anna weightlifting', 'Ben weightlifting', 'Cleo weightlifting'])
    const anna = rows.find((r) => r.userId === 10 && r.sport === 'powerlifting')!
    // Deadlift 200 from the deadlift-only challenge; the total stays the first 420 (Oslo, 74kg): Tokyo's equal total does not replace it.
    expect(anna).toMatchObject({ squat: 160, bench: 90, deadlift: 200, snatch: 0, clean_and_jerk: 0, total: 420, weightClass: '74kg', location: 'Oslo', bodyweight: 73 })
    expect(rows.find((r) => r.userId === 10 && r.sport === 'weightlifting')).toMatchObject({ snatch: 100, clean_and_jerk: 125, total: 225, location: 'Havana', squat: 0 })
    // Ben's snatch-only best makes a weightlifting row without a total, shown with that entry.
    expect(rows.find((r) => r.userId === 11 && r.sport === 'weightlifting')).toMatchObject({ snatch: 110, total: null, location: 'Online' })
    expect(rows.some((r) => r.name === 'Idle')).toBe(false)
  })

  it('a better total from another challenge takes that entry: class, bodyweight, location', () => {
    const rows = buildLeaderboard({ ...all, participants: { ...all.participants, 2: [participant({ id: 4, user_id: 10, name: 'Anna', weight_class: '66kg', bodyweight: 65.5, best_squat: 160, best_bench: 85, best_deadlift: 190, total: 435 })] } })
    expect(rows.find((r) => r.userId === 10 && r.sport === 'powerlifting')).toMatchObject({ total: 435, weightClass: '66kg', bodyweight: 65.5, location: 'Tokyo' })
  })

  it("filters by the lifter's country, which is not the challenge's location", () => {
    const rows = buildLeaderboard(all)
    expect(names(rankLeaderboard(rows, 'total', { ...NO_FILTER, country: 'Japan' }))).toEqual(['Anna powerlifting', 'Anna weightlifting'])
    // Anna (Japan) lifted her powerlifting total in Oslo: the location filter goes by the challenge.
    expect(names(rankLeaderboard(rows, 'total', { ...NO_FILTER, location: 'Oslo' }))).toEqual(['Ben powerlifting', 'Anna powerlifting'])
    expect(names(rankLeaderboard(rows, 'total', { ...NO_FILTER, country: 'Norway' }))).toEqual(['Ben powerlifting', 'Ben weightlifting'])
    expect(rankLeaderboard(rows, 'total', { ...NO_FILTER, location: 'Japan' })).toEqual([])
    expect(rankLeaderboard(rows, 'total', { ...NO_FILTER, country: 'Oslo' })).toEqual([])
  })

  it('filters by gender, weight class and sport', () => {
    const rows = buildLeaderboard(all)
    expect(names(rankLeaderboard(rows, 'total', { ...NO_FILTER, gender: 'F' }))).toEqual(['Cleo weightlifting'])
    expect(names(rankLeaderboard(rows, 'total', { ...NO_FILTER, gender: 'M', sport: 'weightlifting' }))).toEqual(['Anna weightlifting', 'Ben weightlifting'])
    expect(names(rankLeaderboard(rows, 'bench', { ...NO_FILTER, weightClass: '93kg' }))).toEqual(['Ben powerlifting', 'Ben weightlifting'])
    expect(names(rankLeaderboard(rows, 'snatch', { ...NO_FILTER, sport: 'weightlifting' }))).toEqual(['Ben weightlifting', 'Anna weightlifting', 'Cleo weightlifting'])
  })

  it('sorts by a lift: rows without it follow, by name', () => {
    const rows = buildLeaderboard(all)
    expect(names(rankLeaderboard(rows, 'clean_and_jerk', NO_FILTER))).toEqual(['Anna weightlifting', 'Anna powerlifting', 'Ben powerlifting', 'Ben weightlifting', 'Cleo weightlifting'])
    expect(names(rankLeaderboard(rows, 'deadlift', NO_FILTER)).slice(0, 2)).toEqual(['Ben powerlifting', 'Anna powerlifting'])
  })

  it('a formula ranks a lighter lifter with a smaller total above a heavier one; no bodyweight or a formula that does not fit sorts after', () => {
    const rows = buildLeaderboard({
      competitions: [competition({ id: 1 }), weightlifting(2, 'Havana')],
      participants: {
        1: [
          participant({ id: 1, user_id: 1, name: 'Heavy', weight_class: '120kg', bodyweight: 118, best_squat: 260, best_bench: 170, best_deadlift: 270, total: 700 }),
          participant({ id: 2, user_id: 2, name: 'Light', weight_class: '66kg', bodyweight: 65, best_squat: 220, best_bench: 140, best_deadlift: 240, total: 600 }),
          participant({ id: 3, user_id: 3, name: 'Aaron', weight_class: '93kg', bodyweight: null, best_squat: 300, best_bench: 200, best_deadlift: 320, total: 820 }),
        ],
        2: [participant({ id: 4, user_id: 4, name: 'Lifter', weight_class: '105kg', bodyweight: 104, best_snatch: 130, best_clean_and_jerk: 170, total: 300 })],
      },
    })
    expect(names(rankLeaderboard(rows, 'total', NO_FILTER))).toEqual(['Aaron powerlifting', 'Heavy powerlifting', 'Light powerlifting', 'Lifter weightlifting'])
    expect(names(rankLeaderboard(rows, 'dots', NO_FILTER))).toEqual(['Light powerlifting', 'Heavy powerlifting', 'Aaron powerlifting', 'Lifter weightlifting'])
    const light = rows.find((r) => r.name === 'Light')!
    const heavy = rows.find((r) => r.name === 'Heavy')!
    expect(light.points.dots).toBe(pointsFor('dots', PL, 'M', 65, 600))
    expect(light.points.dots).toBe(475.51)
    expect(heavy.points.dots).toBe(404.3)
    expect(rows.find((r) => r.name === 'Aaron')!.points.dots).toBeNull()
    // Sinclair scores weightlifting totals only: null on every powerlifting row, DOTS null on the weightlifting row.
    expect(rows.filter((r) => r.sport === 'powerlifting').map((r) => r.points.sinclair)).toEqual([null, null, null])
    const lifter = rows.find((r) => r.name === 'Lifter')!
    expect(lifter.points).toMatchObject({ sinclair: 342.49, dots: null, wilks: null })
    expect(names(rankLeaderboard(rows, 'sinclair', NO_FILTER))).toEqual(['Lifter weightlifting', 'Aaron powerlifting', 'Heavy powerlifting', 'Light powerlifting'])
    // Shown with two decimals, '—' without points.
    expect(formatPoints(heavy.points.dots)).toBe('404.30')
    expect(formatPoints(light.points.dots)).toBe('475.51')
    expect(formatPoints(heavy.points.sinclair)).toBe('—')
  })

  it('points use the gender and bodyweight of the entry where the total was made', () => {
    const rows = buildLeaderboard({
      competitions: [weightlifting(1, 'A'), weightlifting(2, 'B')],
      participants: {
        1: [participant({ id: 1, user_id: 1, name: 'Cleo', gender: 'F', weight_class: '66kg', bodyweight: 63, best_snatch: 80, best_clean_and_jerk: 100, total: 180 })],
        2: [participant({ id: 2, user_id: 1, name: 'Cleo', gender: 'F', weight_class: '59kg', bodyweight: 58.5, best_snatch: 90, best_clean_and_jerk: 110, total: 200 })],
      },
    })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ total: 200, bodyweight: 58.5, gender: 'F', points: { sinclair: pointsFor('sinclair', WL, 'F', 58.5, 200) } })
    expect(rows[0]!.points.sinclair).toBe(272.9)
  })

  it('the sort keys and columns follow the sport filter', () => {
    expect(sortKeysFor('powerlifting')).toEqual(['total', 'squat', 'bench', 'deadlift', 'dots', 'ipf_gl', 'wilks', 'wilks2020'])
    expect(sortKeysFor('weightlifting')).toEqual(['total', 'snatch', 'clean_and_jerk', 'sinclair'])
    expect(sortKeysFor('')).toHaveLength(11)
    expect(liftColumnsFor('weightlifting')).toEqual(['snatch', 'clean_and_jerk'])
    expect(liftColumnsFor('')).toEqual(['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk'])
    expect(pointsColumnsFor('powerlifting', 'total')).toEqual(['dots'])
    expect(pointsColumnsFor('weightlifting', 'snatch')).toEqual(['sinclair'])
    expect(pointsColumnsFor('', 'total')).toEqual(['dots', 'sinclair'])
    expect(pointsColumnsFor('powerlifting', 'wilks')).toEqual(['wilks'])
  })

  it('attempts awaiting judges are counted beside the name, never ranked: a lifter with only pending lifts has no row', () => {
    const pending = (id: number, weight: number, lift_type = 'squat') => lift({ id, status: 'pending', weight, lift_type })
    const rows = buildLeaderboard({
      competitions: [competition({ id: 1 }), competition({ id: 2 })],
      participants: {
        1: [
          participant({ id: 1, user_id: 10, name: 'Anna', best_squat: 150, attempts: [lift({ id: 1, weight: 150 }), pending(2, 999)] }),
          participant({ id: 2, user_id: 11, name: 'Claimer', attempts: [pending(3, 999)] }),
        ],
        2: [participant({ id: 3, user_id: 10, name: 'Anna', best_bench: 100, attempts: [pending(4, 120, 'bench'), pending(5, 60, 'snatch')] })],
      },
    })
    expect(names(rows)).toEqual(['Anna powerlifting'])
    expect(rows[0]).toMatchObject({ squat: 150, bench: 100, total: null, pending: 2 })
  })
})
