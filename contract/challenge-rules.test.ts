import { describe, expect, it } from 'vitest'
import { challengeStatus, formatDescription, parseDescription, statusBounds, type StatusBounds } from './challenge-rules.ts'

describe('challenge rules (docs/product/data.md, states.md)', () => {
  it('status comes from the dates, given as Date or ISO text', () => {
    const now = new Date('2026-03-10T12:00:00Z')
    expect(challengeStatus('2026-03-11T00:00:00Z', '2026-03-18T00:00:00Z', now)).toBe('upcoming')
    expect(challengeStatus('2026-03-01T00:00:00Z', '2026-03-09T00:00:00Z', now)).toBe('completed')
    expect(challengeStatus(new Date('2026-03-01T00:00:00Z'), new Date('2026-03-18T00:00:00Z'), now)).toBe('ongoing')
    expect(challengeStatus('2026-03-10T12:00:00Z', '2026-03-10T12:00:00Z', now)).toBe('ongoing') // both ends belong to it
  })

  it('splits a description into its text and metadata, and writes it back the same way', () => {
    expect(parseDescription('Three lifts - {"lifttypes":["Squat"],"weightclasses":["83kg"],"gender":"F"}')).toEqual({
      text: 'Three lifts',
      meta: { lifttypes: ['Squat'], weightclasses: ['83kg'], gender: 'F' },
    })
    expect(parseDescription('Squat - bench - deadlift')).toEqual({ text: 'Squat - bench - deadlift', meta: {} })
    expect(parseDescription('Broken - {"lifttypes": [')).toEqual({ text: 'Broken - {"lifttypes": [', meta: {} })
    expect(parseDescription('Odd - {"lifttypes":[1],"gender":2}')).toEqual({
      text: 'Odd',
      meta: { lifttypes: undefined, weightclasses: undefined, gender: undefined },
    })
    const written = formatDescription('Meet', { lifttypes: ['Snatch'], weightclasses: ['59kg'], gender: 'M' })
    expect(parseDescription(written)).toEqual({ text: 'Meet', meta: { lifttypes: ['Snatch'], weightclasses: ['59kg'], gender: 'M' } })
  })
})

describe('status bounds', () => {
  const within = (b: StatusBounds, start: Date, end: Date) =>
    (!b.startsAfter || start > b.startsAfter) &&
    (!b.startsBy || start <= b.startsBy) &&
    (!b.endsFrom || end >= b.endsFrom) &&
    (!b.endsBefore || end < b.endsBefore)

  it('hold exactly the challenges challengeStatus puts in each status, at the boundaries too', () => {
    const now = new Date('2030-03-01T12:00:00Z')
    const at = (ms: number) => new Date(now.getTime() + ms)
    for (const [start, end] of [
      [-2000, -1],
      [-1000, 0],
      [0, 0],
      [0, 1000],
      [-1, 1],
      [1, 1000],
      [-5000, 5000],
    ] as const) {
      for (const status of ['upcoming', 'ongoing', 'completed'] as const) {
        expect(within(statusBounds(status, now), at(start), at(end)), `${status} ${start}..${end}`).toBe(
          challengeStatus(at(start), at(end), now) === status,
        )
      }
    }
  })
})
