// The live store's ordering rules: events applied once and in seq order, replay on subscribe,
// a gap or a resync order refetches the snapshot, and REST polling while the socket is down.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LiveEvent, Room, SubscribeResult } from '../lib/contract.ts'

type Handler = (...args: unknown[]) => void
type SubscribeAck = (err: Error | null, answer: { data: SubscribeResult } | { error: string }) => void

/** socket.io-client stand-in: the test plays the server. */
const fake = vi.hoisted(() => {
  const handlers = new Map<string, Handler[]>()
  const socket = {
    connected: false,
    recovered: false,
    active: true,
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
      return { emit: (_: string, request: { room: string; since?: number | null }, ack: SubscribeAck) => socket.subscribes.push({ ...request, ack }) }
    },
    emit(name: string, request: { room: string }) {
      if (name === 'unsubscribe') socket.unsubscribes.push(request.room)
    },
    disconnect: () => socket,
    connect: () => socket,
  }
  return socket
})
vi.mock('socket.io-client', () => ({ io: () => fake }))

const { useLive } = await import('./live.ts')

const event = (room: Room, seq: number): LiveEvent =>
  ({ room, seq, type: 'leaderboard.changed', data: { competition_id: 1 }, at: new Date(0).toISOString() })

function watch(room: Room, seq: number | null, resyncSeq: number | null = null) {
  const applied: number[] = []
  const resync = vi.fn(async () => resyncSeq)
  const stop = useLive.getState().watch(room, { seq, apply: (e) => applied.push(e.seq), resync })
  return { applied, resync, stop }
}

const lastSubscribe = (room: string) => fake.subscribes.filter((s) => s.room === room).at(-1)!
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

  it('a gap refetches the snapshot and continues from its seq', async () => {
    const room: Room = 'competition:3'
    const w = watch(room, 1, 20)
    await flush()
    lastSubscribe(room).ack(null, { data: { room, seq: 1, missed: [], resync: false } })
    fake.fire('event', event(room, 2))
    fake.fire('event', event(room, 4)) // 3 is missing
    await vi.waitFor(() => expect(w.resync).toHaveBeenCalledOnce())
    await vi.waitFor(() => expect(lastSubscribe(room).since).toBe(20))
    lastSubscribe(room).ack(null, { data: { room, seq: 21, missed: [event(room, 21)], resync: false } })
    expect(w.applied).toEqual([2, 21])
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

  it('keeps transcode progress by attempt id', () => {
    fake.fire('transcode:progress', { attempt_id: 9, percent: 40, state: 'processing' })
    expect(useLive.getState().transcodes[9]).toEqual({ attempt_id: 9, percent: 40, state: 'processing' })
  })
})
