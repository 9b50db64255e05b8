import { describe, expect, it } from 'vitest'
import { lift, participant } from '../test/fixtures.ts'
import type { Lift } from './contract.ts'
import { applyAttempt, applyVote, applyVoteToLifts, upsertLift, upsertParticipant, type Scoring } from './participants.ts'

/** A deadlift-only challenge: each good deadlift is a total. */
const DEADLIFT: Scoring = { sport: 'single_lift', total_lifts: ['deadlift'], ranking: 'class', points_formula: 'dots' }

describe('live updates of a challenge snapshot', () => {
  it('a join adds the participant once, ranked by total and placed', () => {
    const a = participant({ id: 1, total: 300, total_weight: 300 })
    const b = participant({ id: 2, total: 500, total_weight: 500, name: 'B' })
    const list = upsertParticipant(upsertParticipant([a], b, DEADLIFT), b, DEADLIFT)
    expect(list.map((p) => [p.id, p.place])).toEqual([
      [2, 1],
      [1, 2],
    ])
  })

  it("before the challenge's scoring has loaded, a join keeps the server's order", () => {
    const a = participant({ id: 1, total: 300, total_weight: 300 })
    const b = participant({ id: 2, total: 500, total_weight: 500, name: 'B' })
    expect(upsertParticipant([a], b, null).map((p) => p.id)).toEqual([1, 2])
  })

  it('an attempt updates bests (completed only), the total, points and the ranking', () => {
    const list = [
      participant({ id: 1, total: 100, total_weight: 100, best_deadlift: 100 }),
      participant({ id: 2, name: 'B', bodyweight: 83 }),
    ]
    let next = applyAttempt(list, lift({ id: 10, participant_id: 2, lift_type: 'deadlift', weight: 150 }), DEADLIFT)
    next = applyAttempt(next, lift({ id: 11, participant_id: 2, lift_type: 'deadlift', weight: 170, status: 'failed' }), DEADLIFT)
    expect(next[0]).toMatchObject({ id: 2, best_deadlift: 150, total: 150, total_weight: 150, place: 1 })
    expect(next[0]!.points).toBeGreaterThan(0)
    expect(next[0]!.attempts.map((a) => a.id)).toEqual([10, 11])
    // an update of the same attempt replaces it
    next = applyAttempt(next, lift({ id: 11, participant_id: 2, lift_type: 'deadlift', weight: 170, status: 'completed' }), DEADLIFT)
    expect(next[0]).toMatchObject({ best_deadlift: 170, total_weight: 170 })
    expect(next[0]!.attempts).toHaveLength(2)
  })

  it("a decision (attempt.judged) takes the lifter's standing as the server sent it", () => {
    const list = [participant({ id: 1, name: 'A', total: 200, total_weight: 200, best_deadlift: 200 }), participant({ id: 2, name: 'B' })]
    const standing = {
      best_squat: 0,
      best_bench: 0,
      best_deadlift: 260,
      best_snatch: 0,
      best_clean_and_jerk: 0,
      total: 260,
      total_weight: 260,
      points: 171.5,
    }
    const next = applyAttempt(list, lift({ id: 12, participant_id: 2, lift_type: 'deadlift', weight: 260 }), DEADLIFT, standing)
    expect(next.map((p) => [p.id, p.place, p.points])).toEqual([
      [2, 1, 171.5],
      [1, 2, null],
    ])
  })

  it('lifts stay newest first without duplicates', () => {
    const old = lift({ id: 1, created_at: '2026-01-01T00:00:00Z' })
    const fresh = lift({ id: 2, created_at: '2026-01-02T00:00:00Z' })
    expect(upsertLift(upsertLift([old], fresh), fresh).map((l) => l.id)).toEqual([2, 1])
  })

  const pendingJudging = (votes_cast: number, votes_needed = 3): Lift['judging'] => ({
    votes_cast,
    votes_needed,
    decided_by: null,
    decided_at: null,
    lights: [],
    appeal: null,
    appeal_until: null,
    verified: false,
  })

  it('a pending attempt shows but never ranks; its decision replaces it and the ranking follows', () => {
    const list = [
      participant({ id: 1, name: 'A', total: 200, total_weight: 200, best_deadlift: 200, joined_at: '2026-01-01T09:00:00Z' }),
      participant({ id: 2, name: 'B', joined_at: '2026-01-01T09:05:00Z' }),
    ]
    const pending = lift({ id: 20, participant_id: 2, lift_type: 'deadlift', weight: 250, status: 'pending', judging: pendingJudging(0) })
    let next = applyAttempt(list, pending, DEADLIFT)
    expect(next.map((p) => p.id)).toEqual([1, 2])
    expect(next[1]).toMatchObject({ best_deadlift: 0, total_weight: 0, total: null, place: null })
    expect(next[1]!.attempts[0]!.status).toBe('pending')

    const light = { judge: 'Judge 1', good: true, card: null, reason: null, reason_label: null, at_seconds: null, note: null }
    const judged = {
      ...pending,
      status: 'completed' as const,
      judging: { ...pendingJudging(3), decided_by: 'panel' as const, decided_at: '2026-01-01T10:10:00Z', lights: [light, light, light] },
    }
    next = applyAttempt(next, judged, DEADLIFT)
    expect(next.map((p) => p.id)).toEqual([2, 1])
    expect(next[0]).toMatchObject({ best_deadlift: 250, total_weight: 250 })
    expect(next[0]!.attempts).toHaveLength(1)
    expect(next[0]!.attempts[0]!.judging.lights).toHaveLength(3)

    // a no lift decided on appeal (attempt.judged again) takes the total away
    next = applyAttempt(next, { ...judged, status: 'failed' }, DEADLIFT)
    expect(next.map((p) => p.id)).toEqual([1, 2])
    expect(next[1]).toMatchObject({ best_deadlift: 0, total_weight: 0, total: null })
  })

  it('attempt.voted patches the counts of that attempt only, never a decided one, never backwards', () => {
    const a = lift({ id: 30, participant_id: 1, status: 'pending', judging: pendingJudging(0) })
    const b = lift({ id: 31, participant_id: 1, status: 'pending', judging: pendingJudging(0) })
    const list = [participant({ id: 1, attempts: [a, b] })]
    const next = applyVote(list, { attempt_id: 30, votes_cast: 2, votes_needed: 3 })
    expect(next[0]!.attempts.map((x) => x.judging.votes_cast)).toEqual([2, 0])
    expect(list[0]!.attempts[0]!.judging.votes_cast).toBe(0)
    // an older count arriving late does not lower it
    expect(applyVote(next, { attempt_id: 30, votes_cast: 1, votes_needed: 3 })[0]!.attempts[0]!.judging.votes_cast).toBe(2)
    // a count after the decision leaves the decided attempt alone
    const decided = lift({ id: 32, status: 'completed' })
    expect(applyVoteToLifts([decided, a], { attempt_id: 32, votes_cast: 3, votes_needed: 3 })[0]).toBe(decided)
    expect(applyVoteToLifts([decided, a], { attempt_id: 30, votes_cast: 1, votes_needed: 3 })[1]!.judging).toMatchObject({
      votes_cast: 1,
      votes_needed: 3,
    })
  })
})
