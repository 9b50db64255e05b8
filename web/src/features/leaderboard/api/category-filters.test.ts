import { describe, expect, it } from 'vitest'
import { classOptions, divisionOptions, offersEquipmentFilter } from './category-filters.ts'

describe('leaderboard category filters (docs/categories.md)', () => {
  it("offers the set's classes for the sex chosen, both sexes' merged without one, the spec's list without a set", () => {
    expect(classOptions('ipf', 'F')).toEqual(['43kg', '47kg', '52kg', '57kg', '63kg', '69kg', '76kg', '84kg', '84kg+'])
    expect(classOptions('iwf', 'M')).toEqual(['60kg', '65kg', '71kg', '79kg', '88kg', '94kg', '110kg', '110kg+'])
    expect(classOptions('ipf', '')).toContain('120kg+')
    expect(classOptions('ipf', '')).toContain('43kg')
    expect(classOptions('', 'F')).toEqual(['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+'])
  })

  it("offers the sport's divisions by its names; both sports' marked by federation, Junior once", () => {
    expect(divisionOptions('powerlifting').map((o) => o.label)).toEqual([
      'Sub-Junior',
      'Junior',
      'Open',
      'Masters 1',
      'Masters 2',
      'Masters 3',
      'Masters 4',
    ])
    const all = divisionOptions('')
    expect(all.filter((o) => o.value === 'junior')).toEqual([{ value: 'junior', label: 'Junior' }])
    expect(all.find((o) => o.value === 'masters_40')!.label).toBe('Masters 40–44 (IWF)')
    expect(offersEquipmentFilter('weightlifting')).toBe(false)
    expect(offersEquipmentFilter('')).toBe(true)
  })
})
