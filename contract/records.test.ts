import { describe, expect, it } from 'vitest'
import { categoriesOf, newRecords, performancesOf, progression, RECORD_MARGIN_KG, recordKey, type RecordEntry } from './records.ts'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 9, minute))
const entry = (over: Partial<RecordEntry> = {}): RecordEntry => ({
  gender: 'M',
  weightClass: '83kg',
  bodyweight: 82.4,
  classSet: null,
  birthDate: null,
  equipment: null,
  meetDate: new Date('2026-11-28T09:00:00Z'),
  lifts: ['squat', 'bench', 'deadlift'],
  attempts: [],
  ...over,
})
const good = (id: number, liftType: string, weight: number, minute: number, verified = true) => ({
  id,
  liftType,
  weight,
  status: 'completed',
  verified,
  decidedAt: at(minute),
})

describe('categoriesOf', () => {
  it('without a class set, date of birth or equipment: the spec classes, the open division, classic', () => {
    expect(categoriesOf(entry(), 'powerlifting')).toEqual([
      { sport: 'powerlifting', sex: 'M', classSet: 'spec', weightClass: '83kg', division: 'open', equipment: 'classic' },
    ])
    expect(categoriesOf(entry({ gender: 'female' }), 'weightlifting')).toEqual([
      { sport: 'weightlifting', sex: 'F', classSet: 'spec', weightClass: '83kg', division: 'senior', equipment: 'none' },
    ])
  })

  it('every division the lifter belongs to on the day, with the class its bodyweight holds in the set', () => {
    // 20 in 2026: Junior and Open (IPF); 52.5 kg is the 53kg class for a junior, 59kg for the open.
    const cats = categoriesOf(entry({ classSet: 'ipf', birthDate: '2006-03-01', bodyweight: 52.5, equipment: 'equipped' }), 'powerlifting')
    expect(cats.map((c) => [c.division, c.weightClass, c.equipment])).toEqual([
      ['junior', '53kg', 'equipped'],
      ['open', '59kg', 'equipped'],
    ])
  })
})

describe('performancesOf', () => {
  it('only verified good lifts count; the total of the verified bests when the challenge has every lift of the sport', () => {
    const perfs = performancesOf(
      entry({
        attempts: [
          good(1, 'squat', 200, 1),
          good(2, 'squat', 210, 2, false),
          { ...good(3, 'squat', 220, 3), status: 'failed' },
          good(4, 'bench', 140, 4),
          good(5, 'deadlift', 250, 6),
          good(6, 'deadlift', 240, 5),
          { ...good(7, 'bench', 150, 7), status: 'pending', decidedAt: null },
        ],
      }),
    )
    expect(perfs.map((p) => [p.lift, p.weight, p.attemptId])).toEqual([
      ['squat', 200, 1],
      ['bench', 140, 4],
      ['deadlift', 250, 5],
      ['deadlift', 240, 6],
      ['total', 590, 5],
    ])
    expect(perfs.find((p) => p.lift === 'total')!.achievedAt).toEqual(at(6))
  })

  it('no total in a challenge without all three lifts, nor without a verified good lift in each', () => {
    expect(
      performancesOf(entry({ lifts: ['bench', 'deadlift'], attempts: [good(1, 'bench', 100, 1), good(2, 'deadlift', 200, 2)] })).map(
        (p) => p.lift,
      ),
    ).toEqual(['bench', 'deadlift'])
    expect(performancesOf(entry({ attempts: [good(1, 'squat', 100, 1), good(2, 'bench', 80, 2)] })).map((p) => p.lift)).toEqual([
      'squat',
      'bench',
    ])
  })

  it('weightlifting: snatch, clean and jerk and their total; other lifts keep no records', () => {
    const perfs = performancesOf(
      entry({
        lifts: ['snatch', 'clean_and_jerk', 'push_press'],
        attempts: [good(1, 'snatch', 100, 1), good(2, 'clean_and_jerk', 130, 2), good(3, 'push_press', 120, 3)],
      }),
    )
    expect(perfs.map((p) => [p.sport, p.lift, p.weight, p.equipment])).toEqual([
      ['weightlifting', 'snatch', 100, 'none'],
      ['weightlifting', 'clean_and_jerk', 130, 'none'],
      ['weightlifting', 'total', 230, 'none'],
    ])
  })
})

describe('progression', () => {
  const p = (attemptId: number, weight: number, minute: number, sport: 'powerlifting' | 'weightlifting' = 'powerlifting') => ({
    sport,
    weight,
    attemptId,
    achievedAt: at(minute),
  })

  it('pins the margins: 0.5 kg in powerlifting (IPF), 1 kg in weightlifting (IWF)', () => {
    expect(RECORD_MARGIN_KG).toEqual({ powerlifting: 0.5, weightlifting: 1 })
  })

  it('in the order achieved, each result beating the record of its moment sets the next; equalling does not', () => {
    const history = progression([p(3, 205, 3), p(1, 200, 1), p(2, 200, 2), p(4, 205.5, 4), p(5, 190, 5)])
    expect(history.map((h) => h.attemptId)).toEqual([1, 3, 4])
  })

  it('weightlifting needs a full kilogram', () => {
    expect(
      progression([p(1, 100, 1, 'weightlifting'), p(2, 100.5, 2, 'weightlifting'), p(3, 101, 3, 'weightlifting')]).map((h) => h.attemptId),
    ).toEqual([1, 3])
  })

  it('a result taken away (a reversed decision) gives the record back to the one before', () => {
    const all = [p(1, 200, 1), p(2, 210, 2)]
    expect(progression(all).at(-1)!.attemptId).toBe(2)
    expect(progression(all.filter((r) => r.attemptId !== 2)).at(-1)!.attemptId).toBe(1)
  })
})

describe('newRecords', () => {
  it('announces only records an own attempt holds now and did not before', () => {
    const key = recordKey({
      sport: 'powerlifting',
      sex: 'M',
      classSet: 'spec',
      weightClass: '83kg',
      division: 'open',
      equipment: 'classic',
      lift: 'squat',
    })
    const before = new Map([[key, { attemptId: 1, lift: 'squat' as const, weight: 200 }]])
    expect(newRecords(before, new Map([[key, { attemptId: 9, lift: 'squat' as const, weight: 210 }]]), new Set([9]))).toEqual([key])
    expect(newRecords(before, before, new Set([1]))).toEqual([])
    expect(newRecords(before, new Map([[key, { attemptId: 9, lift: 'squat' as const, weight: 210 }]]), new Set([5]))).toEqual([])
  })
})
