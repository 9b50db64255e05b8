// Chaos: two server processes, a transcode worker, Redis and PostgreSQL, and 200 clients of
// the web app's own live store (createLiveStore, reducing events with the challenge page's
// pure updates) that keep dropping their transport, disconnecting for up to 3 s and landing
// on either node behind a balancer without sticky sessions — while 1,000 lifters join five
// challenges and 40 of them upload a video that the worker transcodes.
//
// At the end every client equals the database (participants, count, every attempt with its
// status and processing state, the room's seq), and each applied its events exactly once:
// between two snapshots the applied seqs go up by one, never repeat, never skip. Seeded
// (CHAOS_SEED), bounded (each phase has a deadline), under 3 minutes.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  challengeRoom,
  type ChallengeResponse,
  type LiveEvent,
  type Participant,
  type ParticipantListResponse,
  type Room,
} from '../../contract/index.ts'
import { openDatabase, type Database } from '../../infra/db.ts'
import { toLift } from '../../infra/attempt-view.ts'
import { createLiveStore, type LiveStore } from '../../web/src/stores/live.ts'
import { applyAttempt, upsertParticipant, type Scoring } from '../../web/src/lib/participants.ts'
import { makeClip, multipartForm } from '../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import {
  connectClient,
  createLifters,
  createOngoingChallenge,
  dropRedisPrefix,
  join,
  REDIS_URL,
  sleep,
  spawnServer,
  uniqueRedisPrefix,
  waitUntil,
  type ClientSocket,
  type Lifter,
  type ServerProcess,
} from '../helpers/live.ts'
import { startBalancer, type Balancer } from '../helpers/tcp-proxy.ts'
import { spawnWorker, type WorkerProcess } from '../helpers/worker.ts'

const SEED = Number(process.env.CHAOS_SEED ?? 20261123)
const CLIENTS = 200
const CHALLENGES = 5
const JOINS = 1000
const UPLOADS = 40
const JOIN_CONCURRENCY = 16
/** One disruption every this many ms, to a client picked at random. */
const CHAOS_EVERY_MS = 20

/** mulberry32: a small seeded generator, so a failing run can be repeated with its seed. */
function seeded(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}
const random = seeded(SEED)
const pick = (n: number) => Math.floor(random() * n)

/**
 * One spectator's challenge page, reduced to what it shows: the app's live store follows the
 * room, and the page's own pure updates (web/src/lib/participants.ts) apply each event.
 */
class Spectator {
  list: Participant[] = []
  count = 0
  seq: number | null = null
  /** Snapshots taken and events applied, in order: the exactly-once check reads it. */
  readonly history: (['snapshot', number] | ['event', number])[] = []
  readonly store: LiveStore
  readonly room: Room
  away = false
  scoring: Scoring = null

  constructor(
    readonly socket: ClientSocket,
    readonly restUrls: readonly string[],
    readonly challengeId: number,
  ) {
    this.room = challengeRoom(challengeId)
    this.store = createLiveStore({ openSocket: () => socket, accessToken: () => null, refreshSession: async () => null })
  }

  async start() {
    // How the challenge ranks (the page reads it from the challenge's answer).
    const res = await fetch(`${this.restUrls[0]}/api/competitions/${this.challengeId}`)
    this.scoring = ((await res.json()) as ChallengeResponse).competition
    const seq = await this.snapshot()
    this.store.getState().watch(this.room, { seq, apply: (event) => this.apply(event), resync: () => this.snapshot() })
  }

  async snapshot(): Promise<number> {
    const res = await fetch(`${this.restUrls[pick(this.restUrls.length)]}/api/competitions/${this.challengeId}/participants`)
    if (!res.ok) throw new Error(`snapshot failed: ${res.status}`)
    const seq = Number(res.headers.get('x-live-seq'))
    this.list = ((await res.json()) as ParticipantListResponse).participants
    this.count = this.list.length
    this.seq = seq
    this.history.push(['snapshot', seq])
    return seq
  }

  apply(event: LiveEvent) {
    this.history.push(['event', event.seq])
    this.seq = event.seq
    if (event.type === 'participant.joined') {
      this.count = Math.max(this.count, event.data.participants)
      this.list = upsertParticipant(this.list, event.data.participant, this.scoring)
    } else if (event.type === 'attempt.created' || event.type === 'attempt.updated') {
      this.list = applyAttempt(this.list, event.data.attempt, this.scoring)
    }
  }

  get stats() {
    return this.store.getState().stats
  }
}

let database: TestDatabase
let db: Database
let nodes: ServerProcess[] = []
let worker: WorkerProcess
let balancer: Balancer
let dir: string
let clip: Buffer
const redisPrefix = uniqueRedisPrefix()
const sockets: ClientSocket[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  dir = mkdtempSync(joinPath(tmpdir(), 'liftarena-chaos-'))
  db = await openDatabase({ databaseUrl: database.url, dataDir: dir }, { migrate: true })
  clip = readFileSync(await makeClip(dir, 'lift.mp4', { width: 320, height: 240, seconds: 1 }))
  // One media folder for every process: the worker reads what either node stored.
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    MEDIA_DIR: joinPath(dir, 'media'),
    RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
  }
  nodes = await Promise.all([spawnServer(env), spawnServer(env)])
  worker = await spawnWorker({ ...env, DATA_DIR: dir, WORKER_CONCURRENCY: '2' })
  balancer = await startBalancer(
    nodes.map((n) => Number(new URL(n.url).port)),
    () => pick(nodes.length),
  )
}, 120_000)

afterAll(async () => {
  for (const s of sockets) s.close()
  await balancer?.close()
  await worker?.stop()
  await Promise.all(nodes.map((n) => n.stop()))
  await db?.close()
  await database?.drop()
  await dropRedisPrefix(redisPrefix)
  rmSync(dir, { recursive: true, force: true })
})

async function upload(url: string, lifter: Lifter, challengeId: number, weight: number) {
  const form = multipartForm({ lift_type: 'squat', weight, competition_id: challengeId }, [{ filename: 'lift.mp4', data: clip }])
  const res = await fetch(`${url}/api/upload`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${lifter.token}` },
    body: new Uint8Array(form.payload),
  })
  return res.status
}

/** One disruption to one spectator: its transport dies, it goes away for a while, or its TCP connection is reset. */
function disrupt(spectators: readonly Spectator[], pending: Promise<void>[], counts: Record<string, number>) {
  const s = spectators[pick(spectators.length)]!
  if (s.away) return
  const roll = random()
  if (roll < 0.5) {
    counts.transport = (counts.transport ?? 0) + 1
    s.socket.io.engine?.close() // socket.io reconnects by itself, through the balancer: either node
  } else if (roll < 0.75) {
    counts.away = (counts.away ?? 0) + 1
    s.away = true
    s.socket.disconnect()
    pending.push(
      sleep(100 + pick(2900)).then(() => {
        s.away = false
        s.socket.connect()
      }),
    )
  } else {
    counts.reset = (counts.reset ?? 0) + 1
    const open = [...balancer.connections.keys()]
    open[pick(open.length)]?.destroy() // a network reset on some client's connection
  }
}

describe('live chaos', () => {
  it(`${CLIENTS} live stores through two nodes end at the database's state after ${JOINS} joins and ${UPLOADS} uploads (seed ${SEED})`, async () => {
    const started = Date.now()
    const nodeUrls = nodes.map((n) => n.url)
    const challenges: number[] = []
    for (let i = 0; i < CHALLENGES; i++) challenges.push(await createOngoingChallenge(db.prisma, `Chaos ${i}`))
    const lifters = await createLifters(db.prisma, process.env.JWT_SECRET!, JOINS, 'Chaos Lifter')

    const spectators: Spectator[] = []
    for (let i = 0; i < CLIENTS; i += 20) {
      spectators.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, async (_, k) => {
            const socket = await connectClient(balancer.url)
            sockets.push(socket)
            const s = new Spectator(socket, nodeUrls, challenges[(i + k) % CHALLENGES]!)
            await s.start()
            return s
          }),
        )),
      )
    }

    // The workload: joins from 16 clients at a time, to either node; every 25th lifter then uploads.
    let chaosOn = true
    const returns: Promise<void>[] = []
    const disruptions: Record<string, number> = {}
    const chaos = (async () => {
      while (chaosOn) {
        disrupt(spectators, returns, disruptions)
        await sleep(CHAOS_EVERY_MS)
      }
    })()

    const joinStatuses: number[] = []
    const uploadStatuses: number[] = []
    let next = 0
    const workloadStarted = Date.now()
    await Promise.all(
      Array.from({ length: JOIN_CONCURRENCY }, async () => {
        while (next < JOINS) {
          const i = next++
          const challengeId = challenges[i % CHALLENGES]!
          const url = nodeUrls[pick(nodeUrls.length)]!
          const { status } = await join(url, lifters[i]!, challengeId)
          joinStatuses.push(status)
          if (i % (JOINS / UPLOADS) === 0) uploadStatuses.push(await upload(url, lifters[i]!, challengeId, 100 + pick(200)))
        }
      }),
    )
    const workloadMs = Date.now() - workloadStarted

    // Chaos goes on while the worker finishes the videos (their updates are live events too).
    const transcodeDeadline = Date.now() + 90_000
    while (Date.now() < transcodeDeadline) {
      const unfinished = await db.prisma.attempt.count({ where: { processingState: { in: ['pending', 'processing'] } } })
      if (unfinished === 0) break
      await sleep(250)
    }
    chaosOn = false
    await chaos
    await Promise.all(returns)
    expect(await db.prisma.attempt.count({ where: { processingState: { in: ['pending', 'processing'] } } })).toBe(0)

    // The database's state, room by room, as the participants answer shows it.
    const expected = new Map<number, { seq: number; participants: Map<number, string> }>()
    for (const id of challenges) {
      const head = await db.prisma.liveRoom.findUnique({ where: { room: challengeRoom(id) } })
      const rows = await db.prisma.participant.findMany({ where: { challengeId: id }, include: { user: true, attempts: true } })
      const participants = new Map(rows.map((p) => [p.userId, describeAttempts(p.attempts.map((a) => toLift('/api', a, p)))]))
      expected.set(id, { seq: head!.seq, participants })
    }
    await waitUntil(
      () => spectators.every((s) => s.seq === expected.get(s.challengeId)!.seq),
      "every spectator to reach its room's seq",
      30_000,
    ).catch(() => {})

    const wrong: string[] = []
    for (const [i, s] of spectators.entries()) {
      const want = expected.get(s.challengeId)!
      const got = new Map(s.list.map((p) => [p.id, describeAttempts(p.attempts)]))
      if (s.seq !== want.seq) wrong.push(`spectator ${i}: seq ${s.seq}, database ${want.seq}`)
      if (s.count !== want.participants.size) wrong.push(`spectator ${i}: count ${s.count}, database ${want.participants.size}`)
      for (const [id, attempts] of want.participants) {
        if (got.get(id) !== attempts) wrong.push(`spectator ${i}: participant ${id} has ${got.get(id) ?? 'nothing'}, database ${attempts}`)
      }
      if (got.size !== want.participants.size) wrong.push(`spectator ${i}: ${got.size} participants, database ${want.participants.size}`)
      wrong.push(...exactlyOnce(s.history).map((problem) => `spectator ${i}: ${problem}`))
    }
    const total = (key: 'replays' | 'resyncs' | 'recoveries') => spectators.reduce((sum, s) => sum + s.stats[key], 0)
    const applied = spectators.reduce((sum, s) => sum + s.history.filter(([kind]) => kind === 'event').length, 0)
    console.log(
      [
        `live chaos (seed ${SEED}): ${JOINS} joins + ${UPLOADS} uploads in ${(workloadMs / 1000).toFixed(1)} s (${(JOINS / (workloadMs / 1000)).toFixed(0)} joins/s through two nodes), whole run ${((Date.now() - started) / 1000).toFixed(0)} s`,
        `disruptions: ${JSON.stringify(disruptions)}`,
        `spectators off the database's state: ${new Set(wrong.map((w) => w.split(':')[0])).size} of ${CLIENTS}; joins answered other than 201: ${joinStatuses.filter((s) => s !== 201).length}`,
        `per client: ${(total('resyncs') / CLIENTS).toFixed(2)} resyncs (snapshot refetches), ${(total('replays') / CLIENTS).toFixed(1)} subscribe replays, ${(total('recoveries') / CLIENTS).toFixed(1)} recovered sessions, ${(applied / CLIENTS).toFixed(0)} events applied`,
      ].join('\n'),
    )
    expect(joinStatuses.filter((s) => s !== 201)).toEqual([])
    expect(uploadStatuses).toEqual(Array.from({ length: UPLOADS }, () => 201))
    expect(wrong.slice(0, 20)).toEqual([])
  })
})

/** An attempt list as a comparable string: id, status and processing state, in id order. */
function describeAttempts(attempts: readonly { id: number; status: string; processing: string }[]): string {
  return [...attempts]
    .sort((a, b) => a.id - b.id)
    .map((a) => `${a.id}:${a.status}:${a.processing}`)
    .join(',')
}

/** Between two snapshots, applied seqs go up by exactly one: none twice, none skipped. */
function exactlyOnce(history: readonly (['snapshot', number] | ['event', number])[]): string[] {
  const problems: string[] = []
  let last: number | null = null
  for (const [kind, seq] of history) {
    if (kind === 'snapshot') last = seq
    else if (last !== null && seq !== last + 1) problems.push(`applied seq ${seq} after ${last}`)
    if (kind === 'event') last = seq
  }
  return problems
}
