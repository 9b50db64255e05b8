// Load: 2,000 idle socket.io spectators on one server process while 200 joins stream in
// (20 a second). Each spectator is the web app's live store (createLiveStore) on its own
// socket. Asserted: every spectator's socket receives every join, in order, exactly once,
// and every store applies them all without a resync.
// Reported, never asserted: the server process's memory (RSS, heap) and event-loop delay
// (perf_hooks.monitorEventLoopDelay) at rest, with the spectators idle, and during the joins.
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom } from '../../contract/index.ts'
import { openDatabase, type Database } from '../../infra/db.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { createLiveStore, type LiveStore } from '../../web/src/stores/live.ts'
import {
  connectClient,
  createLifters,
  createOngoingChallenge,
  freePort,
  join,
  sleep,
  waitUntil,
  type ClientSocket,
} from '../helpers/live.ts'
import type { ServerStats } from './fixtures/measured-server.ts'

const SPECTATORS = 2000
const JOINS = 200
const JOINS_PER_SECOND = 20
const JWT_SECRET = 'spectator-load-test-secret-0123456789abcdef'

let database: TestDatabase
let db: Database
let server: ChildProcess
let url: string
const sockets: ClientSocket[] = []

let dataDir: string
beforeAll(async () => {
  dataDir = mkdtempSync(joinPath(tmpdir(), 'liftarena-spectators-'))
  database = await createTestDatabase()
  db = await openDatabase({ databaseUrl: database.url, dataDir: '/tmp' }, { migrate: true })
  const port = await freePort()
  server = fork(resolve(import.meta.dirname, 'fixtures/measured-server.ts'), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SERVE_WEB: 'false',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      JWT_SECRET,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise<void>((resolvePromise, reject) => {
    server.once('message', () => resolvePromise())
    server.once('exit', (code) => reject(new Error(`the measured server exited (${code})`)))
  })
  url = `http://127.0.0.1:${port}`
}, 60_000)

afterAll(async () => {
  for (const s of sockets) s.close()
  if (server && server.exitCode === null) {
    server.kill('SIGTERM')
    await Promise.race([once(server, 'exit'), sleep(10_000)])
    if (server.exitCode === null) server.kill('SIGKILL')
  }
  await db?.close()
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function stats(): Promise<ServerStats> {
  const answer = new Promise<ServerStats>((resolvePromise) => {
    const onMessage = (message: { type: string; stats: ServerStats }) => {
      if (message.type !== 'stats') return
      server.off('message', onMessage)
      resolvePromise(message.stats)
    }
    server.on('message', onMessage)
  })
  server.send({ type: 'stats' })
  return answer
}

const line = (what: string, s: ServerStats) =>
  `${what.padEnd(34)} RSS ${s.rssMb} MB, heap ${s.heapUsedMb}/${s.heapTotalMb} MB, external ${s.externalMb} MB; event-loop delay p50 ${s.delay.p50} ms, p99 ${s.delay.p99} ms, max ${s.delay.max} ms (${s.sockets} sockets)`

describe(`${SPECTATORS} idle socket.io spectators on one process while joins stream in`, () => {
  it('every spectator receives every join, in order, once; memory and event-loop delay are reported', async () => {
    const id = await createOngoingChallenge(db.prisma, 'Spectator Load')
    const room = challengeRoom(id)
    const lifters = await createLifters(db.prisma, JWT_SECRET, JOINS)
    await sleep(2000)
    await stats() // start the delay window here
    await sleep(3000)
    const rest = await stats()

    const received: number[][] = []
    const stores: { store: LiveStore; applied: number[] }[] = []
    const expected = Array.from({ length: JOINS }, (_, i) => i + 1)
    const connectStarted = performance.now()
    for (let i = 0; i < SPECTATORS; i += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, SPECTATORS - i) }, async () => {
          const socket = await connectClient(url)
          const seqs: number[] = []
          socket.on('event', (event) => {
            if (event.room === room && event.type === 'participant.joined') seqs.push(event.seq)
          })
          // The app's store follows the room from seq 0 (no spectator has state to refetch: a resync keeps its seq).
          const store = createLiveStore({ openSocket: () => socket, accessToken: () => null, refreshSession: async () => null })
          const applied: number[] = []
          store.getState().watch(room, { seq: 0, apply: (event) => applied.push(event.seq), resync: async () => applied.at(-1) ?? 0 })
          await waitUntil(() => store.getState().stats.replays === 1, 'the store to subscribe', 30_000)
          received.push(seqs)
          stores.push({ store, applied })
          return socket
        }),
      )
      sockets.push(...batch)
    }
    const connectMs = performance.now() - connectStarted
    const connected = await stats() // includes the connection phase
    await sleep(5000)
    const idle = await stats() // 5 s with every spectator connected and idle

    const joinStarted = performance.now()
    const statuses: number[] = []
    await Promise.all(
      lifters.map(async (lifter, i) => {
        await sleep((i * 1000) / JOINS_PER_SECOND)
        statuses.push((await join(url, lifter, id)).status)
      }),
    )
    const sentMs = performance.now() - joinStarted
    await waitUntil(() => received.every((seqs) => seqs.length >= JOINS), `every spectator to receive all ${JOINS} joins`, 120_000).catch(
      (error: Error) => {
        const short = received.filter((seqs) => seqs.length < JOINS)
        const missing = new Map<number, number>()
        for (const seqs of short) for (const seq of expected) if (!seqs.includes(seq)) missing.set(seq, (missing.get(seq) ?? 0) + 1)
        throw new Error(
          `${error.message}: ${short.length} spectators short; counts ${JSON.stringify([...new Set(short.map((s) => s.length))].slice(0, 20))}; ` +
            `missing seqs (seq: spectators) ${JSON.stringify([...missing].slice(0, 30))}; connected ${sockets.filter((s) => s.connected).length}`,
        )
      },
    )
    const deliveredMs = performance.now() - joinStarted
    const during = await stats()

    expect(statuses.filter((s) => s !== 201)).toEqual([])
    const wrong = received.filter((seqs) => seqs.length !== JOINS || seqs.some((seq, i) => seq !== expected[i]))
    expect(
      wrong.length,
      `spectators with a missing, duplicated or out-of-order join (first: ${JSON.stringify(wrong[0]?.slice(0, 20))})`,
    ).toBe(0)
    expect(received).toHaveLength(SPECTATORS)
    await waitUntil(() => stores.every(({ applied }) => applied.length === JOINS), 'every store to apply every join', 10_000)
    expect(stores.filter(({ applied }) => applied.some((seq, i) => seq !== expected[i]))).toHaveLength(0)
    expect(stores.reduce((sum, { store }) => sum + store.getState().stats.resyncs, 0)).toBe(0)
    expect(during.sockets).toBe(SPECTATORS)

    const perClientKb = ((idle.rssMb - rest.rssMb) * 1024) / SPECTATORS
    console.log(
      [
        `${SPECTATORS} spectators connected and subscribed in ${(connectMs / 1000).toFixed(1)} s; ${JOINS} joins sent over ${(sentMs / 1000).toFixed(1)} s, ` +
          `all ${SPECTATORS * JOINS} deliveries done ${((deliveredMs - sentMs) / 1000).toFixed(2)} s after the last join was answered`,
        line('at rest (no clients):', rest),
        line('while 2,000 clients connected:', connected),
        line('2,000 idle clients, 5 s:', idle),
        line(`during ${JOINS} joins at ${JOINS_PER_SECOND}/s:`, during),
        `≈ ${perClientKb.toFixed(1)} KB of RSS per idle spectator (heap +${(idle.heapUsedMb - rest.heapUsedMb).toFixed(1)} MB for ${SPECTATORS})`,
      ].join('\n'),
    )
  })
})
