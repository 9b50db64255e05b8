// Team standings, pure (docs/teams.md): a lifter may enter a challenge for a team (a club name); teams
// score IPF-style points for their lifters' places in each class, counting a team's best five men
// and best five women.
import { Type, type Static } from 'typebox'
import { Nullable } from './common.ts'

/** The longest team name. */
export const TEAM_MAX = 60

/** A team name as stored: spaces collapsed and trimmed; null for none. */
export function teamName(text: string | null | undefined): string | null {
  const name = (text ?? '').replace(/\s+/gu, ' ').trim()
  return name === '' ? null : name
}

/** Two team names are one team when they differ only in case and spaces ("Iron Club" and "iron  club"). */
export const teamKey = (name: string) => name.normalize('NFC').toLocaleLowerCase('und').replace(/\s+/gu, ' ').trim()

/**
 * Points for places 1 to 10 in a class: 12, 9, 8, 7, 6, 5, 4, 3, 2, 1 (IPF Technical Rules Book,
 * "Team Competition"); no points from 11th on, nor without a total.
 */
export const IPF_TEAM_POINTS = [12, 9, 8, 7, 6, 5, 4, 3, 2, 1] as const
/** How many of a team's men, and how many of its women, count. */
export const TEAM_COUNTED = 5

export interface TeamLifter {
  userId: number
  name: string
  team: string | null
  /** 'M' or 'F' (the spec's 'male'/'female' too). */
  gender: string
  weightClass: string
  bodyweight: number | null
  total: number | null
}

export const TeamMember = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  sex: Type.String(),
  weight_class: Type.String(),
  /** Place in the class (by total; the lighter lifter first on a tie); null without a total. */
  class_place: Nullable(Type.Integer()),
  points: Type.Integer(),
  /** Among the team's best five of the lifter's sex. */
  counted: Type.Boolean(),
})
export const TeamStanding = Type.Object({
  place: Type.Integer(),
  team: Type.String(),
  points: Type.Integer(),
  men_points: Type.Integer(),
  women_points: Type.Integer(),
  members: Type.Array(TeamMember),
})
export type TeamStanding = Static<typeof TeamStanding>
/** GET /competitions/:id/teams. */
export const TeamsResponse = Type.Object({ teams: Type.Array(TeamStanding) })
export type TeamsResponse = Static<typeof TeamsResponse>

const sexOf = (gender: string) => (/^(f|female|w|women)$/i.test(gender.trim()) ? 'F' : 'M')

/**
 * Places in each class of each sex: by total, heaviest first; on equal totals the lighter lifter
 * first (IPF Technical Rules Book, general rules); still equal, the same place. Lifters without a total get none.
 */
export function classPlaces(lifters: readonly TeamLifter[]): Map<number, number | null> {
  const places = new Map<number, number | null>()
  const groups = new Map<string, TeamLifter[]>()
  for (const l of lifters) {
    if (l.total === null || l.total <= 0) {
      places.set(l.userId, null)
      continue
    }
    const key = `${sexOf(l.gender)}|${l.weightClass}`
    groups.set(key, [...(groups.get(key) ?? []), l])
  }
  for (const group of groups.values()) {
    const bw = (l: TeamLifter) => l.bodyweight ?? Infinity
    const sorted = [...group].sort((a, b) => b.total! - a.total! || bw(a) - bw(b))
    sorted.forEach((l, i) => {
      const before = sorted[i - 1]
      places.set(l.userId, before && before.total === l.total && bw(before) === bw(l) ? places.get(before.userId)! : i + 1)
    })
  }
  return places
}

/**
 * The team standings: each lifter who entered for a team scores IPF_TEAM_POINTS for their class
 * place; a team's score is its best five men's points plus its best five women's. Teams tied on points
 * rank by more first places, then more second places, and so on (IPF Technical Rules Book, "Team
 * Competition"); still tied, they share the place. Lifters without a team are not in any.
 */
export function teamStandings(lifters: readonly TeamLifter[]): TeamStanding[] {
  const places = classPlaces(lifters)
  const teams = new Map<string, { name: string; members: TeamStanding['members'] }>()
  for (const l of lifters) {
    if (!l.team) continue
    const key = teamKey(l.team)
    const place = places.get(l.userId) ?? null
    const points = place !== null && place <= IPF_TEAM_POINTS.length ? IPF_TEAM_POINTS[place - 1]! : 0
    const team = teams.get(key) ?? { name: l.team, members: [] }
    team.members.push({
      user_id: l.userId,
      name: l.name,
      sex: sexOf(l.gender),
      weight_class: l.weightClass,
      class_place: place,
      points,
      counted: false,
    })
    teams.set(key, team)
  }
  const scored = [...teams.values()].map(({ name, members }) => {
    const sum = (sex: string) => {
      const best = members
        .filter((m) => m.sex === sex)
        .sort((a, b) => b.points - a.points || (a.class_place ?? Infinity) - (b.class_place ?? Infinity))
        .slice(0, TEAM_COUNTED)
      for (const m of best) m.counted = m.points > 0
      return best.reduce((s, m) => s + m.points, 0)
    }
    const men = sum('M')
    const women = sum('F')
    const counts = IPF_TEAM_POINTS.map((_, i) => members.filter((m) => m.counted && m.class_place === i + 1).length)
    members.sort((a, b) => Number(b.counted) - Number(a.counted) || b.points - a.points || a.name.localeCompare(b.name))
    return { team: name, points: men + women, men_points: men, women_points: women, members, counts }
  })
  const order = (a: (typeof scored)[number], b: (typeof scored)[number]) => {
    if (a.points !== b.points) return b.points - a.points
    for (let i = 0; i < a.counts.length; i++) if (a.counts[i] !== b.counts[i]) return b.counts[i]! - a.counts[i]!
    return 0
  }
  const sorted = scored.sort((a, b) => order(a, b) || a.team.localeCompare(b.team))
  return sorted.map((t, i) => {
    let place = i + 1
    for (let j = i - 1; j >= 0 && order(sorted[j]!, t) === 0; j--) place = j + 1
    return { place, team: t.team, points: t.points, men_points: t.men_points, women_points: t.women_points, members: t.members }
  })
}
