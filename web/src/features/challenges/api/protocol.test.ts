import { describe, expect, it } from 'vitest'
import type { ResultsDocument } from '../../../lib/contract.ts'
import { attemptCells, protocolGroups } from './protocol.ts'

const lifter = (
  name: string,
  sex: string,
  weight_class: string,
  place: number | null,
  attempts: ResultsDocument['lifters'][number]['attempts'] = [],
) => ({
  place,
  user_id: name.length,
  name,
  sex,
  weight_class,
  bodyweight: null,
  country: null,
  team: null,
  best: {},
  total: null,
  points: null,
  attempts,
})
const doc = (lifters: ResultsDocument['lifters']): ResultsDocument => ({
  competition: { id: 1, name: 'M', location: 'L', start_date: '', end_date: '', format: 'meet', ranking: 'class', lifts: ['squat'] },
  lifters,
})

describe('protocol', () => {
  it('a group per sex and class: women first, lightest class first, lifters by place and those without one last', () => {
    const groups = protocolGroups(
      doc([
        lifter('Heavy', 'M', '120kg+', 1),
        lifter('Mid2', 'M', '83kg', null),
        lifter('Mid1', 'M', '83kg', 1),
        lifter('Woman', 'F', '63kg', 1),
        lifter('Light', 'M', '59kg', 1),
      ]),
    )
    expect(groups.map((g) => [g.title, g.lifters.map((l) => l.name)])).toEqual([
      ['Women 63kg', ['Woman']],
      ['Men 59kg', ['Light']],
      ['Men 83kg', ['Mid1', 'Mid2']],
      ['Men 120kg+', ['Heavy']],
    ])
  })

  it('attempt cells in order, padded with attempts not taken', () => {
    const l = lifter('A', 'M', '83kg', 1, [
      {
        attempt_id: 2,
        lift: 'squat',
        attempt_number: 2,
        weight: 210,
        result: 'no_lift',
        verified: false,
        decided_by: 'panel',
        decided_at: null,
      },
      {
        attempt_id: 1,
        lift: 'squat',
        attempt_number: 1,
        weight: 200,
        result: 'good',
        verified: false,
        decided_by: 'panel',
        decided_at: null,
      },
    ])
    expect(attemptCells(l, 'squat')).toEqual([
      { weight: 200, result: 'good' },
      { weight: 210, result: 'no_lift' },
      { weight: null, result: null },
    ])
  })
})
