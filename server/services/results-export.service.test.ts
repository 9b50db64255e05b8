// The export's own places (docs/exports.md): per weight class by total, a tie to the lighter lifter,
// whatever the challenge ranks by; tests/server/routes/results.routes.test.ts reads whole files back.
import { describe, expect, it } from 'vitest'
import type { OplAttempt, OplEntry } from '../../contract/openpowerlifting.ts'
import { placeByClass, weightClassOf } from './results-export.service.ts'

const good = (weight: number): OplAttempt => ({ weight, result: 'good' })
const miss = (weight: number): OplAttempt => ({ weight, result: 'no_lift' })
const lifter = (name: string, cls: string, bodyweightKg: number | null, bench: OplAttempt[]): OplEntry => ({
  name,
  sex: 'M',
  equipment: 'classic',
  division: 'Open',
  bodyweightKg,
  weightClass: weightClassOf(cls),
  attempts: { bench },
  place: 'G',
})

describe('placeByClass', () => {
  it('places within each class by total, lighter first on a tie, classes in weight order, none without a total', () => {
    // In the order a points-ranked challenge would list them (overall, by formula).
    const placed = placeByClass(
      [
        lifter('Heavy Strong', '120kg+', 140, [good(250)]),
        lifter('Light Tie', '83kg', 80.2, [good(150)]),
        lifter('Heavy Tie', '83kg', 82.9, [good(150)]),
        lifter('No Weigh-in', '83kg', null, [good(160)]),
        lifter('Bombed', '83kg', 81, [miss(140), miss(140), miss(140)]),
        lifter('Middle', '93kg', 90, [good(170)]),
      ],
      ['bench'],
    )
    expect(placed.map((e) => [e.name, e.place])).toEqual([
      ['No Weigh-in', 1],
      ['Light Tie', 2],
      ['Heavy Tie', 3],
      ['Bombed', 'G'],
      ['Middle', 1],
      ['Heavy Strong', 1],
    ])
  })

  it('reads classes as the challenge writes them', () => {
    expect(weightClassOf('83kg')).toEqual({ limitKg: 83, plus: false })
    expect(weightClassOf('120kg+')).toEqual({ limitKg: 120, plus: true })
    expect(weightClassOf('Open')).toBeNull()
  })
})
