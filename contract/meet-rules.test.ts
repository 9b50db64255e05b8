// The rulebook as a table: each rule, each side of its boundary, both sports (docs/meet-rules.md).
import { describe, expect, it } from 'vitest'
import type { LiftType } from './lifts.ts'
import {
  automaticDeclaration,
  barWeight,
  bombedOut,
  compareLiftingOrder,
  declarationProblem,
  declarationRefusal,
  drawLot,
  loadingStep,
  meetLiftOrder,
  nextAttemptMinimum,
  OPEN_ATTEMPTS_MAX,
  takeProblem,
  takeRefusal,
  type LifterCard,
  type OrderedAttempt,
  type TakenAttempt,
} from './meet-rules.ts'

const good = (weight: number): TakenAttempt => ({ weight, result: 'good' })
const miss = (weight: number): TakenAttempt => ({ weight, result: 'no_lift' })
const pending = (weight: number): TakenAttempt => ({ weight, result: 'pending' })
const POWER: LiftType[] = ['squat', 'bench', 'deadlift']
const WEIGHT: LiftType[] = ['snatch', 'clean_and_jerk']

function lifter(cards: LifterCard['cards'], over: Partial<LifterCard> = {}): LifterCard {
  return { format: 'meet', lifts: POWER, sex: 'M', cards, ...over }
}

describe('loading steps and the bar', () => {
  it.each([
    ['squat', 2.5],
    ['bench', 2.5],
    ['deadlift', 2.5],
    ['power_clean', 2.5],
    ['push_press', 2.5],
    ['overhead_press', 2.5],
    ['snatch', 1],
    ['clean_and_jerk', 1],
  ] as const)('%s loads in steps of %s kg', (lift, step) => {
    expect(loadingStep(lift)).toBe(step)
  })

  it('the empty bar is 20 kg, 15 kg for women in the snatch and the clean & jerk', () => {
    expect([
      barWeight('snatch', 'F'),
      barWeight('clean_and_jerk', 'F'),
      barWeight('squat', 'F'),
      barWeight('snatch', 'M'),
      barWeight('snatch', null),
    ]).toEqual([15, 15, 20, 20, 20])
  })
})

describe('the lifting sequence', () => {
  it('puts squat, bench press, deadlift and snatch, clean & jerk in their order whatever the listing', () => {
    expect(meetLiftOrder(['deadlift', 'squat', 'bench'])).toEqual(POWER)
    expect(meetLiftOrder(['clean_and_jerk', 'snatch'])).toEqual(WEIGHT)
    expect(meetLiftOrder(['deadlift'])).toEqual(['deadlift'])
  })
})

describe('declaring the next attempt of a meet', () => {
  // [case, lifter's cards, lift, weight, sentence or null]
  const cases: [string, LifterCard, LiftType, number, string | null][] = [
    ['an opener at the bar', lifter({}), 'squat', 20, null],
    ['an opener below the bar', lifter({}), 'squat', 17.5, 'A squat starts at the empty bar, 20 kg.'],
    ["a women's snatch opener at 15 kg", lifter({}, { lifts: WEIGHT, sex: 'F' }), 'snatch', 15, null],
    ["a men's snatch opener at 15 kg", lifter({}, { lifts: WEIGHT }), 'snatch', 15, 'A snatch starts at the empty bar, 20 kg.'],
    [
      'an opener off the 2.5 kg step',
      lifter({}),
      'squat',
      181,
      'A squat is loaded in steps of 2.5 kg: 181 kg is not one (180 kg or 182.5 kg are).',
    ],
    [
      'an opener off the step by a half',
      lifter({}),
      'bench',
      100.5,
      'A bench press is loaded in steps of 2.5 kg: 100.5 kg is not one (100 kg or 102.5 kg are).',
    ],
    ['a snatch on the 1 kg step', lifter({}, { lifts: WEIGHT }), 'snatch', 101, null],
    [
      'a snatch off the 1 kg step',
      lifter({}, { lifts: WEIGHT }),
      'snatch',
      101.5,
      'A snatch is loaded in steps of 1 kg: 101.5 kg is not one (101 kg or 102 kg are).',
    ],
    ['a deadlift opener before any squat', lifter({}), 'deadlift', 200, null],
    ['after a good first, one step up', lifter({ squat: { taken: [good(180)], declared: null } }), 'squat', 182.5, null],
    [
      'after a good first, the same weight',
      lifter({ squat: { taken: [good(180)], declared: null } }),
      'squat',
      180,
      'Your second squat must be at least 182.5 kg: your first, 180 kg, was good.',
    ],
    [
      'after a good first, lighter',
      lifter({ squat: { taken: [good(180)], declared: null } }),
      'squat',
      170,
      'Your second squat must be at least 182.5 kg: your first, 180 kg, was good.',
    ],
    [
      'after a good snatch, one kilogram up',
      lifter({ snatch: { taken: [good(100)], declared: null } }, { lifts: WEIGHT }),
      'snatch',
      101,
      null,
    ],
    [
      'after a good snatch, the same',
      lifter({ snatch: { taken: [good(100)], declared: null } }, { lifts: WEIGHT }),
      'snatch',
      100,
      'Your second snatch must be at least 101 kg: your first, 100 kg, was good.',
    ],
    ['after a no lift, the same weight', lifter({ bench: { taken: [miss(120)], declared: null } }), 'bench', 120, null],
    ['after a no lift, heavier', lifter({ bench: { taken: [miss(120)], declared: null } }), 'bench', 125, null],
    [
      'after a no lift, lighter',
      lifter({ bench: { taken: [miss(120)], declared: null } }),
      'bench',
      117.5,
      'Your second bench press must be at least 120 kg: your first, 120 kg, was a no lift (repeat it or go up).',
    ],
    [
      'a third after a good then a missed second, below the miss',
      lifter({ deadlift: { taken: [good(200), miss(215)], declared: null } }),
      'deadlift',
      212.5,
      'Your third deadlift must be at least 215 kg: your second, 215 kg, was a no lift (repeat it or go up).',
    ],
    [
      'a third after a good then a missed second, at the miss',
      lifter({ deadlift: { taken: [good(200), miss(215)], declared: null } }),
      'deadlift',
      215,
      null,
    ],
    [
      'the second while the first is with the judges',
      lifter({ squat: { taken: [pending(180)], declared: null } }),
      'squat',
      185,
      'Your first squat is still with the judges: declare your second once it is decided.',
    ],
    [
      'a fourth',
      lifter({ squat: { taken: [good(180), good(185), miss(190)], declared: null } }),
      'squat',
      190,
      'You have taken your 3 squats.',
    ],
    ['a lift the challenge does not have', lifter({}, { lifts: ['deadlift'] }), 'squat', 100, "This challenge's lifts are deadlift."],
    [
      'a declaration in an open challenge',
      lifter({}, { format: 'open' }),
      'squat',
      100,
      'Declarations are for meets: an open challenge takes any weight in any order.',
    ],
    ['not a number', lifter({}), 'squat', Number.NaN, "Give the squat's weight in kilograms, a number above 0."],
    ['zero', lifter({}), 'squat', 0, "Give the squat's weight in kilograms, a number above 0."],
  ]
  it.each(cases)('%s', (_, card, lift, weight, sentence) => {
    expect(declarationProblem(card, lift, weight)).toBe(sentence)
  })
})

describe('taking (uploading) an attempt', () => {
  const cases: [string, LifterCard, LiftType, number, string | null][] = [
    ['a first squat with no declaration, by the rules', lifter({}), 'squat', 180, null],
    [
      'a first squat with no declaration, off the step',
      lifter({}),
      'squat',
      180.5,
      'A squat is loaded in steps of 2.5 kg: 180.5 kg is not one (180 kg or 182.5 kg are).',
    ],
    ['at the declared weight', lifter({ squat: { taken: [good(180)], declared: 185 } }), 'squat', 185, null],
    [
      'away from the declared weight',
      lifter({ squat: { taken: [good(180)], declared: 185 } }),
      'squat',
      187.5,
      'You declared 185 kg for your second squat: upload it at that weight, or declare again first.',
    ],
    // The window's default (made while an upload may already be on its way) gives way to any weight the lifter could declare.
    [
      'away from an automatic declaration, within the rules',
      lifter({ squat: { taken: [good(180)], declared: 182.5, automatic: true } }),
      'squat',
      185,
      null,
    ],
    [
      'away from an automatic declaration, below the rules',
      lifter({ squat: { taken: [good(180)], declared: 182.5, automatic: true } }),
      'squat',
      180,
      'Your second squat must be at least 182.5 kg: your first, 180 kg, was good.',
    ],
    [
      'a second before the first was decided',
      lifter({ squat: { taken: [pending(180)], declared: null } }),
      'squat',
      185,
      'Your first squat is still with the judges: film your second once it is decided.',
    ],
    [
      'a bench press before three squats',
      lifter({ squat: { taken: [good(180), good(185)], declared: null } }),
      'bench',
      120,
      'Take your 3 squats before your first bench press.',
    ],
    [
      'a bench press after three squats, the third still judged',
      lifter({ squat: { taken: [good(180), good(185), pending(190)], declared: null } }),
      'bench',
      120,
      null,
    ],
    [
      'a deadlift before any bench',
      lifter({ squat: { taken: [good(1), good(2), good(3)].map((a) => ({ ...a, weight: a.weight * 60 })), declared: null } }),
      'deadlift',
      200,
      'Take your 3 bench presses before your first deadlift.',
    ],
    [
      'a clean & jerk before three snatches',
      lifter({ snatch: { taken: [good(100)], declared: null } }, { lifts: WEIGHT }),
      'clean_and_jerk',
      120,
      'Take your 3 snatches before your first clean & jerk.',
    ],
    [
      'a fourth squat',
      lifter({ squat: { taken: [good(180), good(185), good(190)], declared: null } }),
      'squat',
      195,
      'You have taken your 3 squats.',
    ],
    [
      'an open challenge: a lighter lift in any order',
      lifter({ squat: { taken: [good(180)], declared: null } }, { format: 'open' }),
      'deadlift',
      50,
      null,
    ],
    [
      'an open challenge: the tenth squat',
      lifter({ squat: { taken: Array.from({ length: 9 }, () => good(100)), declared: null } }, { format: 'open' }),
      'squat',
      100,
      null,
    ],
    [
      'an open challenge: the eleventh squat',
      lifter({ squat: { taken: Array.from({ length: OPEN_ATTEMPTS_MAX }, () => good(100)), declared: null } }, { format: 'open' }),
      'squat',
      100,
      'You have uploaded 10 squats, the most an open challenge takes per lift.',
    ],
  ]
  it.each(cases)('%s', (_, card, lift, weight, sentence) => {
    expect(takeProblem(card, lift, weight)).toBe(sentence)
  })
})

describe('what kind of refusal: a weight the rules refuse (another weight would do) or a state that refuses any weight', () => {
  // [case, 'declare' | 'take', lifter's cards, lift, weight, kind]
  const cases: [string, 'declare' | 'take', LifterCard, LiftType, number, 'invalid' | 'conflict' | null][] = [
    ['below the bar', 'declare', lifter({}), 'squat', 17.5, 'invalid'],
    ['off the step', 'take', lifter({}), 'squat', 181, 'invalid'],
    ['below the progression', 'declare', lifter({ squat: { taken: [good(180)], declared: null } }), 'squat', 180, 'invalid'],
    ['not a number', 'declare', lifter({}), 'squat', Number.NaN, 'invalid'],
    ['a lift the challenge does not have', 'take', lifter({}, { lifts: ['deadlift'] }), 'squat', 100, 'invalid'],
    [
      'the previous attempt still judged (declaring)',
      'declare',
      lifter({ squat: { taken: [pending(180)], declared: null } }),
      'squat',
      185,
      'conflict',
    ],
    [
      'the previous attempt still judged (taking)',
      'take',
      lifter({ squat: { taken: [pending(180)], declared: null } }),
      'squat',
      185,
      'conflict',
    ],
    ['three taken', 'declare', lifter({ squat: { taken: [good(180), good(185), miss(190)], declared: null } }), 'squat', 190, 'conflict'],
    ["out of the lifts' order", 'take', lifter({}), 'bench', 100, 'conflict'],
    ['away from the declared weight', 'take', lifter({ squat: { taken: [good(180)], declared: 185 } }), 'squat', 187.5, 'conflict'],
    ['a declaration in an open challenge', 'declare', lifter({}, { format: 'open' }), 'squat', 100, 'conflict'],
    [
      "an open challenge's eleventh",
      'take',
      lifter({ squat: { taken: Array.from({ length: OPEN_ATTEMPTS_MAX }, () => good(100)), declared: null } }, { format: 'open' }),
      'squat',
      100,
      'conflict',
    ],
    ['allowed', 'take', lifter({}), 'squat', 180, null],
  ]
  it.each(cases)('%s', (_, what, card, lift, weight, kind) => {
    const refusal = what === 'declare' ? declarationRefusal(card, lift, weight) : takeRefusal(card, lift, weight)
    expect(refusal?.kind ?? null).toBe(kind)
    expect(refusal?.error ?? null).toBe(what === 'declare' ? declarationProblem(card, lift, weight) : takeProblem(card, lift, weight))
  })
})

describe('after the declaration window, and at the end', () => {
  it('declares one step up after a good lift and the same weight after a no lift', () => {
    expect(automaticDeclaration('squat', good(180))).toBe(182.5)
    expect(automaticDeclaration('snatch', good(100))).toBe(101)
    expect(automaticDeclaration('bench', miss(120))).toBe(120)
  })

  it('tells the minimum of the next attempt, none before the first', () => {
    expect(nextAttemptMinimum('squat', [])).toBeNull()
    expect(nextAttemptMinimum('deadlift', [good(200)])?.weight).toBe(202.5)
    expect(nextAttemptMinimum('deadlift', [miss(200)])?.weight).toBe(200)
  })

  it('bombs out a lifter with three no lifts in one lift of the total, not with two or one good', () => {
    expect(bombedOut({ cards: { bench: { taken: [miss(100), miss(100), miss(100)], declared: null } } }, POWER)).toBe(true)
    expect(bombedOut({ cards: { bench: { taken: [miss(100), miss(100)], declared: null } } }, POWER)).toBe(false)
    expect(bombedOut({ cards: { bench: { taken: [miss(100), miss(100), good(100)], declared: null } } }, POWER)).toBe(false)
    expect(bombedOut({ cards: { power_clean: { taken: [miss(100), miss(100), miss(100)], declared: null } } }, POWER)).toBe(false)
  })
})

describe('the lifting order', () => {
  const at = (name: string, over: Partial<OrderedAttempt>): OrderedAttempt => ({
    lift: 'squat',
    attempt: 1,
    weight: 100,
    lot: null,
    earlier: [],
    bodyweight: null,
    name,
    ...over,
  })
  const sorted = (list: OrderedAttempt[]) => [...list].sort(compareLiftingOrder(POWER)).map((a) => a.name)

  it('takes lifts in order, then rounds, then the lighter weight, then the lot', () => {
    expect(
      sorted([
        at('bench opener', { lift: 'bench', weight: 60 }),
        at('squat second', { attempt: 2, weight: 90 }),
        at('heavy opener', { weight: 150, lot: 1 }),
        at('light opener lot 9', { weight: 100, lot: 9 }),
        at('light opener lot 2', { weight: 100, lot: 2 }),
      ]),
    ).toEqual(['light opener lot 2', 'light opener lot 9', 'heavy opener', 'squat second', 'bench opener'])
  })

  it("without lots, keeps the previous round's order, then puts the lighter lifter first, then the name", () => {
    expect(sorted([at('B', { attempt: 2, weight: 110, earlier: [105] }), at('A', { attempt: 2, weight: 110, earlier: [100] })])).toEqual([
      'A',
      'B',
    ])
    expect(sorted([at('Heavy', { bodyweight: 90 }), at('Light', { bodyweight: 70 }), at('Unweighed', {})])).toEqual([
      'Light',
      'Heavy',
      'Unweighed',
    ])
    expect(sorted([at('Zed', {}), at('Abe', {})])).toEqual(['Abe', 'Zed'])
  })
})

describe('lot numbers', () => {
  it('draws among the numbers not drawn yet, 1 to 99 in a small challenge', () => {
    expect(drawLot(new Set(), () => 0)).toBe(1)
    expect(drawLot(new Set(), () => 0.999999)).toBe(99)
    expect(drawLot(new Set([1, 2]), () => 0)).toBe(3)
    const fortyEight = new Set(Array.from({ length: 48 }, (_, i) => i + 1))
    expect([drawLot(fortyEight, () => 0), drawLot(fortyEight, () => 0.999999)]).toEqual([49, 99])
  })

  it('draws from 1 to twice the entries once a challenge has 49 or more', () => {
    const taken = new Set(Array.from({ length: 99 }, (_, i) => i + 1))
    expect(drawLot(taken, () => 0)).toBe(100)
    expect(drawLot(taken, () => 0.999999)).toBe(200)
  })
})
