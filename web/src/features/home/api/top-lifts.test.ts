import { describe, expect, it } from 'vitest'
import { competition, lift, participant } from '../../../test/fixtures.ts'
import { topLiftsThisMonth } from './top-lifts.ts'

describe('Top Lifts This Month', () => {
  it('the top 3 per lift, one entry per athlete, completed lifts of the last 30 days', () => {
    const now = new Date('2026-05-20T12:00:00Z')
    const recent = '2026-05-10T00:00:00Z'
    const people = [1, 2, 3, 4].map((n) => participant({
      id: n, user_id: n, name: `P${n}`,
      attempts: [
        lift({ id: n * 10, participant_id: n, lift_type: 'squat', weight: 100 + n * 10, created_at: recent }),
        lift({ id: n * 10 + 1, participant_id: n, lift_type: 'squat', weight: 90, created_at: recent }),
      ],
    }))
    people[0]!.attempts.push(lift({ id: 99, participant_id: 1, lift_type: 'squat', weight: 500, status: 'failed', created_at: recent }))
    // A 999 kg deadlift awaiting judges is no top lift.
    people[2]!.attempts.push(lift({ id: 97, participant_id: 3, lift_type: 'deadlift', weight: 999, status: 'pending', created_at: recent }))
    people[1]!.attempts.push(lift({ id: 98, participant_id: 2, lift_type: 'bench', weight: 300, created_at: '2026-03-01T00:00:00Z' }))
    const top = topLiftsThisMonth({ competitions: [competition()], participants: { 7: people } }, now)
    expect(top.squat.map((t) => [t.name, t.weight])).toEqual([['P4', 140], ['P3', 130], ['P2', 120]])
    expect(top.bench).toEqual([])
    expect(top.deadlift).toEqual([])
  })
})
