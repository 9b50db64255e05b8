// fetchSince with two screens following one room in one tab: each screen has its own watch in the
// live client, so every event of the room is applied twice; a load on its way records each once,
// in seq order.
import { describe, expect, it } from 'vitest'
import { deferred, twoScreens } from '../../test/live-screens.ts'
import type { LiveEvent, Room } from '../contract.ts'
import { fetchSince } from './live-table.ts'

const leaderboardChanged = (room: Room, seq: number): LiveEvent => ({
  room,
  seq,
  type: 'leaderboard.changed',
  data: { competition_id: 1 },
  at: '',
})

describe('fetchSince with two screens on one room', () => {
  it('records each event once though both screens apply it', async () => {
    const room: Room = 'competition:31'
    const screens = await twoScreens(room, 1)
    screens.answer(1)
    const load = deferred<string>()
    const since = fetchSince(room, () => load.promise)
    screens.socket.fire('event', leaderboardChanged(room, 2))
    screens.socket.fire('event', leaderboardChanged(room, 3))
    expect(screens.applied).toEqual([
      [2, 3],
      [2, 3],
    ]) // each screen applied each event
    load.resolve('answer')
    expect((await since).since.map((e) => e.seq)).toEqual([2, 3])
    screens.stop()
  })

  it('keeps an event that the screen behind applies after the one ahead applied a later one, in seq order', async () => {
    // The first screen follows from seq 3, the second from 1 (its snapshot is older): while a load
    // is on its way, the first applies 4, then the second's replay brings 2, 3 and 4.
    const room: Room = 'competition:32'
    const screens = await twoScreens(room, 3, 1)
    const load = deferred<string>()
    const since = fetchSince(room, () => load.promise)
    const first = screens.socket.subscribes.find((s) => s.since === 3)!
    first.ack(null, { data: { room, seq: 4, missed: [leaderboardChanged(room, 4)], resync: false } })
    const second = screens.socket.subscribes.find((s) => s.since === 1)!
    second.ack(null, { data: { room, seq: 4, missed: [2, 3, 4].map((n) => leaderboardChanged(room, n)), resync: false } })
    expect(screens.applied).toEqual([[4], [2, 3, 4]])
    load.resolve('answer')
    expect((await since).since.map((e) => e.seq)).toEqual([2, 3, 4])
    screens.stop()
  })
})
