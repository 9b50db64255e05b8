// The boards' view of a platform from the rows: the order from attempts and declarations, the lights blind
// until the third press (docs/hall-mode.md).
import { describe, expect, it } from 'vitest'
import type { HallLifterRow, HallSnapshot, PressRow } from '../../infra/repositories/hall.repository.ts'
import { emptyPlatform, flightLifter, flightOrder, platformView } from './hall-view.ts'

const lifter = (
  participantId: number,
  name: string,
  lot: number,
  opener: number,
  attempts: HallLifterRow['attempts'] = [],
): HallLifterRow => ({
  participantId,
  userId: 100 + participantId,
  name,
  gender: 'M',
  lot,
  bodyweight: 80,
  flightId: 1,
  attempts,
  declarations: [{ liftType: 'squat', attemptNumber: 1, weight: opener, automatic: false }],
})
const snapshot = (presses: PressRow[]): HallSnapshot => ({
  challenge: { id: 9, organiserId: 1, format: 'meet', venue: 'in_person', liftTypes: ['Squat'], description: '' },
  flights: [{ id: 1, name: 'A', session: 1, platform: 1 }],
  lifters: [
    lifter(1, 'Ada', 2, 100, [
      { id: 50, liftType: 'squat', attemptNumber: 1, weight: 100, status: 'pending', decidedAt: null, judgingSource: 'live' },
    ]),
    lifter(2, 'Ben', 1, 110),
    lifter(3, 'Cy', 3, 105),
    lifter(4, 'Di', 4, 120),
  ],
  platforms: [],
  seats: [
    { userId: 11, seat: 1 },
    { userId: 12, seat: 2 },
    { userId: 13, seat: 3 },
  ],
  presses,
  officials: [],
  deskEntries: [],
})
const row = { ...emptyPlatform(1), flightId: 1, liftType: 'squat', participantId: 1, attemptId: 50 }
const press = (seat: number, good: boolean): PressRow => ({
  attemptId: 50,
  seat,
  refereeId: 10 + seat,
  good,
  reason: good ? null : 'depth',
})

describe('a platform as the boards see it', () => {
  it('reads a lifter: taken attempts with their result, then the declared next', () => {
    const l = lifter(1, 'Ada', 2, 100, [
      { id: 50, liftType: 'squat', attemptNumber: 1, weight: 100, status: 'completed', decidedAt: new Date(0), judgingSource: 'live' },
    ])
    l.declarations.push({ liftType: 'squat', attemptNumber: 2, weight: 107.5, automatic: false })
    expect(flightLifter(l, 'squat').attempts).toEqual([
      { weight: 100, result: 'good' },
      { weight: 107.5, result: null },
    ])
  })

  it('shows the called lifter, then on deck and in the hole from the order', () => {
    const view = platformView(snapshot([]), row)
    expect([
      view.current?.name,
      view.current?.attempt_id,
      view.on_deck?.name,
      view.in_the_hole?.name,
      view.order.map((o) => o.name),
    ]).toEqual(['Ada', 50, 'Cy', 'Ben', ['Di']])
  })

  it('keeps the lights blind until all three referees pressed', () => {
    expect([
      platformView(snapshot([press(1, true), press(3, false)]), row).lights,
      platformView(snapshot([press(1, true), press(3, false)]), row).presses,
    ]).toEqual([null, 2])
    expect(platformView(snapshot([press(1, true), press(2, true), press(3, false)]), row).lights).toEqual([
      { seat: 1, good: true, reason: null },
      { seat: 2, good: true, reason: null },
      { seat: 3, good: false, reason: 'depth' },
    ])
  })

  it('orders a weightlifting flight by the rising bar, not in rounds (contract/rising-bar.ts)', () => {
    const snatcher = (participantId: number, name: string, lot: number, rest: Partial<HallLifterRow>): HallLifterRow => ({
      participantId,
      userId: 100 + participantId,
      name,
      gender: 'M',
      lot,
      bodyweight: 80,
      flightId: 1,
      attempts: [],
      declarations: [],
      ...rest,
    })
    const snap: HallSnapshot = {
      ...snapshot([]),
      challenge: { id: 9, organiserId: 1, format: 'meet', venue: 'in_person', liftTypes: ['Snatch'], description: '' },
      lifters: [
        // Ann made 80 kg: her second waits at the default 81 kg.
        snatcher(1, 'Ann', 2, {
          attempts: [
            {
              id: 60,
              liftType: 'snatch',
              attemptNumber: 1,
              weight: 80,
              status: 'completed',
              decidedAt: new Date(0),
              judgingSource: 'live',
            },
          ],
        }),
        snatcher(2, 'Bea', 1, { declarations: [{ liftType: 'snatch', attemptNumber: 1, weight: 82, automatic: false }] }),
        snatcher(3, 'Cat', 3, { declarations: [{ liftType: 'snatch', attemptNumber: 1, weight: 81, automatic: false }] }),
      ],
    }
    // Rounds would give Cat, Bea, then Ann's second; the rising bar puts Ann's 81 kg before Bea's 82 kg.
    expect(flightOrder(snap, 1, 'snatch').queue.map((q) => `${q.name} ${q.weight}#${q.attempt}`)).toEqual([
      'Cat 81#1',
      'Ann 81#2',
      'Bea 82#1',
    ])
  })
})
