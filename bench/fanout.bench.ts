// Live fan-out: how long a committed join takes to reach every socket.io client
// subscribed to its challenge (clients in a separate load process), next to a bare
// socket.io server broadcasting the same payload to the same clients with no
// application logic — the practical limit of socket.io on this machine.
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join as joinPath } from 'node:path'
import { Server } from 'socket.io'
import { challengeRoom, type ClientEvents, type LiveEvent, type Room, type ServerEvents } from '../contract/index.ts'
import type { App } from '../server/app.ts'
import { createLifters, createOngoingChallenge, join, startLiveServer, waitUntil } from '../tests/helpers/live.ts'
import { forkTs, type BenchChild } from './child.ts'
import type { FanoutLoadApi } from './fanout-load.ts'
import { median, percentile, round, run, sized, type Section } from './lib.ts'

const SIZES = sized([1000, 5000], [20])
const ROUNDS = sized(9, 1)
/** Each client holds one descriptor in the load process and one in this one, per target. */
const DESCRIPTORS_SPARE = sized(1024, 100)
/**
 * Every client comes from the load process's one address, 127.0.0.1, so the per-address cap on live
 * connections (LIVE_MAX_CONNECTIONS_PER_ADDRESS, 2,500 by default: an abuse limit) would refuse the
 * largest round; it is raised to fit it. The spectators it stands for come from many addresses.
 */
const LIVE_MAX_CONNECTIONS_PER_ADDRESS = Math.max(...SIZES) + 100
const COLLECT_TIMEOUT_MS = 20_000
const TARGET_RATIO = 1.25

const now = () => performance.timeOrigin + performance.now()

/**
 * Notes when the app's routes hand committed events for `room` to the publisher. Routes call
 * `app.publisher.publish` right after `prisma.$transaction` resolves, so this is the commit
 * as the server sees it — read by wrapping the publisher, with no change to server code.
 */
export function watchCommits(app: App, room: Room) {
  const publisher = app.publisher
  const publish = publisher.publish.bind(publisher)
  let last: { t0: number; event: LiveEvent } | undefined
  publisher.publish = (events) => {
    const t0 = now()
    const event = events.find((e) => e.room === room)
    if (event) last = { t0, event }
    publish(events)
  }
  return {
    take() {
      if (!last) throw new Error(`no event was published to ${room}`)
      const taken = last
      last = undefined
      return taken
    },
  }
}

/** socket.io with its defaults (no recovery, in-memory adapter); `subscribe` only joins the room. */
export async function startBareServer() {
  const http = createServer()
  const io = new Server<ClientEvents, ServerEvents>(http)
  io.on('connection', (socket) => {
    socket.on('subscribe', (request, ack) => {
      void socket.join(request.room)
      ack({ data: { room: request.room, seq: 0, missed: [], resync: false } })
    })
  })
  http.listen(0, '127.0.0.1')
  await once(http, 'listening')
  return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, close: () => io.close() }
}

/** The load process's clock minus ours, from the exchange with the shortest round trip. */
export async function clockOffset(load: BenchChild<FanoutLoadApi>) {
  let best = { rtt: Infinity, offset: 0 }
  for (let i = 0; i < 20; i++) {
    const sent = now()
    const theirs = await load.ask('clock', null)
    const back = now()
    if (back - sent < best.rtt) best = { rtt: back - sent, offset: theirs - (sent + back) / 2 }
  }
  return best
}

export interface RoundResult {
  p50: number
  p99: number
  max: number
  received: number
  restMs?: number
}

export function summarise(latencies: number[], restMs?: number): RoundResult {
  if (latencies.length === 0) throw new Error('no client received the event: the live path is broken, not slow')
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.max(...latencies), received: latencies.length, restMs }
}

export async function fanoutBenchmark(): Promise<Section> {
  const started = now()
  const fdLimit = Number((await run('sh', ['-c', 'ulimit -n'])).trim())
  const t = await startLiveServer({ env: { LIVE_MAX_CONNECTIONS_PER_ADDRESS: String(LIVE_MAX_CONNECTIONS_PER_ADDRESS) } })
  const bare = await startBareServer()
  const load = await forkTs<FanoutLoadApi>(joinPath(import.meta.dirname, 'fanout-load.ts'))
  const rows: (string | number)[][] = []
  const verdicts: string[] = []
  const notes: string[] = []
  try {
    const challengeId = await createOngoingChallenge(t.db.prisma, 'Fan-out bench')
    const room = challengeRoom(challengeId)
    const commits = watchCommits(t.app, room)
    const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, SIZES.length * (ROUNDS + 1))
    const clock = await clockOffset(load)
    let payload: LiveEvent | undefined
    let bareSeq = 0

    const appRound = async (clients: number): Promise<RoundResult> => {
      const sent = now()
      const res = await join(t.url, lifters.pop()!, challengeId)
      const restMs = now() - sent
      if (res.status !== 201) throw new Error(`join answered ${res.status}: ${JSON.stringify(res.body)}`)
      const { t0, event } = commits.take()
      payload = event
      const { times } = await load.ask('collect', { target: 'app', seq: event.seq, timeoutMs: COLLECT_TIMEOUT_MS })
      if (times.length < clients) notes.push(`${clients} clients: app event ${event.seq} reached ${times.length}`)
      return summarise(
        times.map((at) => at - clock.offset - t0),
        restMs,
      )
    }
    const bareRound = async (clients: number): Promise<RoundResult> => {
      // The same event our server sent last, renumbered: the same shape and size on the wire.
      const event = { ...payload!, seq: ++bareSeq }
      const t0 = now()
      bare.io.to(room).emit('event', event)
      const { times } = await load.ask('collect', { target: 'bare', seq: event.seq, timeoutMs: COLLECT_TIMEOUT_MS })
      if (times.length < clients) notes.push(`${clients} clients: baseline event ${event.seq} reached ${times.length}`)
      return summarise(times.map((at) => at - clock.offset - t0))
    }

    for (const clients of SIZES) {
      // Both servers live in this process and every client has a socket on each side.
      if (2 * clients + DESCRIPTORS_SPARE > fdLimit) {
        verdicts.push(
          `${clients} clients: skipped — needs ${2 * clients + DESCRIPTORS_SPARE} file descriptors per process, ulimit -n is ${fdLimit}`,
        )
        continue
      }
      const { ms: appConnectMs } = await load.ask('connect', { target: 'app', url: t.url, room, clients })
      const { ms: bareConnectMs } = await load.ask('connect', { target: 'bare', url: bare.url, room, clients })
      // Every client is connected and subscribed (acknowledged) before anything is measured.
      const appRoomSize = t.app.live.io.of('/').adapter.rooms.get(room)?.size ?? 0
      const bareRoomSize = bare.io.of('/').adapter.rooms.get(room)?.size ?? 0
      if (appRoomSize !== clients || bareRoomSize !== clients)
        throw new Error(`room sizes ${appRoomSize} (app) and ${bareRoomSize} (bare), expected ${clients}`)
      console.log(
        `bench fanout: ${clients} clients connected and subscribed (app ${Math.round(appConnectMs)} ms, bare ${Math.round(bareConnectMs)} ms)`,
      )

      await appRound(clients) // warm-up of both paths, not counted
      await bareRound(clients)
      const app: RoundResult[] = []
      const baseline: RoundResult[] = []
      for (let i = 0; i < ROUNDS; i++) {
        app.push(await appRound(clients))
        baseline.push(await bareRound(clients))
      }

      await load.ask('close', null)
      await waitUntil(
        () => t.app.live.io.engine.clientsCount === 0 && bare.io.engine.clientsCount === 0,
        'every client to disconnect',
        30_000,
      )

      const med = (results: RoundResult[], key: 'p50' | 'p99' | 'max' | 'restMs') => round(median(results.map((r) => r[key]!)), 1)
      const received = (results: RoundResult[]) => `${results.reduce((sum, r) => sum + r.received, 0)}/${clients * results.length}`
      const ratio = med(app, 'p99') / med(baseline, 'p99')
      rows.push(
        [
          clients,
          'baseline: bare socket.io emit',
          med(baseline, 'p50'),
          med(baseline, 'p99'),
          med(baseline, 'max'),
          received(baseline),
          '—',
          1,
        ],
        [
          clients,
          'REST join → LiftArena clients',
          med(app, 'p50'),
          med(app, 'p99'),
          med(app, 'max'),
          received(app),
          med(app, 'restMs'),
          round(ratio),
        ],
      )
      verdicts.push(
        `${clients} clients: p99 ${round(ratio)}× the baseline's — target ≤ ${TARGET_RATIO}× ${ratio <= TARGET_RATIO ? 'met' : 'missed'}`,
      )
    }
    verdicts.push(...notes.map((n) => `incomplete: ${n}`))
    const payloadBytes = payload ? Buffer.byteLength(JSON.stringify(payload)) : 0
    console.log(`bench fanout: ${Math.round((now() - started) / 1000)} s`)
    return {
      title: 'Live fan-out',
      method:
        `One load process (its own process, forked from the bench) holds N socket.io-client connections (websocket transport) to each of two servers, every one subscribed (acknowledged) to the same room before measuring. ` +
        `LiftArena: a REST \`POST /api/join_competition\` over HTTP against the real app on PostgreSQL (in-process adapter) with the product's defaults but one: every client comes from the load process's one address, so LIVE_MAX_CONNECTIONS_PER_ADDRESS (2,500 by default, an abuse limit per address) is raised to ${LIVE_MAX_CONNECTIONS_PER_ADDRESS}; ${Math.max(...SIZES)} spectators would come from many addresses; t0 = when the route hands its committed events to the publisher, right after \`prisma.$transaction\` resolved (read by wrapping \`app.publisher.publish\` in the bench, no server change). ` +
        `Baseline: a bare \`socket.io\` Server (defaults, no app logic) on another port of the same process emits the same ${payloadBytes}-byte \`participant.joined\` event to a room of the same clients; t0 = just before \`io.to(room).emit\`. ` +
        `Latency = receipt in a client's \`event\` handler − t0, on \`performance.timeOrigin + performance.now()\` of both processes (measured offset ${round(clock.offset, 3)} ms, corrected). ` +
        `One process reads every client's message in turn, so the spread up to max is mostly that process's work, the same for both servers. ` +
        `Per size: one warm-up round each, then ${ROUNDS} rounds alternating the two; p50/p99/max over all clients of a round, median over rounds. REST ms = the join's round trip. Target: our p99 ≤ ${TARGET_RATIO}× the baseline's.`,
      commands: ['npm run bench -- fanout'],
      header: ['clients', 'path', 'p50 ms', 'p99 ms', 'max ms', 'receipts', 'REST ms', 'p99 ratio to baseline'],
      rows,
      verdicts,
    }
  } finally {
    await load.stop()
    await bare.close()
    await t.close()
  }
}
