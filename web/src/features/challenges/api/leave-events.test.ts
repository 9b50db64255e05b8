// 'participant.left' on what the pages hold: the challenge summary (count, class counts, top 5 per
// group, stale when someone it does not hold moves up), the lifter's own entry, and the board's list.
import { describe, expect, it } from 'vitest'
import type { LiveEvent, Participant } from '../../../lib/contract.ts'
import { removeParticipant } from '../../../lib/participants.ts'
import { challenge, participant, summary } from '../../../test/fixtures.ts'
import { applyOwnEvent, applySummaryEvent } from './summary-events.ts'

const left = (id: number, weightClass: string, count: number): LiveEvent => ({
  room: 'competition:7',
  seq: 9,
  at: '',
  type: 'participant.left',
  data: { competition_id: 7, participant_id: id, user_id: id, weight_class: weightClass, participants: count },
})
/** Lifter n in a class, with a total of `total` (null: none yet). */
const lifter = (n: number, weightClass: string, total: number | null) =>
  participant({
    id: n,
    user_id: n,
    name: `Lifter ${n}`,
    weight_class: weightClass,
    total,
    total_weight: total ?? 0,
    joined_at: `2026-01-01T09:00:0${n}.000Z`,
  })
const places = (top: Participant[]) => top.map((p) => [p.id, p.place])

describe('participant.left', () => {
  // 74kg: three lifters, all shown; 83kg: 6 lifters, the top holds 5.
  const byClass = () =>
    summary({
      competition: challenge({ ranking: 'class', participants: 9 }),
      count: 9,
      class_counts: { '74kg': 3, '83kg': 6 },
      top: [
        { ...lifter(1, '74kg', 300), place: 1 },
        { ...lifter(2, '74kg', 200), place: 2 },
        lifter(3, '74kg', null),
        ...[4, 5, 6, 7, 8].map((n) => ({ ...lifter(n, '83kg', 500 - n * 10), place: n - 3 })),
      ],
    })

  it('drops the lifter from the count, their class count and the top, and places the others again', () => {
    const { summary: next, stale } = applySummaryEvent(byClass(), left(1, '74kg', 8))
    expect(next.count).toBe(8)
    expect(next.competition.participants).toBe(8)
    expect(next.class_counts).toEqual({ '74kg': 2, '83kg': 6 })
    expect(places(next.top.filter((p) => p.weight_class === '74kg'))).toEqual([
      [2, 1],
      [3, null],
    ])
    expect(stale).toBe(false) // the 74kg class was shown whole: nobody moves up from outside
  })

  it('is stale when a shown lifter of a class the top leaves lifters out of leaves (the 6th moves up)', () => {
    const { summary: next, stale } = applySummaryEvent(byClass(), left(5, '83kg', 8))
    expect(places(next.top.filter((p) => p.weight_class === '83kg'))).toEqual([
      [4, 1],
      [6, 2],
      [7, 3],
      [8, 4],
    ])
    expect(next.class_counts['83kg']).toBe(5)
    expect(stale).toBe(true)
  })

  it('a lifter the top does not hold changes only the counts; the last of a class removes the class', () => {
    const { summary: next, stale } = applySummaryEvent(byClass(), left(9, '83kg', 8))
    expect(next.top).toEqual(byClass().top)
    expect(next.class_counts).toEqual({ '74kg': 3, '83kg': 5 })
    expect(stale).toBe(false)
    const alone = summary({ count: 1, class_counts: { '93kg': 1 }, top: [lifter(4, '93kg', null)] })
    expect(applySummaryEvent(alone, left(4, '93kg', 0)).summary).toMatchObject({ count: 0, class_counts: {}, top: [] })
  })

  it("ends the signed-in lifter's own entry, and no one else's", () => {
    const me = lifter(5, '83kg', null)
    expect(applyOwnEvent(me, left(5, '83kg', 3), 5)).toBeNull()
    expect(applyOwnEvent(me, left(6, '83kg', 3), 5)).toBe(me)
  })

  it("the board's whole list: removed and ranked again", () => {
    const list = [lifter(1, '83kg', 300), lifter(2, '83kg', 250), lifter(3, '83kg', 200)].map((p, i) => ({ ...p, place: i + 1 }))
    const after = removeParticipant(list, 1, challenge({ ranking: 'class' }))
    expect(places(after)).toEqual([
      [2, 1],
      [3, 2],
    ])
  })
})
