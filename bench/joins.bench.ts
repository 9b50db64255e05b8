// Joins under concurrency, through two server processes (`tsx server/server.ts`) on one
// PostgreSQL database and one Redis: 50 clients at once join one hot challenge, then ten
// challenges. A join is a write that announces to its challenge's room (in seq order, under
// the room's lock) and to the global room (numbered after commit, infra/announcer.ts).
// Baseline in the same run: the same clients reading one challenge (GET /api/competitions/:id),
// the HTTP and routing floor of the same two processes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath } from 'node:path'
import { openDatabase } from '../infra/db.ts'
import { createTestDatabase } from '../tests/helpers/database.ts'
import {
  createLifters,
  createOngoingChallenge,
  dropRedisPrefix,
  join,
  REDIS_URL,
  spawnServer,
  uniqueRedisPrefix,
  type Lifter,
} from '../tests/helpers/live.ts'
import { median, percentile, round, sized, type Section } from './lib.ts'

const CLIENTS = sized(50, 5)
const JOINS_PER_RUN = sized(1000, 20)
const RUNS = sized(3, 1)

interface RunResult {
  perSecond: number
  p99: number
  statuses: Map<number, number>
}

/** `CLIENTS` loops, each taking the next request until `total` are done. */
async function drive(total: number, request: (i: number) => Promise<number>): Promise<RunResult> {
  const statuses = new Map<number, number>()
  const latencies: number[] = []
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < total) {
        const i = next++
        const t0 = performance.now()
        const status = await request(i)
        latencies.push(performance.now() - t0)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
      }
    }),
  )
  return { perSecond: total / ((performance.now() - started) / 1000), p99: percentile(latencies, 99), statuses }
}

export async function joinsBenchmark(): Promise<Section> {
  const database = await createTestDatabase()
  const dir = mkdtempSync(joinPath(tmpdir(), 'liftarena-bench-joins-'))
  const redisPrefix = uniqueRedisPrefix()
  const db = await openDatabase({ databaseUrl: database.url, dataDir: dir }, { migrate: true })
  const env = { DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: redisPrefix }
  const nodes = await Promise.all([spawnServer(env), spawnServer(env)])
  const url = (i: number) => nodes[i % nodes.length]!.url
  try {
    const lifters = async (): Promise<Lifter[]> => createLifters(db.prisma, process.env.JWT_SECRET!, JOINS_PER_RUN, 'Bench Lifter')
    const results: Record<'read' | 'hot' | 'ten', RunResult[]> = { read: [], hot: [], ten: [] }
    const readTarget = await createOngoingChallenge(db.prisma, 'Read Target')
    await drive(sized(200, 5), (i) => fetch(`${url(i)}/api/competitions/${readTarget}`).then((r) => r.status)) // warm-up
    for (let run = 0; run < RUNS; run++) {
      results.read.push(
        await drive(JOINS_PER_RUN, (i) =>
          fetch(`${url(i)}/api/competitions/${readTarget}`).then(async (r) => {
            await r.arrayBuffer()
            return r.status
          }),
        ),
      )
      const hot = await createOngoingChallenge(db.prisma, `Hot ${run}`)
      const hotLifters = await lifters()
      results.hot.push(await drive(JOINS_PER_RUN, async (i) => (await join(url(i), hotLifters[i]!, hot)).status))
      const ten = await Promise.all(Array.from({ length: 10 }, (_, k) => createOngoingChallenge(db.prisma, `Ten ${run}.${k}`)))
      const tenLifters = await lifters()
      results.ten.push(await drive(JOINS_PER_RUN, async (i) => (await join(url(i), tenLifters[i]!, ten[i % 10]!)).status))
    }
    const summary = (key: keyof typeof results) => ({
      perSecond: median(results[key].map((r) => r.perSecond)),
      p99: median(results[key].map((r) => r.p99)),
      runs: results[key].map((r) => round(r.perSecond, 0)).join(', '),
      statuses: [
        ...results[key].reduce((all, r) => {
          for (const [status, n] of r.statuses) all.set(status, (all.get(status) ?? 0) + n)
          return all
        }, new Map<number, number>()),
      ]
        .map(([status, n]) => `${n}× ${status}`)
        .join(', '),
    })
    const read = summary('read')
    const label = {
      read: 'baseline: GET /api/competitions/:id (same clients, same nodes)',
      hot: 'POST /api/join_competition, one hot challenge',
      ten: 'POST /api/join_competition, spread over ten challenges',
    }
    const rows = (['read', 'hot', 'ten'] as const).map((key) => {
      const s = summary(key)
      return [label[key], round(s.perSecond, 0), s.runs, round(s.p99, 0), s.statuses, round(s.perSecond / read.perSecond)]
    })
    const failures = (key: 'hot' | 'ten') =>
      results[key].reduce((n, r) => n + [...r.statuses].filter(([s]) => s !== 201).reduce((m, [, c]) => m + c, 0), 0)
    return {
      title: 'Joins',
      method: `Two server processes (tsx server/server.ts, as \`npm start\` runs them) with REDIS_URL on one PostgreSQL database; ${CLIENTS} concurrent clients alternate between the nodes, ${JOINS_PER_RUN} requests per run (each join by a different lifter), median of ${RUNS} runs, the three kinds alternating. Target: no answer other than 201 (before this change, 20 concurrent joins across two nodes got 503s after 5 s: every join held the global room's lock).`,
      commands: ['npm run bench -- joins'],
      header: ['requests', 'per second (p50)', 'runs', 'p99 ms', 'answers', 'ratio to baseline'],
      rows,
      verdicts: (['hot', 'ten'] as const).map(
        (key) => `${label[key]}: ${failures(key)} answers other than 201 — target 0 ${failures(key) === 0 ? 'met' : 'missed'}`,
      ),
    }
  } finally {
    await Promise.all(nodes.map((n) => n.stop()))
    await db.close()
    await database.drop()
    await dropRedisPrefix(redisPrefix)
    rmSync(dir, { recursive: true, force: true })
  }
}
