// The live store's ordering rules: events applied once and in seq order, replay on subscribe,
// a gap is asked of the server after a short wait (and refetches the snapshot when the server
// cannot fill it), a resync order refetches the snapshot, REST polling while the socket is down,
// token refusals, and stores made by createLiveStore sharing nothing.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LiveAuth, LiveEvent, Room, SubscribeResult } from '../lib/contract.ts'
import type { LiveSocket } from './live.ts'

type Handler = (...args: unknown[]) => void
type SubscribeAck = (err: Error | null, answer: { data: SubscribeResult } | { error: string }) => void

/** socket.io-client stand-in: the test plays the server. `fake` is the app store's (`useLive`). */
const { fake, fakeSocket } = vi.hoisted(() => {
  const fakeSocket = () => {
    const handlers = new Map<string, Handler[]>()
    const socket = {
      connected: false,
      recovered: false,
      active: true,
      /** Calls of connect() (a retry after a refused handshake). */
      connects: 0,
      subscribes: [] as { room: string; since?: number | null; ack: SubscribeAck }[],
      unsubscribes: [] as string[],
      on(name: string, handler: Handler) {
        handlers.set(name, [...(handlers.get(name) ?? []), handler])
        return socket
      },
      fire(name: string, ...args: unknown[]) {
        for (const h of handlers.get(name) ?? []) h(...args)
      },
      timeout() {
        return {
          emit: (_: string, request: { room: string; since?: number | null }, ack: SubscribeAck) =>
            socket.subscribes.push({ ...request, ack }),
        }
      },
      emit(name: string, request: { room: string }) {
        if (name === 'unsubscribe') socket.unsubscribes.push(request.room)
      },
      disconnect: () => socket,
      connect: () => {
        socket.connects++
        return socket
      },
    }
    return socket
  }
  return { fake: fakeSocket(), fakeSocket }
})
vi.mock('socket.io-client', () => ({ io: () => fake }))

const { createLiveStore, useLive } = await import('./live.ts')

const event = (room: Room, seq: number): LiveEvent => ({
  room,
  seq,
  type: 'leaderboard.changed',
  data: { competition_id: 1 },
  at: new Date(0).toISOString(),
})

function watch(room: Room, seq: number | null, resyncSeq: number | null = null) {
  const applied: number[] = []
  const resync = vi.fn(async () => resyncSeq)
  const stop = useLive.getState().watch(room, { seq, apply: (e) => applied.push(e.seq), resync })
  return { applied, resync, stop }
}

const lastSubscribe = (room: string) => fake.subscribes.filter((s) => s.room === room).at(-1)!

/** A watch whose first subscribe the server answered: the room is at `seq`, nothing missed. */
async function watchSubscribed(room: Room, seq: number, resyncSeq: number | null = null) {
  const w = watch(room, seq, resyncSeq)
  await flush()
  lastSubscribe(room).ack(null, { data: { room, seq, missed: [], resync: false } })
  return w
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function connect() {
  fake.connected = true
  fake.fire('connect')
}

afterEach(() => {
  fake.subscribes.length = 0
  fake.unsubscribes.length = 0
})

describe('live store', () => {
  it('says which rooms are live (subscribe answered) and how many watch them, until the connection or the watch ends', async () => {
    const room: Room = 'competition:41'
    connect()
    const w = watch(room, 1)
    await flush()
    expect(useLive.getState().liveRooms[room]).toBeUndefined() // asked, not answered
    fake.fire('presence', { room, watching: 3 })
    lastSubscribe(room).ack(null, { data: { room, seq: 1, missed: [], resync: false } })
    expect(useLive.getState().liveRooms[room]).toBe(true)
    expect(useLive.getState().watching[room]).toBe(3)
    fake.fire('presence', { room: 'competition:42', watching: 9 }) // a room no screen watches
    expect(useLive.getState().watching['competition:42']).toBeUndefined()
    fake.fire('presence', { room, watching: 4 })
    expect(useLive.getState().watching[room]).toBe(4)

    fake.connected = false
    fake.fire('disconnect')
    expect(useLive.getState().liveRooms[room]).toBeUndefined()
    expect(useLive.getState().watching[room]).toBeUndefined()
    connect()
    expect(useLive.getState().liveRooms[room]).toBeUndefined() // until the new subscribe is answered
    lastSubscribe(room).ack(null, { data: { room, seq: 1, missed: [], resync: false } })
    expect(useLive.getState().liveRooms[room]).toBe(true)
    w.stop()
    expect(useLive.getState().liveRooms[room]).toBeUndefined()
  })

  it('subscribes with the snapshot seq, replays what was missed, then applies new events once and in order', async () => {
    const room: Room = 'competition:1'
    const w = watch(room, 5)
    await flush()
    connect()
    expect(useLive.getState().status).toBe('connected')
    const sub = lastSubscribe(room)
    expect(sub.since).toBe(5)
    // pushed while the subscribe is being answered: waits for the replay
    fake.fire('event', event(room, 8))
    sub.ack(null, { data: { room, seq: 7, missed: [event(room, 6), event(room, 7)], resync: false } })
    expect(w.applied).toEqual([6, 7, 8])
    fake.fire('event', event(room, 8)) // duplicate
    fake.fire('event', event(room, 9))
    fake.fire('event', event('competition:2', 10)) // another room
    expect(w.applied).toEqual([6, 7, 8, 9])
    w.stop()
    expect(fake.unsubscribes).toContain(room)
  })

  it('a gap the outbox cannot fill refetches the snapshot and continues from its seq', async () => {
    const room: Room = 'competition:3'
    const w = await watchSubscribed(room, 1, 20)
    fake.fire('event', event(room, 2))
    fake.fire('event', event(room, 4)) // 3 is missing
    // After a short wait for 3, the store asks the server for what follows 2; the server orders a resync.
    await vi.waitFor(() => expect(lastSubscribe(room).since).toBe(2))
    expect(w.resync).not.toHaveBeenCalled()
    lastSubscribe(room).ack(null, { data: { room, seq: 4, missed: [], resync: true } })
    await vi.waitFor(() => expect(w.resync).toHaveBeenCalledOnce())
    await vi.waitFor(() => expect(lastSubscribe(room).since).toBe(20))
    lastSubscribe(room).ack(null, { data: { room, seq: 21, missed: [event(room, 21)], resync: false } })
    expect(w.applied).toEqual([2, 21])
    w.stop()
  })

  it('holds events that arrive ahead of a gap and applies them in order once it fills, without a request', async () => {
    const room: Room = 'competition:6'
    const w = await watchSubscribed(room, 1)
    const subscribes = fake.subscribes.length
    fake.fire('event', event(room, 4))
    fake.fire('event', event(room, 3))
    expect(w.applied).toEqual([])
    fake.fire('event', event(room, 2))
    expect(w.applied).toEqual([2, 3, 4])
    await new Promise((resolve) => setTimeout(resolve, 400)) // past the gap wait
    expect(fake.subscribes.length).toBe(subscribes)
    expect(w.resync).not.toHaveBeenCalled()
    w.stop()
  })

  it('a gap still open after the wait is replayed by the server from the outbox, without a snapshot', async () => {
    const room: Room = 'competition:7'
    const w = await watchSubscribed(room, 10)
    fake.fire('event', event(room, 11))
    fake.fire('event', event(room, 14)) // 12 and 13 were lost
    await vi.waitFor(() => expect(lastSubscribe(room).since).toBe(11))
    fake.fire('event', event(room, 15)) // pushed while the answer is on its way
    lastSubscribe(room).ack(null, { data: { room, seq: 14, missed: [event(room, 12), event(room, 13), event(room, 14)], resync: false } })
    expect(w.applied).toEqual([11, 12, 13, 14, 15])
    expect(w.resync).not.toHaveBeenCalled()
    w.stop()
  })

  it("refetches the snapshot when the server answers 'resync'", async () => {
    const room: Room = 'competition:4'
    const w = watch(room, 2, 50)
    await flush()
    lastSubscribe(room).ack(null, { data: { room, seq: 900, missed: [], resync: true } })
    await vi.waitFor(() => expect(w.resync).toHaveBeenCalledOnce())
    w.stop()
  })

  it('the global room (no snapshot seq) starts from the seq the subscribe returns', async () => {
    const w = watch('global', null)
    await flush()
    lastSubscribe('global').ack(null, { data: { room: 'global', seq: 41, missed: [], resync: false } })
    fake.fire('event', event('global', 41))
    fake.fire('event', event('global', 42))
    expect(w.applied).toEqual([42])
    w.stop()
  })

  it('polls the REST snapshot every 15 s while the socket is down', async () => {
    const room: Room = 'competition:5'
    const w = watch(room, 1, 1)
    await flush()
    vi.useFakeTimers()
    fake.connected = false
    fake.fire('disconnect')
    expect(useLive.getState().status).toBe('offline')
    await vi.advanceTimersByTimeAsync(15_000)
    expect(w.resync).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(15_000)
    expect(w.resync).toHaveBeenCalledTimes(2)
    connect()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(w.resync).toHaveBeenCalledTimes(2)
    w.stop()
  })

  it('each store made by createLiveStore has its own socket, watches and token state', async () => {
    const room: Room = 'competition:8'
    const [a, b] = [fakeSocket(), fakeSocket()]
    let authA: ((cb: (data: LiveAuth) => void) => void) | undefined
    const handshake = () => new Promise<LiveAuth>((resolve) => authA!(resolve))
    const refresh = vi.fn(async () => null)
    const storeA = createLiveStore({
      openSocket: (auth) => {
        authA = auth
        return a as unknown as LiveSocket
      },
      accessToken: () => 'token-a',
      refreshSession: refresh,
    })
    const storeB = createLiveStore({
      openSocket: () => b as unknown as LiveSocket,
      accessToken: () => null,
      refreshSession: async () => null,
    })
    const [appliedA, appliedB] = [[] as number[], [] as number[]]
    const stopA = storeA.getState().watch(room, { seq: 0, apply: (e) => appliedA.push(e.seq), resync: async () => 0 })
    const stopB = storeB.getState().watch(room, { seq: 0, apply: (e) => appliedB.push(e.seq), resync: async () => 0 })
    await flush()
    expect(storeA.getState().socket).toBe(a)
    expect(storeB.getState().socket).toBe(b)
    expect(await handshake()).toEqual({ token: 'token-a' })

    a.connected = true
    a.fire('connect')
    expect([storeA.getState().status, storeB.getState().status]).toEqual(['connected', 'connecting'])
    expect(b.subscribes).toEqual([])
    a.subscribes[0]!.ack(null, { data: { room, seq: 0, missed: [], resync: false } })
    a.fire('event', event(room, 1))
    expect(appliedA).toEqual([1])
    expect(appliedB).toEqual([])
    expect(storeA.getState().stats.replays).toBe(1)

    // The server refuses the token (the socket stops retrying): refresh the session and try again…
    a.connected = false
    a.active = false
    a.fire('connect_error', new Error('Your session has expired.'))
    await vi.waitFor(() => expect(a.connects).toBe(1))
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(storeA.getState().anonymous).toBe(false)
    expect(await handshake()).toEqual({ token: 'token-a' })
    // …and after a second refusal, connect without it (public rooms still work).
    a.fire('connect_error', new Error('Your session has expired.'))
    await vi.waitFor(() => expect(a.connects).toBe(2))
    expect(storeA.getState().anonymous).toBe(true)
    expect(await handshake()).toEqual({})
    a.fire('connect_error', new Error('Your session has expired.'))
    await vi.waitFor(() => expect(a.connects).toBe(3))
    expect(refresh).toHaveBeenCalledTimes(2) // anonymous: nothing to refresh
    expect(storeB.getState().anonymous).toBe(false)
    expect(storeB.getState().refusedOnce).toBe(false)
    stopA()
    stopB()
  })

  it('drops a transport that still says connected when the network comes back, so it reconnects at once', async () => {
    const socket = Object.assign(fakeSocket(), { io: { engine: { close: vi.fn() } } })
    let networkBack = () => {}
    const store = createLiveStore({
      openSocket: () => socket as unknown as LiveSocket,
      accessToken: () => null,
      refreshSession: async () => null,
      onNetworkBack: (listener) => {
        networkBack = listener
      },
    })
    store.getState().connect()
    await flush()
    networkBack() // not connected yet: socket.io is already trying
    expect(socket.io.engine.close).not.toHaveBeenCalled()
    socket.connected = true
    socket.fire('connect')
    networkBack()
    expect(socket.io.engine.close).toHaveBeenCalledOnce()
  })

  it('keeps transcode progress by attempt id', () => {
    fake.fire('transcode:progress', { attempt_id: 9, percent: 40, state: 'processing' })
    expect(useLive.getState().transcodes[9]).toEqual({ attempt_id: 9, percent: 40, state: 'processing' })
  })
})
