// The load process of the fan-out benchmark (forked by fanout.bench.ts): N socket.io
// clients per target server, each subscribed to one room, noting when each client
// received each event on the clock both processes share (timeOrigin + now).
import { EventEmitter, once } from 'node:events'
import type { LiveEvent, Room } from '../contract/index.ts'
import { connectClient, subscribe, type ClientSocket } from '../tests/helpers/live.ts'
import { serveParent } from './child.ts'

export type FanoutLoadApi = {
  /** This process's clock, to check the shared clock agrees with the bench's. */
  clock: { args: null; answer: number }
  /** Opens `clients` connections to `url` and subscribes each to `room`; answers when all are in. */
  connect: { args: { target: string; url: string; room: Room; clients: number }; answer: { ms: number } }
  /** Receipt times of event `seq` at every client of `target`, once all have it (or the timeout passed). */
  collect: { args: { target: string; seq: number; timeoutMs: number }; answer: { times: number[] } }
  /** Closes every client of every target. */
  close: { args: null; answer: null }
}

const now = () => performance.timeOrigin + performance.now()
// Connections opened at once: enough to be quick, few enough that handshakes do not time out on 2 cores.
const CONNECT_CONCURRENCY = 50

interface Target {
  sockets: ClientSocket[]
  /** seq → receipt time per client (NaN until received; duplicates ignored) and how many have it. */
  receipts: Map<number, { times: Float64Array; count: number }>
  complete: EventEmitter
}

const targets = new Map<string, Target>()

async function connect({ target: name, url, room, clients }: FanoutLoadApi['connect']['args']) {
  const started = now()
  const target: Target = { sockets: new Array<ClientSocket>(clients), receipts: new Map(), complete: new EventEmitter() }
  targets.set(name, target)
  const record = (client: number) => (event: LiveEvent) => {
    const at = now() // first, before any bookkeeping
    if (event.room !== room) return
    let r = target.receipts.get(event.seq)
    if (!r) target.receipts.set(event.seq, (r = { times: new Float64Array(clients).fill(NaN), count: 0 }))
    if (!Number.isNaN(r.times[client]!)) return
    r.times[client] = at
    if (++r.count === clients) target.complete.emit(String(event.seq))
  }
  let next = 0
  const opener = async () => {
    while (next < clients) {
      const client = next++
      const socket = await connectClient(url)
      target.sockets[client] = socket
      socket.on('event', record(client))
      await subscribe(socket, room)
    }
  }
  await Promise.all(Array.from({ length: Math.min(CONNECT_CONCURRENCY, clients) }, opener))
  return { ms: now() - started }
}

async function collect({ target: name, seq, timeoutMs }: FanoutLoadApi['collect']['args']) {
  const target = targets.get(name)
  if (!target) throw new Error(`unknown target ${name}`)
  const full = () => target.receipts.get(seq)?.count === target.sockets.length
  if (!full()) await once(target.complete, String(seq), { signal: AbortSignal.timeout(timeoutMs) }).catch(() => {})
  const times = [...(target.receipts.get(seq)?.times ?? [])].filter((t) => !Number.isNaN(t))
  target.receipts.delete(seq)
  return { times }
}

function close() {
  for (const target of targets.values()) for (const socket of target.sockets) socket?.close()
  targets.clear()
  return null
}

serveParent<FanoutLoadApi>({ clock: () => now(), connect, collect, close }, () => {
  close()
})
