// The socket boundary: whatever a real socket.io client sends as `subscribe` or
// `unsubscribe` (wrong types, rooms that are not public rooms, a since no room can
// reach, extra arguments, binary, no acknowledgement) is checked against the contract's
// schema before a handler runs, answered with one fixed sentence, and the server —
// that socket included — keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom, GLOBAL_ROOM } from '../../../contract/index.ts'
import {
  collectEvents,
  connectClient,
  createLifters,
  createOngoingChallenge,
  join,
  sleep,
  startLiveServer,
  subscribe,
  waitUntil,
  type ClientSocket,
  type LiveTestServer,
} from '../../helpers/live.ts'

const BAD_SUBSCRIBE = 'Send { room: "competition:<id>" | "global", since?: number | null }.'
const BAD_UNSUBSCRIBE = 'Send { room: "competition:<id>" | "global" }.'

let t: LiveTestServer
const sockets: ClientSocket[] = []
const client = async () => {
  const socket = await connectClient(t.url)
  sockets.push(socket)
  return socket
}
const errors: unknown[] = []
const onProcessError = (error: unknown) => errors.push(error)

beforeAll(async () => {
  t = await startLiveServer()
  process.on('uncaughtException', onProcessError)
  process.on('unhandledRejection', onProcessError)
})
afterAll(async () => {
  process.off('uncaughtException', onProcessError)
  process.off('unhandledRejection', onProcessError)
  for (const s of sockets) s.close()
  await t?.close()
})

/** Emits `name` with these arguments and an acknowledgement; resolves with the answer. */
function ask(socket: ClientSocket, name: 'subscribe' | 'unsubscribe', ...args: unknown[]): Promise<unknown> {
  return (socket.timeout(5000) as unknown as { emitWithAck(name: string, ...args: unknown[]): Promise<unknown> }).emitWithAck(name, ...args)
}

describe('the socket boundary', () => {
  it('answers every malformed subscribe with the one sentence that says what to send, and still serves the socket', async () => {
    const id = await createOngoingChallenge(t.db.prisma, 'Boundary')
    const room = challengeRoom(id)
    const s = await client()
    const bad: Array<[string, unknown[]]> = [
      // wrong types
      ['a number as room', [{ room: 5 }]],
      ['since as a string', [{ room, since: '2' }]],
      ['since as a boolean', [{ room, since: true }]],
      ['since as an object', [{ room, since: { gt: 1 } }]],
      ['an array', [[room, 0]]],
      ['a bare string', [room]],
      ['a number', [42]],
      ['null', [null]],
      ['nothing', []],
      ['binary', [Buffer.from(JSON.stringify({ room }))]],
      ['an unknown field', [{ room, since: 0, admin: true }]],
      ['two payloads', [{ room }, { room }]],
      // rooms that are not public rooms
      ['a private room', [{ room: 'user:1' }]],
      ['no id', [{ room: 'competition:' }]],
      ['id 0', [{ room: 'competition:0' }]],
      ['a leading zero', [{ room: 'competition:01' }]],
      ['a negative id', [{ room: 'competition:-1' }]],
      ['an id past the database', [{ room: 'competition:2147483648' }]],
      ['trailing space', [{ room: `${room} ` }]],
      ['another case', [{ room: 'Global' }]],
      ['unknown kind', [{ room: 'everything' }]],
      ['a long name', [{ room: `competition:${'9'.repeat(5000)}` }]],
      // a since no room can reach
      ['since past any seq', [{ room, since: 2 ** 31 }]],
      ['since at the edge of safe integers', [{ room, since: Number.MAX_SAFE_INTEGER }]],
      ['since 1e300', [{ room, since: 1e300 }]],
      ['a negative since', [{ room, since: -1 }]],
      ['a fractional since', [{ room, since: 1.5 }]],
    ]
    for (const [what, args] of bad) {
      expect(await ask(s, 'subscribe', ...args), what).toEqual({ error: BAD_SUBSCRIBE })
    }
    // Many at once: all answered, the connection stays.
    const flood = await Promise.all(Array.from({ length: 100 }, (_, i) => ask(s, 'subscribe', { room: `competition:x${i}` })))
    expect(new Set(flood.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify({ error: BAD_SUBSCRIBE })]))
    expect(s.connected).toBe(true)

    // The same socket subscribes properly and gets the room's events.
    const seen = collectEvents(s)
    expect(await subscribe(s, room, 0)).toEqual({ room, seq: 0, missed: [], resync: false })
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    expect((await join(t.url, lifter!, id)).status).toBe(201)
    await waitUntil(() => seen.length === 1, 'the join after the bad payloads')
    expect(seen[0]).toMatchObject({ room, seq: 1, type: 'participant.joined' })
    expect(errors).toEqual([])
  })

  it('ignores a subscribe without an acknowledgement (no one to answer), valid or not', async () => {
    const id = await createOngoingChallenge(t.db.prisma, 'No Ack')
    const room = challengeRoom(id)
    const s = await client()
    const seen = collectEvents(s)
    const raw = s as unknown as { emit(name: string, ...args: unknown[]): void }
    raw.emit('subscribe', { room, since: 0 })
    raw.emit('subscribe', { room: 'user:1' })
    raw.emit('subscribe', 'nonsense', 'more')
    raw.emit('subscribe')
    await sleep(100)
    expect(s.connected).toBe(true)
    // It did not join the room: a join reaches a subscriber but not this socket.
    const watcher = await client()
    const watched = collectEvents(watcher)
    await subscribe(watcher, room, 0)
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    expect((await join(t.url, lifter!, id)).status).toBe(201)
    await waitUntil(() => watched.length === 1, 'the join on the subscriber')
    await sleep(100)
    expect(seen).toEqual([])
    // And it still subscribes properly afterwards.
    expect(await subscribe(s, room, 0)).toMatchObject({ room, seq: 1, resync: false })
    expect(errors).toEqual([])
  })

  it('answers a malformed unsubscribe that asked for an answer, ignores one that did not, and leaves on a good one', async () => {
    const s = await client()
    await subscribe(s, GLOBAL_ROOM)
    for (const args of [[{ room: 'user:1' }], [{ room: 7 }], [null], [], [{ room: GLOBAL_ROOM, extra: 1 }], ['global']]) {
      expect(await ask(s, 'unsubscribe', ...args), JSON.stringify(args)).toEqual({ error: BAD_UNSUBSCRIBE })
    }
    const raw = s as unknown as { emit(name: string, ...args: unknown[]): void }
    raw.emit('unsubscribe', { room: 'competition:0' })
    raw.emit('unsubscribe')
    await sleep(50)
    expect(s.connected).toBe(true)

    const seen = collectEvents(s)
    expect(await ask(s, 'unsubscribe', { room: GLOBAL_ROOM })).toEqual({ data: { room: GLOBAL_ROOM } })
    const id = await createOngoingChallenge(t.db.prisma, 'After Unsubscribe')
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    expect((await join(t.url, lifter!, id)).status).toBe(201) // announces leaderboard.changed to the global room
    await sleep(150)
    expect(seen).toEqual([])
    expect(errors).toEqual([])
  })

  it('keeps serving other clients while one sends garbage', async () => {
    const noisy = await client()
    const garbage = Promise.all(
      Array.from({ length: 200 }, (_, i) => ask(noisy, 'subscribe', i % 2 ? { room: i } : { room: GLOBAL_ROOM, since: -i - 1 })),
    )
    const calm = await client()
    expect(await subscribe(calm, GLOBAL_ROOM)).toMatchObject({ room: GLOBAL_ROOM, resync: false })
    expect((await garbage).every((answer) => JSON.stringify(answer) === JSON.stringify({ error: BAD_SUBSCRIBE }))).toBe(true)
    expect(noisy.connected && calm.connected).toBe(true)
    const health = await fetch(`${t.url}/api/competitions`)
    expect(health.status).toBe(200)
    expect(errors).toEqual([])
  })
})
