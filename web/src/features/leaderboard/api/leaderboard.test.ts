import { describe, expect, it } from 'vitest'
import { competition, lift, participant } from '../../../test/fixtures.ts'
import { buildLeaderboard, rankLeaderboard } from './leaderboard.ts'

describe('leaderboard (computed from competitions + participants)', () => {
  const all = {
    competitions: [competition({ id: 1, location: 'Oslo' }), competition({ id: 2, location: 'Tokyo' })],
    participants: {
      1: [
        participant({ id: 1, user_id: 10, name: 'Anna', weight_class: '74kg', best_squat: 150, best_bench: 90, best_deadlift: 180, total_weight: 420 }),
        participant({ id: 2, user_id: 11, name: 'Ben', weight_class: '93kg', best_squat: 220, best_bench: 150, best_deadlift: 250, total_weight: 620 }),
        participant({ id: 3, user_id: 12, name: 'Idle' }),
      ],
      2: [participant({ id: 4, user_id: 10, name: 'Anna', weight_class: '66kg', best_squat: 160, best_bench: 85, best_deadlift: 190, total_weight: 435 })],
    },
  }

  it('one row per athlete: best lifts across challenges, the best total with its class and location', () => {
    const rows = buildLeaderboard(all)
    expect(rows.map((r) => r.name).sort()).toEqual(['Anna', 'Ben'])
    const anna = rows.find((r) => r.userId === 10)!
    expect(anna).toMatchObject({ squat: 160, bench: 90, deadlift: 190, total: 435, weightClass: '66kg', location: 'Tokyo' })
  })

  it('sorts by the chosen lift and filters by class and location', () => {
    const rows = buildLeaderboard(all)
    expect(rankLeaderboard(rows, 'total', { weightClass: '', location: '' }).map((r) => r.name)).toEqual(['Ben', 'Anna'])
    expect(rankLeaderboard(rows, 'squat', { weightClass: '', location: 'Tokyo' }).map((r) => r.name)).toEqual(['Anna'])
    expect(rankLeaderboard(rows, 'bench', { weightClass: '93kg', location: '' }).map((r) => r.name)).toEqual(['Ben'])
  })

  it('attempts awaiting judges are counted beside the name, never ranked: a lifter with only pending lifts has no row', () => {
    const pending = (id: number, weight: number) => lift({ id, status: 'pending', weight })
    const rows = buildLeaderboard({
      competitions: [competition({ id: 1 }), competition({ id: 2 })],
      participants: {
        1: [
          participant({ id: 1, user_id: 10, name: 'Anna', best_squat: 150, total_weight: 150, attempts: [lift({ id: 1, weight: 150 }), pending(2, 999)] }),
          participant({ id: 2, user_id: 11, name: 'Claimer', attempts: [pending(3, 999)] }),
        ],
        2: [participant({ id: 3, user_id: 10, name: 'Anna', best_bench: 100, total_weight: 100, attempts: [pending(4, 120)] })],
      },
    })
    expect(rows.map((r) => r.name)).toEqual(['Anna'])
    expect(rows[0]).toMatchObject({ squat: 150, total: 150, pending: 2 })
  })
})
