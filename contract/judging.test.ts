import { describe, expect, it } from 'vitest'
import { decision, decisionLights, LOAD_MISMATCH, loadCheckOf, NO_LIFT_REASONS, noLiftReason, panelSeats, quorum } from './judging.ts'
import { LIFT_TYPES } from './lifts.ts'

describe('who sits on a panel', () => {
  it('is the appointed judges, or while none is the organiser alone', () => {
    expect(panelSeats([21, 22, 23], 1)).toEqual([21, 22, 23])
    expect(panelSeats([], 1)).toEqual([1])
    expect(panelSeats([], null)).toEqual([])
  })
})

describe('the panel decision rule', () => {
  it('needs three votes from a panel of three or more eligible judges, one otherwise', () => {
    expect([0, 1, 2, 3, 4, 5].map(quorum)).toEqual([1, 1, 1, 3, 3, 3])
  })

  it('decides every combination of three votes by majority, and never before the third', () => {
    for (let bits = 0; bits < 8; bits++) {
      const votes = [0, 1, 2].map((i) => ({ good: Boolean(bits & (1 << i)) }))
      const goods = votes.filter((v) => v.good).length
      expect(decision(votes.slice(0, 1), 3)).toBeNull()
      expect(decision(votes.slice(0, 2), 3)).toBeNull()
      expect(decision(votes, 3)).toBe(goods >= 2 ? 'completed' : 'failed')
    }
  })

  it('lets the one vote decide with a quorum of one, and counts no vote beyond the quorum', () => {
    expect(decision([], 1)).toBeNull()
    expect(decision([{ good: true }], 1)).toBe('completed')
    expect(decision([{ good: false }], 1)).toBe('failed')
    expect(decision([{ good: false }, { good: true }, { good: true }], 1)).toBe('failed')
    expect(decision([{ good: true }, { good: false }, { good: false }, { good: true }], 3)).toBe('failed')
  })
})

describe('no-lift reasons', () => {
  it('give every lift a catalogue of distinct codes with a card, and find them by code', () => {
    for (const lift of LIFT_TYPES) {
      const codes = NO_LIFT_REASONS[lift].map((r) => r.code)
      expect(codes.length).toBeGreaterThan(1)
      expect(new Set(codes).size).toBe(codes.length)
    }
    expect(noLiftReason('squat', 'depth')).toMatchObject({ card: 'red' })
    expect(noLiftReason('squat', 'double_bounce')).toMatchObject({ card: 'blue' })
    expect(noLiftReason('bench', 'no_pause')).toMatchObject({ card: 'yellow' })
    expect(noLiftReason('bench', 'touched_belt')).toMatchObject({ card: 'red' })
    expect(noLiftReason('deadlift', 'ramping')).toMatchObject({ card: 'blue' })
    expect(noLiftReason('squat', 'touched_belt')).toBeUndefined()
  })
})

describe('decisionLights', () => {
  const vote = (seat: number, good: boolean, reason: string | null = null) => ({
    seat,
    judgeId: 100 + seat,
    good,
    reason,
    atSeconds: null,
    note: null,
  })
  it('unpublished: "Judge" on every light, white first then red by card, whatever the seats', () => {
    const a = decisionLights([vote(1, false, 'depth'), vote(2, true), vote(3, false, 'feet_moved')], 'squat', null)
    expect(a.map((l) => [l.judge, l.good, l.card])).toEqual([
      ['Judge', true, null],
      ['Judge', false, 'red'],
      ['Judge', false, 'yellow'],
    ])
    expect(decisionLights([vote(3, false, 'depth'), vote(1, false, 'feet_moved'), vote(2, true)], 'squat', null)).toEqual(a)
  })
  it('published: names in seat order', () => {
    const names = new Map([
      [101, 'Ann'],
      [102, 'Bo'],
      [103, 'Cy'],
    ])
    expect(decisionLights([vote(3, true), vote(1, false, 'depth'), vote(2, true)], 'squat', names).map((l) => l.judge)).toEqual([
      'Ann',
      'Bo',
      'Cy',
    ])
  })
})

describe('loadCheckOf: the plate check a vote carries', () => {
  it('ticked on a good lift or a no lift for another fault: true; not said: null', () => {
    expect(loadCheckOf({ good: true, load_matches: true })).toEqual({ loadMatches: true })
    expect(loadCheckOf({ good: false, reason: 'depth', load_matches: true })).toEqual({ loadMatches: true })
    expect(loadCheckOf({ good: true })).toEqual({ loadMatches: null })
  })
  it('a no lift for the load: false, and offered for every lift', () => {
    expect(loadCheckOf({ good: false, reason: LOAD_MISMATCH })).toEqual({ loadMatches: false })
    for (const lift of Object.keys(NO_LIFT_REASONS) as (keyof typeof NO_LIFT_REASONS)[])
      expect(noLiftReason(lift, LOAD_MISMATCH)?.label).toMatch(/^Load does not match/)
  })
  it('refuses a vote that contradicts itself, with the sentence', () => {
    expect(loadCheckOf({ good: false, reason: LOAD_MISMATCH, load_matches: true })).toEqual({
      refusal: 'A no lift for "load does not match" cannot also tick "load matches".',
    })
    expect(loadCheckOf({ good: true, load_matches: false })).toEqual({
      refusal: 'A load that does not match the declared weight is a no lift with the reason "load does not match".',
    })
  })
})
