// The rising bar (IWF calling order), pinned by a sequence worked by hand: four snatchers, Ann lot 3, Bea lot 2,
// Cat lot 1, Dot lot 4; openers Ann 80, Bea 80, Cat 82, Dot 85 kg. Each step: what happened, then the order
// expected from the rule (weight, then attempt number, then who lifted their previous attempt earlier, then lot).
import { describe, expect, it } from 'vitest'
import type { FlightLifter, HallAttempt } from './lifting-order.ts'
import { risingBarOrder } from './rising-bar.ts'

type State = Record<string, { lot: number; attempts: HallAttempt[]; lastLiftedSeq: number | null }>
const lifters = (s: State): FlightLifter[] =>
  Object.entries(s).map(([name, l], i) => ({
    id: i + 1,
    name,
    lot: l.lot,
    bodyweight: 80,
    attempts: l.attempts,
    lastLiftedSeq: l.lastLiftedSeq,
  }))
const order = (s: State) =>
  risingBarOrder('snatch', lifters(s)).queue.map((q) => `${q.name} ${q.weight}#${q.attempt}${q.automatic ? '*' : ''}`)

describe('the rising bar, step by step', () => {
  it('orders by weight, attempt number, the earlier previous lift, then lot', () => {
    const s: State = {
      Ann: { lot: 3, attempts: [{ weight: 80, result: null }], lastLiftedSeq: null },
      Bea: { lot: 2, attempts: [{ weight: 80, result: null }], lastLiftedSeq: null },
      Cat: { lot: 1, attempts: [{ weight: 82, result: null }], lastLiftedSeq: null },
      Dot: { lot: 4, attempts: [{ weight: 85, result: null }], lastLiftedSeq: null },
    }
    // Openers at 80 kg: the lower lot first (Bea 2 before Ann 3).
    expect(order(s)).toEqual(['Bea 80#1', 'Ann 80#1', 'Cat 82#1', 'Dot 85#1'])
    // 1. Bea 80 good: her default is 81 kg (1 kg up), her second attempt.
    s.Bea = { ...s.Bea!, attempts: [{ weight: 80, result: 'good' }], lastLiftedSeq: 1 }
    expect(order(s)).toEqual(['Ann 80#1', 'Bea 81#2*', 'Cat 82#1', 'Dot 85#1'])
    // While Ann's attempt is with the referees she has no next attempt in the order.
    s.Ann = { ...s.Ann!, attempts: [{ weight: 80, result: 'pending' }] }
    expect(order(s)).toEqual(['Bea 81#2*', 'Cat 82#1', 'Dot 85#1'])
    // 2. Ann 80 no lift: 80 again, and at 80 she is lightest: she follows herself.
    s.Ann = { ...s.Ann!, attempts: [{ weight: 80, result: 'no_lift' }], lastLiftedSeq: 2 }
    expect(order(s)).toEqual(['Ann 80#2*', 'Bea 81#2*', 'Cat 82#1', 'Dot 85#1'])
    // 3. Ann 80 good: 81 for her third; at 81 Bea's second goes before Ann's third (attempt number).
    s.Ann = {
      ...s.Ann!,
      attempts: [
        { weight: 80, result: 'no_lift' },
        { weight: 80, result: 'good' },
      ],
      lastLiftedSeq: 3,
    }
    expect(order(s)).toEqual(['Bea 81#2*', 'Ann 81#3*', 'Cat 82#1', 'Dot 85#1'])
    // 4. Bea declares 83 for her second.
    s.Bea = {
      ...s.Bea!,
      attempts: [
        { weight: 80, result: 'good' },
        { weight: 83, result: null },
      ],
    }
    expect(order(s)).toEqual(['Ann 81#3*', 'Cat 82#1', 'Bea 83#2', 'Dot 85#1'])
    // 5. Ann 81 good: her snatches are done.
    s.Ann = {
      ...s.Ann!,
      attempts: [
        { weight: 80, result: 'no_lift' },
        { weight: 80, result: 'good' },
        { weight: 81, result: 'good' },
      ],
      lastLiftedSeq: 4,
    }
    expect(order(s)).toEqual(['Cat 82#1', 'Bea 83#2', 'Dot 85#1'])
    // 6. Cat 82 good and declares 83: Bea and Cat both at 83 for a second attempt; Bea took her first earlier
    //    (step 1, Cat's at step 6), so Bea goes first although Cat's lot is lower.
    s.Cat = {
      ...s.Cat!,
      attempts: [
        { weight: 82, result: 'good' },
        { weight: 83, result: null },
      ],
      lastLiftedSeq: 5,
    }
    expect(order(s)).toEqual(['Bea 83#2', 'Cat 83#2', 'Dot 85#1'])
    const o = risingBarOrder('snatch', lifters(s))
    expect([o.current?.name, o.onDeck?.name, o.inTheHole?.name, o.round]).toEqual(['Bea', 'Cat', 'Dot', 1])
  })
})
