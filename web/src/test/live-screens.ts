// Screens following a room through the real live client (lib/live/live-client.ts) on a connected
// socket.io-client stand-in, where the test plays the server: for tests of what two screens of one
// room in one tab do to the cache.
import type { LiveEvent, Room, SubscribeResult } from '../lib/contract.ts'
import { createLiveClient } from '../lib/live/live-client.ts'
import type { LiveSocket } from '../lib/live/live-socket.ts'
import { applyLiveEvent } from '../lib/live/live-table.ts'

type Handler = (...args: unknown[]) => void
type SubscribeAck = (err: Error | null, answer: { data: SubscribeResult }) => void

/** A connected socket.io-client stand-in: the test plays the server. */
export function fakeSocket() {
  const handlers = new Map<string, Handler[]>()
  const socket = {
    connected: true,
    recovered: false,
    active: true,
    subscribes: [] as { room: string; since?: number | null; ack: SubscribeAck }[],
    on(name: string, handler: Handler) {
      handlers.set(name, [...(handlers.get(name) ?? []), handler])
      return socket
    },
    fire(name: string, ...args: unknown[]) {
      for (const h of handlers.get(name) ?? []) h(...args)
    },
    timeout: () => ({
      emit: (_: string, request: { room: string; since?: number | null }, ack: SubscribeAck) => socket.subscribes.push({ ...request, ack }),
    }),
    emit: () => socket,
    disconnect: () => socket,
    connect: () => socket,
  }
  return socket
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

/** A live client with two screens following `room` through the same table (applyLiveEvent), both subscribed at `seq`. */
export async function twoScreens(room: Room, seq: number, seqOfSecond = seq) {
  const socket = fakeSocket()
  const client = createLiveClient({
    openSocket: () => socket as unknown as LiveSocket,
    accessToken: () => null,
    refreshSession: async () => undefined,
  })
  const applied: number[][] = [[], []]
  const stops = [seq, seqOfSecond].map((at, i) =>
    client.watch(room, {
      seq: at,
      apply: (event) => {
        applied[i]!.push(event.seq)
        applyLiveEvent({}, event, undefined)
      },
      resync: async () => at,
    }),
  )
  await flush()
  return {
    socket,
    applied,
    /** The server answers both subscribes: the room is at `at`, with these events missed. */
    answer: (at: number, missed: (n: number) => LiveEvent[] = () => []) => {
      for (const s of socket.subscribes.splice(0)) s.ack(null, { data: { room, seq: at, missed: missed(s.since ?? 0), resync: false } })
    },
    stop: () => stops.forEach((stop) => stop()),
  }
}

export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}
