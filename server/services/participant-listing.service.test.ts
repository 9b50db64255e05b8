// One page of a challenge's participants: the whole list when it fits, a group placed among itself,
// a name search in ranked order, and the next page's offset.
import { describe, expect, it } from 'vitest'
import { nameSearchKey, rankParticipants, standingOf, type Lift, type Participant, type ScoringSettings } from '../../contract/index.ts'
import { listParticipants } from './participant-listing.service.ts'

const SCORING: ScoringSettings = {
  sport: 'powerlifting',
  total_lifts: ['squat', 'bench', 'deadlift'],
  ranking: 'class',
  points_formula: 'dots',
}

function lifter(id: number, name: string, gender: 'M' | 'F', total: number): Participant {
  const lifts = [
    { lift_type: 'squat', weight: total / 3, status: 'completed', created_at: '2026-01-01T10:00:00Z' },
    { lift_type: 'bench', weight: total / 3, status: 'completed', created_at: '2026-01-01T10:01:00Z' },
    { lift_type: 'deadlift', weight: total / 3, status: 'completed', created_at: '2026-01-01T10:02:00Z' },
  ]
  const base = { bodyweight: 80, gender }
  return {
    id,
    user_id: id,
    competition_id: 1,
    name,
    weight_class: '83kg',
    country: null,
    divisions: [],
    birth_year: null,
    equipment: null,
    bodyweight_source: null,
    moved_from_class: null,
    ...base,
    ...standingOf({ ...base, attempts: lifts }, SCORING),
    place: null,
    attempts: lifts.map((l, i) => ({ id: id * 100 + i, ...l }) as unknown as Lift),
    joined_at: `2026-01-01T09:0${id}:00Z`,
  }
}

const ranked = rankParticipants(
  [lifter(1, 'José Ruiz', 'M', 600), lifter(2, 'Ann Lee', 'F', 450), lifter(3, 'Joseph King', 'M', 630), lifter(4, 'Bea Joss', 'F', 420)],
  SCORING,
)
const keys = () => ranked.map((p) => nameSearchKey(p.name))

describe('listParticipants', () => {
  it('answers the whole cached list when it fits the first page unfiltered', () => {
    expect(listParticipants(ranked, SCORING, { limit: 10, offset: 0 }, keys)).toEqual({ whole: true })
  })

  it('pages the ranked list with the next offset while there are more', () => {
    const first = listParticipants(ranked, SCORING, { limit: 3, offset: 0 }, keys)
    expect(first).toEqual({ whole: false, participants: ranked.slice(0, 3), nextOffset: 3 })
    expect(listParticipants(ranked, SCORING, { limit: 3, offset: 3 }, keys)).toEqual({ whole: false, participants: ranked.slice(3) })
  })

  it('searches names with accents and case ignored, in ranked order, asking for the keys', () => {
    let asked = 0
    const listing = listParticipants(ranked, SCORING, { limit: 10, offset: 0, q: 'JOS' }, () => (asked++, keys()))
    expect(asked).toBe(1)
    expect(listing.whole).toBe(false)
    if (listing.whole) return
    expect(listing.participants.map((p) => p.name)).toEqual(['Joseph King', 'José Ruiz', 'Bea Joss'])
  })

  it('places a group among itself: the women ranked 1 and 2 whatever their overall place', () => {
    const listing = listParticipants(ranked, SCORING, { limit: 10, offset: 0, sex: 'F' }, keys)
    if (listing.whole) throw new Error('a group is never the whole list')
    expect(listing.participants.map((p) => [p.name, p.place])).toEqual([
      ['Ann Lee', 1],
      ['Bea Joss', 2],
    ])
    const searched = listParticipants(ranked, SCORING, { limit: 10, offset: 0, sex: 'F', q: 'bea' }, keys)
    if (searched.whole) throw new Error('a group is never the whole list')
    expect(searched.participants.map((p) => [p.name, p.place])).toEqual([['Bea Joss', 2]])
  })
})
