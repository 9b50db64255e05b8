import { describe, expect, it } from 'vitest'
import type { Participant } from './competitions.ts'
import { bestLifts, rankParticipants, total } from './ranking.ts'

describe('ranking rules', () => {
  it('a best is the heaviest completed (judged good) attempt of each lift, never a pending one; the total adds squat, bench and deadlift', () => {
    const best = bestLifts([
      { lift_type: 'squat', weight: 200, status: 'completed' }, { lift_type: 'squat', weight: 250, status: 'failed' },
      { lift_type: 'squat', weight: 180, status: 'completed' }, { lift_type: 'bench', weight: 140, status: 'completed' },
      { lift_type: 'snatch', weight: 120, status: 'completed' }, { lift_type: 'curl', weight: 90, status: 'completed' },
      // Awaiting its judges: counts nowhere, however heavy.
      { lift_type: 'deadlift', weight: 999, status: 'pending' }, { lift_type: 'bench', weight: 300, status: 'pending' },
    ])
    expect(best).toMatchObject({ squat: 200, bench: 140, deadlift: 0, snatch: 120 })
    expect(total(best)).toBe(340)
  })

  it('ranks by total, then by who joined first', () => {
    const p = (id: number, total_weight: number, joined_at: string) => ({ id, total_weight, joined_at }) as Participant
    const ranked = rankParticipants([p(1, 300, '2026-01-02'), p(2, 500, '2026-01-03'), p(3, 300, '2026-01-01')])
    expect(ranked.map((x) => x.id)).toEqual([2, 3, 1])
  })
})
