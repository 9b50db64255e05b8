import { describe, expect, it } from 'vitest'
import { lift, participant } from '../test/fixtures.ts'
import { applyAttempt, upsertLift, upsertParticipant } from './participants.ts'

describe('live updates of a challenge snapshot', () => {
  it('a join adds the participant once, ranked by total', () => {
    const a = participant({ id: 1, total_weight: 300 })
    const b = participant({ id: 2, total_weight: 500, name: 'B' })
    const list = upsertParticipant(upsertParticipant([a], b), b)
    expect(list.map((p) => p.id)).toEqual([2, 1])
  })

  it('an attempt updates bests (completed only), the total and the ranking', () => {
    const list = [participant({ id: 1, total_weight: 100, best_squat: 100 }), participant({ id: 2, name: 'B' })]
    let next = applyAttempt(list, lift({ id: 10, participant_id: 2, lift_type: 'bench', weight: 150 }))
    next = applyAttempt(next, lift({ id: 11, participant_id: 2, lift_type: 'bench', weight: 170, status: 'failed' }))
    expect(next[0]).toMatchObject({ id: 2, best_bench: 150, total_weight: 150 })
    expect(next[0]!.attempts.map((a) => a.id)).toEqual([10, 11])
    // an update of the same attempt replaces it
    next = applyAttempt(next, lift({ id: 11, participant_id: 2, lift_type: 'bench', weight: 170, status: 'completed' }))
    expect(next[0]).toMatchObject({ best_bench: 170, total_weight: 170 })
    expect(next[0]!.attempts).toHaveLength(2)
  })

  it('lifts stay newest first without duplicates', () => {
    const old = lift({ id: 1, created_at: '2026-01-01T00:00:00Z' })
    const fresh = lift({ id: 2, created_at: '2026-01-02T00:00:00Z' })
    expect(upsertLift(upsertLift([old], fresh), fresh).map((l) => l.id)).toEqual([2, 1])
  })
})
