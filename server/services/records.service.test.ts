import { describe, expect, it } from 'vitest'
import { createRecordsService, recordsQueryProblem } from './records.service.ts'

const service = createRecordsService({
  records: { current: async () => [], history: async () => [], ofChallenge: async (id) => (id === 1 ? [] : null) },
})

describe('records service', () => {
  it('refuses a filter no record of the sport can match, naming what it may be', () => {
    expect(recordsQueryProblem({ sport: 'powerlifting', division: 'senior' })).toMatch(/^division must be one of sub_junior, junior, open/)
    expect(recordsQueryProblem({ sport: 'weightlifting', lift: 'squat' })).toBe(
      'lift must be one of snatch, clean_and_jerk, total for weightlifting.',
    )
    expect(recordsQueryProblem({ sport: 'powerlifting', equipment: 'none' })).toBe(
      'equipment must be classic or equipped for powerlifting.',
    )
    expect(recordsQueryProblem({ sport: 'weightlifting', equipment: 'classic' })).toBe('equipment is none for weightlifting.')
    expect(recordsQueryProblem({ sex: 'F' })).toBeNull()
  })

  it('a history names one category and lift', async () => {
    await expect(service.history({ sport: 'powerlifting', lift: 'squat' })).rejects.toMatchObject({
      code: 'invalid',
      message: expect.stringContaining('give sex, class_set, weight_class, division, equipment too'),
    })
    await expect(
      service.history({
        sport: 'powerlifting',
        sex: 'M',
        class_set: 'spec',
        weight_class: '83kg',
        division: 'open',
        equipment: 'classic',
        lift: 'squat',
      }),
    ).resolves.toEqual([])
  })

  it('a challenge that does not exist is 404', async () => {
    await expect(service.ofChallenge(2)).rejects.toMatchObject({ code: 'not_found' })
  })
})
