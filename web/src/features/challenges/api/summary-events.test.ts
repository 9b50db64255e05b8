// The summary and the own entry patched by the room's events: counts that only grow, the top kept
// to 5 per group by the shared ranking, recent attempts capped, and "stale" exactly when a lifter
// the summary does not hold may now be in its top.
import { describe, expect, it } from 'vitest'
import type { Challenge, LiveEvent, Participant, Standing } from '../../../lib/contract.ts'
import { challenge, lift, participant, summary } from '../../../test/fixtures.ts'
import { applyOwnEvent, applySummaryEvent } from './summary-events.ts'

const at = (e: Omit<LiveEvent, 'room' | 'at'>) => ({ ...e, room: 'competition:7', at: '' }) as LiveEvent
const lifter = (n: number, overrides: Partial<Participant> = {}) =>
  participant({ id: n, user_id: 100 + n, name: `Lifter ${n}`, ...overrides })
const standing = (overrides: Partial<Standing>): Standing => ({
  best_squat: 0,
  best_bench: 0,
  best_deadlift: 0,
  best_snatch: 0,
  best_clean_and_jerk: 0,
  total: null,
  total_weight: 0,
  points: null,
  ...overrides,
})
const judged = (n: number, s: Standing, seq = 2) =>
  at({
    type: 'attempt.judged',
    seq,
    data: { competition_id: 7, attempt: lift({ id: 900 + n, participant_id: n, user_id: 100 + n }), standing: s },
  } as Omit<LiveEvent, 'room' | 'at'>)
const names = (top: Participant[]) => top.map((p) => p.name)

// Ranked overall by DOTS: the top 5 have 400 down to 360 points; 8 lifters in all.
const DOTS: Partial<Challenge> = { ranking: 'dots', points_formula: 'dots' }
const byPoints = () =>
  summary({
    competition: challenge(DOTS),
    count: 8,
    class_counts: { '74kg': 8 },
    top: [1, 2, 3, 4, 5].map((n) => lifter(n, { total: 700, total_weight: 700, points: 410 - n * 10, bodyweight: 80, place: n })),
  })

describe('applySummaryEvent', () => {
  it('a decision of a lifter outside the top is stale only when it may pass the 5th', () => {
    expect(applySummaryEvent(byPoints(), judged(6, standing({ total: 700, total_weight: 700, points: 361 }))).stale).toBe(true)
    expect(applySummaryEvent(byPoints(), judged(6, standing({ total: 700, total_weight: 700, points: 360 }))).stale).toBe(true) // level: bodyweight decides
    expect(applySummaryEvent(byPoints(), judged(6, standing({ total: 700, total_weight: 700, points: 359 }))).stale).toBe(false)
    expect(applySummaryEvent(byPoints(), judged(6, standing({ total: 700, total_weight: 700 }))).stale).toBe(false) // no bodyweight, no points
  })

  it('without scores in the top, an outsider passes the 5th by a heavier total; level, who joined first stays ahead', () => {
    const unscored = summary({
      competition: challenge(DOTS),
      count: 8,
      top: [1, 2, 3, 4, 5].map((n) => lifter(n, { total_weight: 100 })),
    })
    expect(applySummaryEvent(unscored, judged(6, standing({ total_weight: 100 }))).stale).toBe(false)
    expect(applySummaryEvent(unscored, judged(6, standing({ total_weight: 110 }))).stale).toBe(true)
  })

  it('by class, only classes that leave lifters out are asked; a class shown whole cannot gain one', () => {
    const whole = summary({
      competition: challenge({ ranking: 'class' }),
      count: 2,
      class_counts: { '74kg': 1, '83kg': 1 },
      top: [lifter(1, { total: 300, place: 1 }), lifter(2, { weight_class: '83kg' })],
    })
    expect(applySummaryEvent(whole, judged(3, standing({ total: 900, total_weight: 900 }))).stale).toBe(false)
    const more = {
      ...whole,
      count: 7,
      class_counts: { '74kg': 1, '83kg': 6 },
      top: [
        whole.top[0]!,
        ...[2, 3, 4, 5, 6].map((n) => lifter(n, { weight_class: '83kg', total: 300 - n, total_weight: 300 - n, place: n - 1 })),
      ],
    }
    expect(applySummaryEvent(more, judged(9, standing({ total: 295, total_weight: 295 }))).stale).toBe(true)
    expect(applySummaryEvent(more, judged(9, standing({ total: 200, total_weight: 200 }))).stale).toBe(false)
  })

  it('a shown lifter is re-ranked; falling is stale only where the top leaves lifters out', () => {
    const { summary: next, stale } = applySummaryEvent(byPoints(), judged(5, standing({ total: 720, total_weight: 720, points: 420 })))
    expect(names(next.top)).toEqual(['Lifter 5', 'Lifter 1', 'Lifter 2', 'Lifter 3', 'Lifter 4'])
    expect(next.top.map((p) => p.place)).toEqual([1, 2, 3, 4, 5])
    expect(stale).toBe(false)
    // An appeal took a lift away: the 6th (not held) may now be ahead.
    expect(applySummaryEvent(byPoints(), judged(2, standing({ total: 600, total_weight: 600, points: 300 }))).stale).toBe(true)
    const everyone = { ...byPoints(), count: 5 }
    expect(applySummaryEvent(everyone, judged(2, standing({ total: 600, total_weight: 600, points: 300 }))).stale).toBe(false)
  })

  it('a join counts once, in its class, and enters the top only if it ranks there', () => {
    const joined = at({ type: 'participant.joined', seq: 2, data: { competition_id: 7, participant: lifter(9), participants: 9 } } as Omit<
      LiveEvent,
      'room' | 'at'
    >)
    const { summary: next, stale } = applySummaryEvent(byPoints(), joined)
    expect([next.count, next.competition.participants, next.class_counts['74kg']]).toEqual([9, 9, 9])
    expect(names(next.top)).not.toContain('Lifter 9')
    expect(stale).toBe(false)
    // The same join again (replayed over an answer that counts it) adds nothing.
    expect(applySummaryEvent(next, joined).summary.class_counts['74kg']).toBe(9)
    const few = summary({ competition: challenge(DOTS), count: 1, class_counts: { '74kg': 1 }, top: [lifter(1)] })
    expect(names(applySummaryEvent(few, { ...joined, data: { ...joined.data, participants: 2 } } as LiveEvent).summary.top)).toEqual([
      'Lifter 1',
      'Lifter 9',
    ])
  })

  it('an updated entry (the whole lifter) enters the top when it ranks there, pushing the 5th out', () => {
    const updated = at({
      type: 'participant.updated',
      seq: 2,
      data: { competition_id: 7, participant: lifter(7, { total: 700, total_weight: 700, points: 385, bodyweight: 80 }) },
    } as Omit<LiveEvent, 'room' | 'at'>)
    const { summary: next, stale } = applySummaryEvent(byPoints(), updated)
    expect(names(next.top)).toEqual(['Lifter 1', 'Lifter 2', 'Lifter 7', 'Lifter 3', 'Lifter 4'])
    expect(next.top.map((p) => p.place)).toEqual([1, 2, 3, 4, 5])
    expect(stale).toBe(false)
  })

  it('keeps the 12 newest attempts, newest first', () => {
    const recent = Array.from({ length: 12 }, (_, i) =>
      lift({
        id: 100 - i,
        participant_id: 20 + i,
        video_url: `/video/${100 - i}`,
        created_at: `2026-01-01T10:${String(59 - i).padStart(2, '0')}:00.000Z`,
      }),
    )
    const newest = lift({ id: 200, participant_id: 9, video_url: '/video/200', created_at: '2026-01-01T11:00:00.000Z' })
    const { summary: next } = applySummaryEvent(
      { ...byPoints(), recent_lifts: recent },
      at({ type: 'attempt.created', seq: 2, data: { competition_id: 7, attempt: newest } } as Omit<LiveEvent, 'room' | 'at'>),
    )
    expect(next.recent_lifts.map((l) => l.id)).toEqual([200, ...recent.slice(0, 11).map((l) => l.id)])
  })

  it("keeps at most two of one lifter's attempts among the recent ones: their newest", () => {
    const recent = [
      lift({ id: 51, participant_id: 3, video_url: '/video/51', created_at: '2026-01-01T10:02:00.000Z' }),
      lift({ id: 50, participant_id: 3, video_url: '/video/50', created_at: '2026-01-01T10:01:00.000Z' }),
      lift({ id: 40, participant_id: 4, video_url: '/video/40', created_at: '2026-01-01T10:00:00.000Z' }),
    ]
    const third = lift({ id: 52, participant_id: 3, video_url: '/video/52', created_at: '2026-01-01T10:03:00.000Z' })
    const { summary: next } = applySummaryEvent(
      { ...byPoints(), recent_lifts: recent },
      at({ type: 'attempt.created', seq: 2, data: { competition_id: 7, attempt: third } } as Omit<LiveEvent, 'room' | 'at'>),
    )
    expect(next.recent_lifts.map((l) => l.id)).toEqual([52, 51, 40])
  })

  it('lists only attempts with a video among the recent ones, as the server does', () => {
    const recent = [lift({ id: 50, video_url: '/video/50', created_at: '2026-01-01T10:00:00.000Z' })]
    const handEntered = lift({ id: 60, video_url: null, created_at: '2026-01-01T11:00:00.000Z' })
    const { summary: next } = applySummaryEvent(
      { ...byPoints(), recent_lifts: recent },
      at({ type: 'attempt.created', seq: 2, data: { competition_id: 7, attempt: handEntered } } as Omit<LiveEvent, 'room' | 'at'>),
    )
    expect(next.recent_lifts.map((l) => l.id)).toEqual([50])
  })
})

describe('applyOwnEvent', () => {
  const me = lifter(5, { place: 4 })
  it("follows the lifter's own join, entry and decisions, keeping the server's place", () => {
    expect(
      applyOwnEvent(
        null,
        at({ type: 'participant.joined', seq: 2, data: { competition_id: 7, participant: lifter(6), participants: 2 } } as Omit<
          LiveEvent,
          'room' | 'at'
        >),
        105,
      ),
    ).toBeNull()
    expect(
      applyOwnEvent(
        null,
        at({ type: 'participant.joined', seq: 2, data: { competition_id: 7, participant: me, participants: 2 } } as Omit<
          LiveEvent,
          'room' | 'at'
        >),
        105,
      ),
    ).toBe(me)
    const after = applyOwnEvent(me, judged(5, standing({ best_squat: 200, total: 200, total_weight: 200 })), 105)!
    expect([after.total, after.place, after.attempts.map((a) => a.id)]).toEqual([200, 4, [905]])
    expect(applyOwnEvent(me, judged(6, standing({ total: 900 })), 105)).toBe(me)
  })
})
