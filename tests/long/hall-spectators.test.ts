// Load: 200 spectators' socket.io clients follow a hall meet's room while its three referees press (docs/hall-mode.md).
// Asserted: every spectator receives the platform with its three lights, once all three presses are in (never
// before: the presses counted blind), within a loose bound of 15 s. Reported, never asserted in `npm test` (this is
// a long run): the time from sending the third press to the last spectator's lights, and the median.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom, type HallPlatformView, type HallResponse } from '../../contract/index.ts'
import { createChallenge, registerUser } from '../helpers/app.ts'
import { certifiedPanel } from '../helpers/judging.ts'
import { connectClient, startLiveServer, subscribe, waitUntil, type ClientSocket, type LiveTestServer } from '../helpers/live.ts'

const SPECTATORS = 200
let t: LiveTestServer
const sockets: ClientSocket[] = []

beforeAll(async () => {
  t = await startLiveServer({ env: { RATE_LIMIT_ENTRIES_PER_MINUTE: '1000' }, queue: { enqueue: async () => {}, close: async () => {} } })
}, 60_000)
afterAll(async () => {
  for (const s of sockets) s.close()
  await t?.close()
})

describe('200 spectators of the hall', () => {
  it('all get the lights once the third referee pressed', async () => {
    const organiser = await registerUser(t.app, 'Crowd Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { format: 'meet', name: 'Crowd Meet' })
    const panel = await certifiedPanel(t, organiser, id)
    const lifters: number[] = []
    for (let i = 0; i < 8; i++) {
      const user = await registerUser(t.app, `Crowd Lifter ${i + 1}`)
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/join_competition',
        headers: user.auth,
        payload: { competition_id: id, weight_class: '83kg' },
      })
      expect(joined.statusCode, joined.body).toBe(201)
      await t.app.inject({
        method: 'POST',
        url: `/api/competitions/${id}/declarations`,
        headers: user.auth,
        payload: { lift_type: 'squat', weight: 100 + 5 * i },
      })
      lifters.push(user.user_id)
    }
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/competitions/${id}/hall`,
      headers: organiser.auth,
      payload: { venue: 'in_person', flights: [{ name: 'A', session: 1, platform: 1, lifters }] },
    })
    const flightId = (set.json() as HallResponse).flights[0]!.id
    const called = await t.app.inject({
      method: 'POST',
      url: `/api/competitions/${id}/hall/platforms/1/call`,
      headers: organiser.auth,
      payload: { flight_id: flightId, lift_type: 'squat' },
    })
    const attemptId = (called.json() as { platform: HallPlatformView }).platform.current!.attempt_id

    // The spectators: each records when it first saw lights, and whether it ever saw lights before three presses.
    const litAt: (number | null)[] = Array.from({ length: SPECTATORS }, () => null)
    let early = 0
    for (let i = 0; i < SPECTATORS; i++) {
      const socket = await connectClient(t.url)
      sockets.push(socket)
      await subscribe(socket, challengeRoom(id))
      socket.on('event', (event) => {
        if (event.type !== 'hall.changed') return
        const platform = (event.data as { platform: HallPlatformView }).platform
        if (platform.lights && platform.presses < 3) early++
        if (platform.lights && litAt[i] === null) litAt[i] = performance.now()
      })
    }

    const press = (seat: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/competitions/${id}/hall/platforms/1/presses`,
        headers: panel.judges[seat - 1]!.auth,
        payload: { seat, decision: 'white', attempt_id: attemptId },
      })
    expect((await press(1)).statusCode).toBe(201)
    expect((await press(2)).statusCode).toBe(201)
    const sent = performance.now()
    expect((await press(3)).statusCode).toBe(201)
    await waitUntil(() => litAt.every((x) => x !== null), 'every spectator sees the lights', 15_000)
    const delays = litAt.map((x) => x! - sent).sort((a, b) => a - b)
    const median = delays[Math.floor(delays.length / 2)]!
    console.log(
      `hall-spectators: ${SPECTATORS} spectators; third press sent → lights on every spectator: last ${delays.at(-1)!.toFixed(0)} ms, median ${median.toFixed(0)} ms, first ${delays[0]!.toFixed(0)} ms`,
    )
    expect(early).toBe(0)
    expect(delays.at(-1)!).toBeLessThan(15_000)
  })
})
