import { describe, expect, it } from 'vitest'
import { recordKey, type RecordCategory } from './records.ts'
import { liftRecordToBeat, recordAttemptOf, type RecordAttemptEntry } from './record-attempts.ts'

const open: RecordCategory = {
  sport: 'powerlifting',
  sex: 'M',
  classSet: 'spec',
  weightClass: '83kg',
  division: 'open',
  equipment: 'classic',
}
const junior: RecordCategory = { ...open, division: 'junior' }
const at = new Date('2026-06-01T10:00:00Z')
const good = (id: number, liftType: string, attemptNumber: number, weight: number) => ({
  id,
  liftType,
  attemptNumber,
  weight,
  status: 'completed',
  verified: true,
  decidedAt: at,
})
const lifter = (attempts: RecordAttemptEntry['attempts'], birthDate: string | null = null): RecordAttemptEntry => ({
  gender: 'M',
  weightClass: '83kg',
  bodyweight: null,
  classSet: null,
  birthDate,
  equipment: null,
  meetDate: at,
  lifts: ['squat', 'bench', 'deadlift'],
  attempts,
})

describe('recordAttemptOf', () => {
  const records = new Map([
    [recordKey({ ...open, lift: 'squat' }), 200],
    [recordKey({ ...junior, lift: 'squat' }), 180],
    [recordKey({ ...open, lift: 'total' }), 600],
  ])

  it('marks an attempt beating the record by the 0.5 kg margin, never one equalling it', () => {
    expect(recordAttemptOf(lifter([]), 'squat', 1, 200, records)).toBeNull()
    expect(recordAttemptOf(lifter([]), 'squat', 1, 200.5, records)?.records).toEqual([
      {
        sport: 'powerlifting',
        sex: 'M',
        class_set: 'spec',
        weight_class: '83kg',
        division: 'open',
        equipment: 'classic',
        lift: 'squat',
        record: 200,
        weight: 200.5,
      },
    ])
    // No record in the category: nothing to break.
    expect(recordAttemptOf(lifter([]), 'bench', 1, 300, records)).toBeNull()
    expect(recordAttemptOf(lifter([]), 'power_clean', 1, 300, records)).toBeNull()
  })

  it('in every division the lifter is in (a 20-year-old: junior and open)', () => {
    const mark = recordAttemptOf(lifter([], '2006-01-01'), 'squat', 1, 190, records)
    expect(mark?.records.map((r) => [r.division, r.record])).toEqual([['junior', 180]])
  })

  it('the total: a deadlift completing a total of verified bests over the record; never a 4th attempt', () => {
    const done = [good(1, 'squat', 1, 190), good(2, 'bench', 1, 130), good(3, 'deadlift', 1, 270)]
    // 190 + 130 + 280 = 600: equal, not a record; 282.5 makes 602.5.
    expect(recordAttemptOf(lifter(done), 'deadlift', 2, 280, records)).toBeNull()
    expect(recordAttemptOf(lifter(done), 'deadlift', 2, 282.5, records)?.records).toMatchObject([
      { lift: 'total', record: 600, weight: 602.5 },
    ])
    expect(recordAttemptOf(lifter(done), 'deadlift', 4, 282.5, records)).toBeNull()
    // An unverified good bench does not count towards a record total.
    const unverified = done.map((a) => (a.liftType === 'bench' ? { ...a, verified: false } : a))
    expect(recordAttemptOf(lifter(unverified), 'deadlift', 2, 300, records)).toBeNull()
    // A 4th attempt's weight is not in the bests either.
    const fourth = [...done, good(4, 'squat', 4, 220)]
    expect(recordAttemptOf(lifter(fourth), 'deadlift', 2, 282.5, records)?.records).toMatchObject([{ lift: 'total', weight: 602.5 }])
  })

  it('the lightest record to beat among the lifter’s categories', () => {
    expect(liftRecordToBeat(lifter([], '2006-01-01'), 'squat', records)).toBe(180)
    expect(liftRecordToBeat(lifter([]), 'squat', records)).toBe(200)
    expect(liftRecordToBeat(lifter([]), 'bench', records)).toBeNull()
  })
})
