import { describe, expect, it } from 'vitest'
import { IPF_TEAM_POINTS, TEAM_COUNTED, classPlaces, teamName, teamStandings, type TeamLifter } from './teams.ts'

let id = 0
const l = (
  name: string,
  team: string | null,
  weightClass: string,
  total: number | null,
  gender = 'M',
  bodyweight: number | null = 80,
): TeamLifter => ({ userId: ++id, name, team, gender, weightClass, bodyweight, total })

describe('team points', () => {
  it('pins the IPF values: 12, 9, 8, 7, 6, 5, 4, 3, 2, 1; five men and five women count', () => {
    expect(IPF_TEAM_POINTS).toEqual([12, 9, 8, 7, 6, 5, 4, 3, 2, 1])
    expect(TEAM_COUNTED).toBe(5)
  })

  it('a fixture computed by hand: places per class and sex, lifters without a team take places too', () => {
    const lifters = [
      l('A', 'Iron Club', '83kg', 600),
      l('B', 'Steel', '83kg', 590),
      l('C', 'iron  club', '83kg', 580),
      l('D', null, '83kg', 570),
      l('E', 'Steel', '83kg', 560),
      l('F', 'Steel', '93kg', 650),
      l('G', 'Iron Club', '93kg', 640),
      l('H', 'Iron Club', '63kg', 400, 'F'),
      l('I', 'Steel', '63kg', 390, 'female'),
      l('J', 'Steel', '63kg', null, 'F'),
    ]
    // 83kg: A 1st 12, B 2nd 9, C 3rd 8, D 4th (no team), E 5th 6. 93kg: F 12, G 9. Women 63kg: H 12, I 9; J bombed out: 0.
    // Iron Club: men 12 + 8 + 9 = 29, women 12 → 41. Steel: men 9 + 6 + 12 = 27, women 9 → 36.
    const standings = teamStandings(lifters)
    expect(standings.map((t) => [t.place, t.team, t.points, t.men_points, t.women_points])).toEqual([
      [1, 'Iron Club', 41, 29, 12],
      [2, 'Steel', 36, 27, 9],
    ])
    expect(standings[1]!.members.find((m) => m.name === 'J')).toMatchObject({ class_place: null, points: 0, counted: false })
  })

  it('only the best five men count', () => {
    const six = ['59kg', '66kg', '74kg', '83kg', '93kg'].map((c) => l(`M${c}`, 'Six', c, 500))
    const second = [l('Other', 'Rival', '105kg', 700), l('Sixth', 'Six', '105kg', 600)]
    const [team] = teamStandings([...six, ...second]).filter((t) => t.team === 'Six')
    expect(team!.points).toBe(60)
    expect(team!.members.find((m) => m.name === 'Sixth')).toMatchObject({ points: 9, counted: false })
  })

  it('teams tied on points: more first places ranks higher', () => {
    const lifters = [
      l('X1', 'X', '83kg', 600),
      l('Y1', 'Y', '83kg', 590),
      l('Z', null, '93kg', 700),
      l('Y2', 'Y', '93kg', 690),
      l('n3', null, '93kg', 680),
      l('n4', null, '93kg', 670),
      l('X2', 'X', '93kg', 660),
    ]
    // X: 12 + 6 = 18 with one first; Y: 9 + 9 = 18 with none.
    expect(teamStandings(lifters).map((t) => [t.place, t.team, t.points])).toEqual([
      [1, 'X', 18],
      [2, 'Y', 18],
    ])
  })

  it('equal totals: the lighter lifter places first; equal bodyweight too: the same place', () => {
    const a = l('Heavy', 'T', '83kg', 600, 'M', 82.9)
    const b = l('Light', 'T', '83kg', 600, 'M', 80.0)
    const c = l('Twin', 'U', '83kg', 600, 'M', 80.0)
    const places = classPlaces([a, b, c])
    expect([places.get(b.userId), places.get(c.userId), places.get(a.userId)]).toEqual([1, 1, 3])
  })
})

describe('teamName', () => {
  it('collapses spaces and trims; empty is none', () => {
    expect(teamName('  Iron   Club ')).toBe('Iron Club')
    expect(teamName('   ')).toBeNull()
    expect(teamName(undefined)).toBeNull()
  })
})
