import { describe, expect, it } from 'vitest'
import { leaderboardQuery, liftColumnsFor, pointsColumnsFor, sortKeysFor } from './leaderboard.ts'

const EVERYONE = { sort: 'total', sport: '', weightClass: '', gender: '', country: '', location: '' } as const

describe('leaderboard query and columns', () => {
  it('asks the sort and only the filters that are set, by their API names, escaped', () => {
    expect(leaderboardQuery(EVERYONE)).toBe('sort=total')
    expect(
      leaderboardQuery({
        sort: 'dots',
        sport: 'powerlifting',
        weightClass: '66kg',
        gender: 'F',
        country: 'Norway',
        location: 'São Paulo & Co',
      }),
    ).toBe('sort=dots&sport=powerlifting&gender=F&weight_class=66kg&country=Norway&location=S%C3%A3o+Paulo+%26+Co')
    // Verified results only unless asked for.
    expect(leaderboardQuery({ ...EVERYONE, includeUnverified: false })).toBe('sort=total')
    expect(leaderboardQuery({ ...EVERYONE, gender: 'M', includeUnverified: true })).toBe('sort=total&gender=M&include_unverified=true')
  })

  it('the sort keys and columns follow the sport filter', () => {
    expect(sortKeysFor('powerlifting')).toEqual(['total', 'squat', 'bench', 'deadlift', 'dots', 'ipf_gl', 'wilks', 'wilks2020'])
    expect(sortKeysFor('weightlifting')).toEqual(['total', 'snatch', 'clean_and_jerk', 'sinclair'])
    expect(sortKeysFor('')).toHaveLength(11)
    expect(liftColumnsFor('weightlifting')).toEqual(['snatch', 'clean_and_jerk'])
    expect(liftColumnsFor('')).toEqual(['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk'])
    expect(pointsColumnsFor('powerlifting', 'total')).toEqual(['dots'])
    expect(pointsColumnsFor('weightlifting', 'snatch')).toEqual(['sinclair'])
    expect(pointsColumnsFor('', 'total')).toEqual(['dots', 'sinclair'])
    expect(pointsColumnsFor('powerlifting', 'wilks')).toEqual(['wilks'])
  })
})
