// Over 300 lines: a benchmark, one script measured end to end (its steps share the seeded servers and the browser); not product code.
// Scale (issue 17): the platform with 1,000 challenges of 100 lifters × 9 attempts. What a cold
// visit of `/`, `/leaderboard` and a challenge page costs (bytes, API calls, LCP at 4× CPU slowdown)
// at 1,000 challenges next to the demo data; participants req/s against a trivial route; the
// leaderboard's latency; and a join fanned out to 10,000 idle spectators next to bare socket.io.
import { spawn } from 'node:child_process'
import { get as httpGet } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join as joinPath, resolve } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import pg from 'pg'
import { challengeRoom, type LiveEvent } from '../contract/index.ts'
import { openDatabase, type PrismaClient } from '../infra/db.ts'
import { seedDemoData } from '../infra/demo-data.ts'
import { createLeaderboardRepository } from '../infra/repositories/leaderboard.repository.ts'
import { ADMIN_URL } from '../tests/helpers/database.ts'
import { startTestApp, type TestApp } from '../tests/helpers/app.ts'
import { createLifters, freePort, join, waitUntil } from '../tests/helpers/live.ts'
import { openBrowser } from '../web/e2e/browser.ts'
import { buildWebApp } from '../web/e2e/global-setup.ts'
import { webBuildStaleReason } from '../scripts/ensure-web-build.ts'
import { forkTs, type BenchChild, type ChildApi } from './child.ts'
import { sharedDemoServer } from './demo-server.ts'
import { clockOffset, summarise, watchCommits, type RoundResult } from './fanout.bench.ts'
import type { FanoutLoadApi } from './fanout-load.ts'
import { autocannon as cannonade, median, percentile, round, run, sized, TINY, type Section } from './lib.ts'
import type { BareServerApi } from './scale-bare.ts'
import { seedScale, SCALE, type ScaleSeed } from './scale-seed.ts'
import { CPU_SLOWDOWN, NETWORK_IDLE_CAP_MS, readLcp, serveStaticPage, SETTLE_MS, VIEWPORT } from './web.bench.ts'

const ROOT = resolve(import.meta.dirname, '..')
/** Throttled loads per page after the warm-up; the smoke run takes its warm-up load as its only one. */
const LOADS = sized(5, 0)
/** A page that has not shown its content by then is reported as such (the rest of its loads skipped). */
const CONTENT_TIMEOUT_MS = 45_000
const AUTOCANNON = sized({ runs: 3, seconds: 5, connections: 20 }, { runs: 1, seconds: 1, connections: 2 })
const LEADERBOARD = sized({ warmup: 50, requests: 500 }, { warmup: 2, requests: 10 })
const SPECTATORS = sized(10_000, 20)
const FANOUT_ROUNDS = sized(9, 1)
/** File descriptors kept free beside the spectators' sockets, per process. */
const DESCRIPTORS_SPARE = sized(1024, 100)
/** The smoke run's databases are its own, so it never drops a full run's (or another smoke run's). */
const DB_SUFFIX = TINY ? `_tiny_${process.pid}` : ''
const COLLECT_TIMEOUT_MS = 30_000
const TARGETS = { homeKb: 250, lcpMs: 1500, participantsRatio: 0.5, leaderboardP99Ms: 50, fanoutRatio: 1.25 } as const

const now = () => performance.timeOrigin + performance.now()
const started = now()
const log = (line: string) => console.log(`bench scale [${Math.round((now() - started) / 1000)} s]: ${line}`)
const kb = (bytes: number) => `${round(bytes / 1024, 1)} KB`

// ---------------------------------------------------------------- databases

interface BenchDatabase {
  name: string
  url: string
  drop(): Promise<void>
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** A throw-away database (dropped first if a run left it), migrated as the server and the tests do. */
export async function freshDatabase(name: string): Promise<BenchDatabase> {
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.query(`CREATE DATABASE ${name}`)
  })
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'liftarena-bench-scale-'))
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir }, { migrate: true })
  await db.close()
  rmSync(dataDir, { recursive: true, force: true })
  return {
    name,
    url: url.toString(),
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  }
}

async function withPrisma<T>(url: string, fn: (prisma: PrismaClient) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'liftarena-bench-scale-'))
  const db = await openDatabase({ databaseUrl: url, dataDir })
  try {
    return await fn(db.prisma)
  } finally {
    await db.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * >>> AGGREGATES REBUILD — the one call site (issue 17). <<<
 * The bulk seed writes rows behind the app's back, so whatever the server keeps derived from them
 * (the materialized per-athlete leaderboard, `leaderboard_entries`, refreshed on writes) is built
 * here, once, with the rebuild the server offers. Answers what it did, for the report.
 */
async function rebuildAggregates(url: string): Promise<string> {
  const t0 = performance.now()
  const rows = await withPrisma(url, (prisma) => createLeaderboardRepository(prisma).rebuildAll())
  return `createLeaderboardRepository(prisma).rebuildAll(): ${rows} leaderboard rows in ${round((performance.now() - t0) / 1000, 1)} s`
}

// ---------------------------------------------------------------- the app as `npm start` runs it

interface ServerProcess {
  url: string
  pid: number
  stop(): Promise<void>
}

/** `server/server.ts` (web app served, as `npm start`) on PostgreSQL `databaseUrl`, no demo seeding, relaxed rate limits. */
async function startServer(databaseUrl: string): Promise<ServerProcess> {
  const port = await freePort()
  const dataDir = mkdtempSync(joinPath(tmpdir(), 'liftarena-bench-scale-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
    SERVE_WEB: 'true',
  }
  for (const name of ['REDIS_URL', 'MEDIA_DIR', 'API_BASE', 'CORS_ORIGINS']) delete env[name]
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  await new Promise<void>((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 90 s:\n${output}`)), 90_000)
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('LiftArena is running at')) {
        clearTimeout(timer)
        resolvePromise()
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited (${code}):\n${output}`))
    })
  })
  child.stderr.removeAllListeners('data')
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk.toString()}`))
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolvePromise) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true })
          resolvePromise()
        }
        if (child.exitCode !== null || child.signalCode !== null) return done()
        child.once('exit', done)
        child.kill('SIGTERM')
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
      }),
  }
}

// ---------------------------------------------------------------- pages

interface PageLoad {
  shown: boolean
  lcpMs: number | null
  element: string
  /** Encoded bytes over the wire (CDP Network.loadingFinished encodedDataLength, headers included), every request of the load. */
  totalBytes: number
  apiBytes: number
  apiRequests: number
  requests: number
  /** What the page shows (innerText), when it did. */
  text: string
}

/** A page's real content: `text` in the body and an element for each selector (whose text matches `pattern`, when given). */
export interface Ready {
  text?: string
  selectors: { css: string; pattern?: string }[]
}
export interface PageTarget {
  key: string
  label: string
  url: string
  ready: Ready
}

/**
 * One load in a fresh profile (cold cache): CPU slowed, bytes counted from CDP's network events until the page shows its
 * content (`ready`), the network is idle (NETWORK_IDLE_CAP_MS: 3 s; the smoke run does not wait) and SETTLE_MS more. Not shown within `timeoutMs`:
 * what arrived until then.
 */
export async function loadPage(target: PageTarget, slowdown: number, timeoutMs: number): Promise<PageLoad> {
  const browser = await openBrowser(VIEWPORT.width, VIEWPORT.height)
  try {
    const { context, page } = browser
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
    const urls = new Map<string, string>()
    const finished: { url: string; bytes: number }[] = []
    cdp.on('Network.requestWillBeSent', (e) => {
      urls.set(e.requestId, e.request.url)
    })
    cdp.on('Network.loadingFinished', (e) => {
      finished.push({ url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength })
    })
    await page.goto(target.url, { waitUntil: 'load', timeout: timeoutMs })
    // A function, not a string: the app's CSP forbids eval. No named inner functions (tsx would wrap them).
    const shown = await page
      .waitForFunction(
        (r) =>
          (!r.text || (document.body.textContent ?? '').includes(r.text)) &&
          r.selectors.every((s) => {
            const el = document.querySelector(s.css)
            return el !== null && (!s.pattern || new RegExp(s.pattern).test(el.textContent ?? ''))
          }),
        target.ready,
        { polling: 100, timeout: timeoutMs },
      )
      .then(
        () => true,
        (error: unknown) => {
          log(`${target.key}: content not shown: ${String(error).split('\n')[0]}`)
          return false
        },
      )
    let lcp: Awaited<ReturnType<typeof readLcp>> = null
    if (shown) {
      if (NETWORK_IDLE_CAP_MS > 0) await page.waitForLoadState('networkidle', { timeout: NETWORK_IDLE_CAP_MS }).catch(() => {})
      await page.waitForTimeout(SETTLE_MS)
      lcp = await readLcp(page)
    }
    const text = shown ? await page.evaluate(() => document.body.innerText) : ''
    const api = finished.filter((f) => {
      const path = new URL(f.url || 'http://x/').pathname
      return path.startsWith('/api/') && !path.includes('socket.io')
    })
    return {
      shown,
      lcpMs: lcp?.ms ?? null,
      element: lcp?.element ?? '—',
      totalBytes: finished.reduce((sum, f) => sum + f.bytes, 0),
      apiBytes: api.reduce((sum, f) => sum + f.bytes, 0),
      apiRequests: api.length,
      requests: finished.length,
      text,
    }
  } finally {
    await browser.close()
  }
}

interface PageResult {
  target: PageTarget
  loads: PageLoad[]
}

/** With `baseline`, a static HTML page holding the text the first target showed (bench/web.bench.ts's floor) is loaded in turn with the pages. */
async function measurePages(dataset: string, targets: PageTarget[], baseline = false): Promise<PageResult[]> {
  const results: PageResult[] = targets.map((target) => ({ target, loads: [] }))
  let staticPage: Awaited<ReturnType<typeof serveStaticPage>> | undefined
  try {
    // Unthrottled warm-up of each (server JIT, database caches, Chromium's own files); a page that cannot show its content even so is not loaded again.
    const skip = new Set<string>()
    for (const r of results) {
      const warm = await loadPage(r.target, 1, CONTENT_TIMEOUT_MS)
      log(
        `${dataset} ${r.target.key}: warm-up ${warm.shown ? 'shown' : `NOT shown in ${CONTENT_TIMEOUT_MS / 1000} s`}, ${kb(warm.totalBytes)}, API ${kb(warm.apiBytes)} in ${warm.apiRequests} requests`,
      )
      if (!warm.shown || TINY) r.loads.push(warm)
      if (!warm.shown) skip.add(r.target.key)
      if (baseline && !staticPage && warm.shown) {
        staticPage = await serveStaticPage(warm.text)
        const firstLine =
          warm.text
            .split('\n')
            .map((line) => line.trim())
            .find(Boolean) ?? ''
        results.push({
          target: {
            key: 'baseline',
            label: `baseline: static HTML, the text ${r.target.label} shows (${kb(staticPage.bytes)}, no JS or CSS)`,
            url: staticPage.url,
            ready: { text: firstLine, selectors: [] },
          },
          loads: [],
        })
      }
    }
    for (let i = 0; i < LOADS; i++) {
      for (const r of results) {
        if (skip.has(r.target.key)) continue
        const l = await loadPage(r.target, CPU_SLOWDOWN, CONTENT_TIMEOUT_MS)
        r.loads.push(l)
        if (!l.shown) skip.add(r.target.key)
      }
      log(`${dataset}: loads ${i + 1}/${LOADS} done`)
    }
  } finally {
    const server = staticPage?.server
    if (server) await new Promise<void>((resolvePromise) => server.close(() => resolvePromise()))
  }
  return results
}

const pageSummary = (r: PageResult) => {
  const ok = r.loads.filter((l) => l.shown)
  const m = (of: (l: PageLoad) => number) => (ok.length > 0 ? median(ok.map(of)) : Math.max(...r.loads.map(of)))
  const lcps = ok.map((l) => l.lcpMs).filter((v): v is number => v !== null)
  return {
    shown: ok.length > 0 && ok.length === r.loads.length,
    loads: r.loads.length,
    totalBytes: m((l) => l.totalBytes),
    apiBytes: m((l) => l.apiBytes),
    apiRequests: m((l) => l.apiRequests),
    lcpMs: lcps.length > 0 ? median(lcps) : null,
    lcps,
    elements: [...new Set(ok.map((l) => l.element))].join(' / '),
  }
}

// ---------------------------------------------------------------- participants and leaderboard

/** autocannon reconnecting at the server's MAX_REQUESTS_PER_SOCKET, as a browser or proxy does when the answer says close (bench/lib.ts). */
const autocannon = (url: string, reconnectEvery: number) =>
  cannonade(url, {
    connections: AUTOCANNON.connections,
    seconds: AUTOCANNON.seconds,
    reconnectEvery,
    headers: ['accept-encoding=br, gzip'],
  })

interface Latency {
  available: true
  p50: number
  p99: number
  max: number
  bytes: number
  rows: number
  status: number
}
type LatencyResult = Latency | { available: false; why: string }

/** Sequential GETs (keep-alive, Accept-Encoding br/gzip as browsers send): warm-up, then `n` timed to the last body byte. */
async function sequentialLatency(url: string, n: number): Promise<LatencyResult> {
  const get = async () => {
    const t0 = performance.now()
    const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } })
    const body = await res.arrayBuffer()
    return { ms: performance.now() - t0, res, body }
  }
  const first = await get().catch((error: unknown) => ({ error }))
  if ('error' in first) return { available: false, why: String(first.error) }
  if (first.res.status !== 200) return { available: false, why: `answers ${first.res.status}` }
  const json = JSON.parse(new TextDecoder().decode(first.body)) as { rows?: unknown[] }
  if (!Array.isArray(json.rows)) return { available: false, why: 'answer has no rows array' }
  for (let i = 0; i < LEADERBOARD.warmup; i++) await get()
  const times: number[] = []
  for (let i = 0; i < n; i++) {
    const r = await get()
    if (r.res.status !== 200) return { available: false, why: `answered ${r.res.status} after ${i} requests` }
    times.push(r.ms)
  }
  return {
    available: true,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: Math.max(...times),
    bytes: Number(first.res.headers.get('content-length') ?? first.body.byteLength),
    rows: json.rows.length,
    status: 200,
  }
}

const RAW_SQL_RUNS = sized(200, 10)
/** The SQL of infra/repositories/leaderboard.repository.ts's page() (first page, sort total), straight over pg: the query without HTTP, Prisma or JSON. */
async function rawLeaderboardSql(url: string, filter: { gender: string; weightClass: string }): Promise<string> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const time = async (sql: string, params: unknown[]) => {
      for (let i = 0; i < 20; i++) await client.query(sql, params)
      const times: number[] = []
      for (let i = 0; i < RAW_SQL_RUNS; i++) {
        const t0 = performance.now()
        await client.query(sql, params)
        times.push(performance.now() - t0)
      }
      return `p50 ${round(percentile(times, 50))} ms, p99 ${round(percentile(times, 99))} ms`
    }
    const all = await time('SELECT * FROM leaderboard_entries ORDER BY "total" DESC, name, user_id, sport LIMIT 51', [])
    const filtered = await time(
      'SELECT * FROM leaderboard_entries WHERE gender = $1 AND weight_class = $2 ORDER BY "total" DESC, name, user_id, sport LIMIT 51',
      [filter.gender, filter.weightClass],
    )
    const {
      rows: [count],
    } = await client.query<{ n: string }>('SELECT count(*) AS n FROM leaderboard_entries')
    return `page() SQL over pg (${RAW_SQL_RUNS} runs): unfiltered ${all}; ${filter.gender}/${filter.weightClass} ${filtered}; ${count?.n} rows in leaderboard_entries`
  } finally {
    await client.end()
  }
}

// ---------------------------------------------------------------- fan-out

const gc = (() => {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
})()
const rssMb = () => {
  gc()
  gc()
  return process.memoryUsage().rss / 1024 / 1024
}

interface FanoutPhase {
  rounds: RoundResult[]
  connectMs: number
  rssBeforeMb: number
  rssAfterMb: number
  payloadBytes: number
  notes: string[]
}

/**
 * Ours (the app in this process, a REST join, t0 at commit as bench/fanout.bench.ts) and a bare socket.io server in its own
 * process, SPECTATORS clients each, every client in its own load process per server (so no process holds more than
 * SPECTATORS sockets: ulimit -n), rounds alternating between the two.
 */
export async function fanout(
  t: TestApp & { url: string },
  challengeId: number,
): Promise<{ app: FanoutPhase; bare: FanoutPhase; clockOffset: number; fdLimit: number } | { skipped: string }> {
  const fdLimit = Number((await run('sh', ['-c', 'ulimit -n'])).trim())
  if (SPECTATORS + DESCRIPTORS_SPARE > fdLimit)
    return { skipped: `needs ${SPECTATORS + DESCRIPTORS_SPARE} file descriptors per process, ulimit -n is ${fdLimit}` }
  const room = challengeRoom(challengeId)
  const commits = watchCommits(t.app, room)
  const lifters = await createLifters(t.db.prisma, t.config.jwtSecret, FANOUT_ROUNDS + 1, 'Spectated')
  const children: { stop(): Promise<void> }[] = []
  try {
    // The three processes start together (each a tsx start); nothing is measured until all are up.
    const forked = await Promise.allSettled([
      forkTs<BareServerApi>(joinPath(import.meta.dirname, 'scale-bare.ts')),
      forkTs<FanoutLoadApi>(joinPath(import.meta.dirname, 'fanout-load.ts')),
      forkTs<FanoutLoadApi>(joinPath(import.meta.dirname, 'fanout-load.ts')),
    ])
    for (const f of forked) if (f.status === 'fulfilled') children.push(f.value)
    const failed = forked.find((f) => f.status === 'rejected')
    if (failed) throw failed.reason
    const [bareServer, appLoad, bareLoad] = forked.map((f) => (f as PromiseFulfilledResult<BenchChild<ChildApi>>).value) as [
      BenchChild<BareServerApi>,
      BenchChild<FanoutLoadApi>,
      BenchChild<FanoutLoadApi>,
    ]
    const loads = { app: appLoad, bare: bareLoad }
    // Each load process's clock and the bare server's against ours (timeOrigin + now; normally agree to a few µs).
    const offsets = {
      app: (await clockOffset(loads.app)).offset,
      bare: (await clockOffset(loads.bare)).offset,
      bareServer: (await clockOffset(bareServer as unknown as BenchChild<FanoutLoadApi>)).offset,
    }
    let payload: LiveEvent | undefined
    const notes: string[] = []

    const appRssBefore = rssMb()
    const appConnect = await loads.app.ask('connect', { target: 'app', url: t.url, room, clients: SPECTATORS })
    const appRoomSize = t.app.live.io.of('/').adapter.rooms.get(room)?.size ?? 0
    if (appRoomSize !== SPECTATORS) throw new Error(`room size ${appRoomSize}, expected ${SPECTATORS}`)
    const appRssAfter = rssMb()
    log(
      `fan-out: ${SPECTATORS} spectators on ours in ${Math.round(appConnect.ms / 1000)} s, RSS ${Math.round(appRssBefore)} → ${Math.round(appRssAfter)} MB`,
    )
    const bareRssBefore = await bareServer.ask('rss', null)
    const bareConnect = await loads.bare.ask('connect', {
      target: 'bare',
      url: await bareServer.ask('url', null),
      room,
      clients: SPECTATORS,
    })
    const bareCount = await bareServer.ask('count', room)
    if (bareCount.room !== SPECTATORS) throw new Error(`bare room size ${bareCount.room}, expected ${SPECTATORS}`)
    const bareRssAfter = await bareServer.ask('rss', null)
    log(
      `fan-out: ${SPECTATORS} spectators on bare socket.io in ${Math.round(bareConnect.ms / 1000)} s, RSS ${Math.round(bareRssBefore)} → ${Math.round(bareRssAfter)} MB`,
    )

    const appRound = async (): Promise<RoundResult> => {
      const sent = now()
      const res = await join(t.url, lifters.pop()!, challengeId)
      const restMs = now() - sent
      if (res.status !== 201) throw new Error(`join answered ${res.status}: ${JSON.stringify(res.body)}`)
      const { t0, event } = commits.take()
      payload = event
      const { times } = await loads.app.ask('collect', { target: 'app', seq: event.seq, timeoutMs: COLLECT_TIMEOUT_MS })
      if (times.length < SPECTATORS) notes.push(`ours: event ${event.seq} reached ${times.length}/${SPECTATORS}`)
      return summarise(
        times.map((at) => at - offsets.app - t0),
        restMs,
      )
    }
    let seq = 0
    const bareRound = async (): Promise<RoundResult> => {
      // The same event our server sent last, renumbered: the same shape and size on the wire.
      const event = { ...payload!, seq: ++seq }
      const t0 = (await bareServer.ask('emit', { room, event })) - offsets.bareServer
      const { times } = await loads.bare.ask('collect', { target: 'bare', seq: event.seq, timeoutMs: COLLECT_TIMEOUT_MS })
      if (times.length < SPECTATORS) notes.push(`bare: event ${event.seq} reached ${times.length}/${SPECTATORS}`)
      return summarise(times.map((at) => at - offsets.bare - t0))
    }
    await appRound() // warm-up of both, not counted
    await bareRound()
    const appRounds: RoundResult[] = []
    const bareRounds: RoundResult[] = []
    for (let i = 0; i < FANOUT_ROUNDS; i++) {
      appRounds.push(await appRound())
      bareRounds.push(await bareRound())
    }
    log(`fan-out: p99 ours ${round(median(appRounds.map((r) => r.p99)), 1)} ms, bare ${round(median(bareRounds.map((r) => r.p99)), 1)} ms`)
    await loads.app.ask('close', null)
    await loads.bare.ask('close', null)
    await waitUntil(() => t.app.live.io.engine.clientsCount === 0, 'every client to disconnect', 60_000)
    const payloadBytes = payload ? Buffer.byteLength(JSON.stringify(payload)) : 0
    return {
      app: { rounds: appRounds, connectMs: appConnect.ms, rssBeforeMb: appRssBefore, rssAfterMb: appRssAfter, payloadBytes, notes },
      bare: {
        rounds: bareRounds,
        connectMs: bareConnect.ms,
        rssBeforeMb: bareRssBefore,
        rssAfterMb: bareRssAfter,
        payloadBytes,
        notes: [],
      },
      clockOffset: Math.max(...Object.values(offsets).map(Math.abs)),
      fdLimit,
    }
  } finally {
    for (const child of children) await child.stop()
  }
}

// ---------------------------------------------------------------- the section

export async function scaleBenchmark(): Promise<Section> {
  const dbs: BenchDatabase[] = []
  const stops: (() => Promise<void>)[] = []
  try {
    // The smoke run serves the build the web tests beside it use: rebuilding it under them would empty web/dist mid-test.
    if (!TINY || (await webBuildStaleReason())) {
      log('building the web app…')
      buildWebApp()
    }
    // 1. Seed.
    const big = await freshDatabase(`liftarena_bench_scale${DB_SUFFIX}`)
    dbs.push(big)
    log('seeding 1,000 challenges…')
    const seed: ScaleSeed = await seedScale(big.url, (line) => log(`seed: ${line}`))
    log(`seeded in ${round(seed.ms / 1000, 1)} s: ${JSON.stringify(seed.counts)}`)
    const rebuild = await rebuildAggregates(big.url)
    log(`aggregates: ${rebuild}`)
    // The demo data set. The smoke run takes the demo server it shares with the web section (bench/demo-server.ts):
    // the same data (seedDemoData, leaderboard rebuilt) served by server/server.ts with the web app, started once.
    const sharedDemo = TINY ? await sharedDemoServer() : null
    let demo: { url: string; serve: () => Promise<Pick<ServerProcess, 'url' | 'stop'>> }
    let demoRebuild: string
    let demoCount: number
    if (sharedDemo) {
      demo = { url: sharedDemo.databaseUrl, serve: async () => ({ url: sharedDemo.baseUrl, stop: async () => {} }) }
      demoRebuild = sharedDemo.rebuild
      demoCount = sharedDemo.challenges
    } else {
      const database = await freshDatabase(`liftarena_bench_scale_demo${DB_SUFFIX}`)
      dbs.push(database)
      await withPrisma(database.url, (prisma) => seedDemoData(prisma))
      demoRebuild = await rebuildAggregates(database.url)
      demoCount = await withPrisma(database.url, (prisma) => prisma.challenge.count())
      demo = { url: database.url, serve: () => startServer(database.url) }
    }

    // 2. Pages, cold.
    const pagesOf = async (
      dataset: string,
      serve: () => Promise<Pick<ServerProcess, 'url' | 'stop'>>,
      challenge: { id: number; name: string },
      baseline: boolean,
    ) => {
      const server = await serve()
      stops.push(server.stop)
      try {
        const targets: PageTarget[] = [
          {
            key: 'home',
            label: '`/`',
            url: `${server.url}/`,
            ready: { selectors: [{ css: '.home__featured a' }, { css: '.top-lifts', pattern: '\\d\\s?kg' }] },
          },
          {
            key: 'leaderboard',
            label: '`/leaderboard`',
            url: `${server.url}/leaderboard`,
            ready: { selectors: [{ css: 'table tbody tr' }] },
          },
          {
            key: 'challenge',
            label: `\`/challenges/:id\``,
            url: `${server.url}/challenges/${challenge.id}`,
            ready: { text: challenge.name, selectors: [{ css: '.top-list__item' }] },
          },
        ]
        return { server, results: await measurePages(dataset, targets, baseline) }
      } catch (error) {
        await server.stop()
        throw error
      }
    }
    const demoChallenge = await withPrisma(demo.url, async (prisma) => {
      const list = await prisma.challenge.findMany({
        where: { startDate: { lte: new Date() }, endDate: { gte: new Date() } },
        include: { _count: { select: { participants: true } } },
      })
      const c = list.sort((a, b) => b._count.participants - a._count.participants)[0]
      if (!c) throw new Error('the demo data has no ongoing challenge')
      return { id: c.id, name: c.name, participants: c._count.participants }
    })
    const demoPages = await pagesOf(`demo (${demoCount} challenges)`, demo.serve, demoChallenge, false)
    await demoPages.server.stop()
    const bigPages = await pagesOf('1,000 challenges', () => startServer(big.url), seed.pageChallenge, true)

    // 4. Leaderboard latency, on the same server process (the big data set).
    const lb = `${bigPages.server.url}/api/leaderboard`
    const firstPage = await sequentialLatency(`${lb}?sort=total&limit=50`, LEADERBOARD.requests)
    log(`leaderboard first page: ${JSON.stringify(firstPage)}`)
    let secondPage: LatencyResult = { available: false, why: 'no first page' }
    if (firstPage.available) {
      const body = (await (await fetch(`${lb}?sort=total&limit=50`)).json()) as { next_cursor?: string | null }
      secondPage = body.next_cursor
        ? await sequentialLatency(`${lb}?sort=total&limit=50&cursor=${encodeURIComponent(body.next_cursor)}`, LEADERBOARD.requests)
        : { available: false, why: 'first page has no next_cursor' }
    }
    log(`leaderboard second page: ${JSON.stringify(secondPage)}`)
    const filter = `gender=F&weight_class=${seed.womenClass}`
    const filtered = firstPage.available
      ? await sequentialLatency(`${lb}?sort=total&limit=50&${filter}`, LEADERBOARD.requests)
      : { available: false as const, why: 'no first page' }
    log(`leaderboard filtered: ${JSON.stringify(filtered)}`)
    const rawSql = await rawLeaderboardSql(big.url, { gender: 'F', weightClass: seed.womenClass }).catch(
      (error: unknown) => `raw SQL failed: ${String(error)}`,
    )
    await bigPages.server.stop()

    // 3. and 5. Participants req/s and fan-out: the app in this process (as rest and fanout benches), on the big data set.
    let participantsBytes = { identity: 0, compressed: 0, encoding: '' }
    const sameBytes = { body: Buffer.alloc(0), encoding: 'identity' }
    const t = await startTestApp({
      // All spectators come from 127.0.0.1, one load generator's address: the per-address cap on live connections (an abuse
      // limit, 2,500 by default) is raised for them; 10,000 spectators would come from many addresses. Every other limit keeps
      // its default: MAX_CONNECTIONS (20,000) holds them and the join, and autocannon reconnects at MAX_REQUESTS_PER_SOCKET as clients do.
      env: { DATABASE_URL: big.url, LIVE_MAX_CONNECTIONS_PER_ADDRESS: String(SPECTATORS + 100) },
      beforeReady(app) {
        app.get('/bench/trivial', async () => ({ ok: true, items: [1, 2, 3] }))
        // The floor: the participants answer's compressed bytes, taken once and sent from memory as they are.
        app.get('/bench/same-bytes', async (_request, reply) =>
          reply
            .type('application/json; charset=utf-8')
            .header('content-encoding', sameBytes.encoding)
            .header('vary', 'Accept-Encoding')
            .send(sameBytes.body),
        )
      },
    })
    stops.push(() => t.close())
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
    const participantsUrl = `${base}/api/competitions/${seed.bigChallengeId}/participants`
    const plain = await fetch(participantsUrl, { headers: { 'accept-encoding': 'identity' } })
    const raw = await new Promise<{ body: Buffer; encoding: string }>((resolvePromise, reject) => {
      httpGet(participantsUrl, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolvePromise({ body: Buffer.concat(chunks), encoding: String(res.headers['content-encoding'] ?? 'identity') }),
        )
        res.on('error', reject)
      }).on('error', reject)
    })
    Object.assign(sameBytes, raw)
    participantsBytes = { identity: (await plain.arrayBuffer()).byteLength, compressed: raw.body.byteLength, encoding: raw.encoding }
    log(`participants answer: ${kb(participantsBytes.identity)}, ${participantsBytes.encoding} ${kb(participantsBytes.compressed)}`)
    type Cannon = Awaited<ReturnType<typeof autocannon>>
    const cannon = { trivial: [] as Cannon[], sameBytes: [] as Cannon[], participants: [] as Cannon[] }
    let cannonError = ''
    try {
      const cap = t.config.maxRequestsPerSocket
      await autocannon(participantsUrl, cap) // warm-up
      for (let i = 0; i < AUTOCANNON.runs; i++) {
        cannon.trivial.push(await autocannon(`${base}/bench/trivial`, cap))
        cannon.sameBytes.push(await autocannon(`${base}/bench/same-bytes`, cap))
        cannon.participants.push(await autocannon(participantsUrl, cap))
      }
    } catch (error) {
      cannonError = String(error instanceof Error ? error.message : error).split('\n')[0]!
      log(`participants: ${cannonError}`)
    }
    const cs = (key: keyof typeof cannon) => ({
      rps: median(cannon[key].map((r) => r.rps)),
      p50: median(cannon[key].map((r) => r.p50)),
      p99: median(cannon[key].map((r) => r.p99)),
    })
    if (!cannonError) log(`participants ${round(cs('participants').rps, 0)} req/s, trivial ${round(cs('trivial').rps, 0)} req/s`)

    const fan = await fanout({ ...t, url: base }, seed.pageChallenge.id).catch((error: unknown) => {
      log(`fan-out failed: ${String(error)}`)
      return { skipped: `failed: ${String(error instanceof Error ? error.message : error).split('\n')[0]}` }
    })
    await t.close()
    stops.pop()

    // ------------------------------------------------------------ the report
    const rows: (string | number)[][] = []
    const verdicts: string[] = []
    const summaries = { demo: demoPages.results.map(pageSummary), big: bigPages.results.map(pageSummary) }
    const staticBaseline = bigPages.results.find((r) => r.target.key === 'baseline')
    if (staticBaseline) {
      const s = pageSummary(staticBaseline)
      rows.push([
        staticBaseline.target.label,
        'same throttling',
        kb(s.totalBytes),
        '—',
        s.lcpMs !== null ? `${round(s.lcpMs, 0)} ms` : '—',
        `the floor of this machine and browser at ${CPU_SLOWDOWN}×; LCP ${s.lcps.map((v) => round(v, 0)).join(', ')} ms`,
      ])
    }
    const keys = demoPages.results.map((r) => r.target.key)
    for (const [i, key] of keys.entries()) {
      for (const [dataset, s] of [
        [`demo, ${demoCount} challenges`, summaries.demo[i]!],
        ['1,000 challenges', summaries.big[i]!],
      ] as const) {
        const label =
          key === 'challenge'
            ? `\`/challenges/:id\` (${dataset === '1,000 challenges' ? `${seed.pageChallenge.name}, ${seed.pageChallenge.participants}` : `${demoChallenge.name}, ${demoChallenge.participants}`} lifters)`
            : demoPages.results[i]!.target.label
        rows.push([
          `page ${label}`,
          dataset,
          s.shown ? kb(s.totalBytes) : `≥ ${kb(s.totalBytes)} (content not shown in ${CONTENT_TIMEOUT_MS / 1000} s)`,
          `${kb(s.apiBytes)} in ${s.apiRequests} requests`,
          s.lcpMs !== null ? `${round(s.lcpMs, 0)} ms` : '—',
          s.shown
            ? `${s.loads} cold loads at ${CPU_SLOWDOWN}×; LCP ${s.lcps.map((v) => round(v, 0)).join(', ')} ms; element ${s.elements}`
            : `${s.loads} load(s); not shown`,
        ])
      }
    }
    const home = { demo: summaries.demo[0]!, big: summaries.big[0]! }
    const cTrivial = cs('trivial')
    const cParticipants = cs('participants')
    const pRatio = cannonError ? Number.NaN : cParticipants.rps / cTrivial.rps
    const participantsLabel = `GET /api/competitions/${seed.bigChallengeId}/participants (${SCALE.bigChallengeLifters} × 9 attempts)`
    const compression = `Accept-Encoding br, gzip → ${participantsBytes.encoding} ${kb(participantsBytes.compressed)} (${kb(participantsBytes.identity)} uncompressed)`
    if (cannonError) rows.push([participantsLabel, '1,000 challenges', 'not available', cannonError, '—', compression])
    else {
      rows.push(
        [
          'baseline: trivial JSON route',
          'same server',
          `${round(cTrivial.rps, 0)} req/s`,
          `p50 ${cTrivial.p50} ms, p99 ${cTrivial.p99} ms`,
          '—',
          `autocannon ${AUTOCANNON.connections} connections, ${AUTOCANNON.seconds} s × ${AUTOCANNON.runs}, median`,
        ],
        [
          `floor: the participants answer's ${kb(sameBytes.body.byteLength)} (${sameBytes.encoding}), sent from memory`,
          'same server',
          `${round(cs('sameBytes').rps, 0)} req/s`,
          `p50 ${cs('sameBytes').p50} ms, p99 ${cs('sameBytes').p99} ms`,
          '—',
          `${round(cs('sameBytes').rps / cTrivial.rps)}× the trivial route: what moving these bytes costs`,
        ],
        [
          participantsLabel,
          '1,000 challenges',
          `${round(cParticipants.rps, 0)} req/s`,
          `p50 ${cParticipants.p50} ms, p99 ${cParticipants.p99} ms`,
          '—',
          `${round(pRatio)}× the trivial route; ${compression}`,
        ],
      )
    }
    const lbRow = (what: string, r: LatencyResult) =>
      rows.push([
        what,
        '1,000 challenges',
        r.available ? `p50 ${round(r.p50, 1)} ms` : 'not available',
        r.available ? `p99 ${round(r.p99, 1)} ms` : r.why,
        '—',
        r.available
          ? `${LEADERBOARD.requests} sequential after ${LEADERBOARD.warmup} warm-up; max ${round(r.max, 1)} ms; ${r.rows} rows, ${kb(r.bytes)}`
          : '—',
      ])
    lbRow('GET /api/leaderboard?sort=total&limit=50', firstPage)
    lbRow('… second page (next_cursor of the first)', secondPage)
    lbRow(`… &${filter}`, filtered)
    rows.push(['leaderboard raw SQL', '1,000 challenges', rawSql, '', '—', ''])

    if ('skipped' in fan) {
      rows.push([`fan-out to ${SPECTATORS} spectators`, '1,000 challenges', 'skipped', fan.skipped, '—', ''])
    } else {
      const med = (p: FanoutPhase, key: 'p50' | 'p99' | 'max' | 'restMs') => round(median(p.rounds.map((r) => r[key]!)), 1)
      const perSpectator = (p: FanoutPhase) =>
        `${round(((p.rssAfterMb - p.rssBeforeMb) * 1024) / SPECTATORS, 1)} KB/spectator (RSS ${Math.round(p.rssBeforeMb)} → ${Math.round(p.rssAfterMb)} MB)`
      const received = (p: FanoutPhase) => `${p.rounds.reduce((s, r) => s + r.received, 0)}/${SPECTATORS * p.rounds.length}`
      rows.push(
        [
          `baseline: bare socket.io emit to ${SPECTATORS} spectators`,
          'own process',
          `p50 ${med(fan.bare, 'p50')} ms`,
          `p99 ${med(fan.bare, 'p99')} ms`,
          '—',
          `${SPECTATORS.toLocaleString('en')}th client ${med(fan.bare, 'max')} ms; receipts ${received(fan.bare)}; ${perSpectator(fan.bare)}; connect ${Math.round(fan.bare.connectMs / 1000)} s`,
        ],
        [
          `REST join → ${SPECTATORS} LiftArena spectators`,
          '1,000 challenges',
          `p50 ${med(fan.app, 'p50')} ms`,
          `p99 ${med(fan.app, 'p99')} ms`,
          '—',
          `${SPECTATORS.toLocaleString('en')}th client ${med(fan.app, 'max')} ms; p99 ${round(med(fan.app, 'p99') / med(fan.bare, 'p99'))}× bare; REST ${med(fan.app, 'restMs')} ms; receipts ${received(fan.app)}; ${perSpectator(fan.app)}; connect ${Math.round(fan.app.connectMs / 1000)} s`,
        ],
      )
    }

    // Targets.
    const met = (ok: boolean) => (ok ? 'met' : 'missed')
    verdicts.push(
      `\`/\` cold transfer at 1,000 challenges: ${home.big.shown ? kb(home.big.totalBytes) : `≥ ${kb(home.big.totalBytes)}, content not shown in ${CONTENT_TIMEOUT_MS / 1000} s`} — target ≤ ${TARGETS.homeKb} KB ${met(home.big.shown && home.big.totalBytes <= TARGETS.homeKb * 1024)}`,
    )
    const sameApi =
      home.big.shown &&
      home.demo.shown &&
      Math.abs(home.big.apiBytes - home.demo.apiBytes) <= Math.max(2048, 0.1 * home.demo.apiBytes) &&
      home.big.apiRequests === home.demo.apiRequests
    verdicts.push(
      `\`/\` API bytes: ${kb(home.demo.apiBytes)} in ${home.demo.apiRequests} requests at ${demoCount} challenges, ${kb(home.big.apiBytes)} in ${home.big.apiRequests} at 1,000 — target the same (same request count, within 10% or 2 KB) ${met(sameApi)}`,
    )
    for (const [i, name] of [
      [0, '`/`'],
      [2, '`/challenges/:id`'],
    ] as const) {
      const s = summaries.big[i]!
      const floor = staticBaseline ? pageSummary(staticBaseline).lcpMs : null
      const vsFloor = s.lcpMs !== null && floor ? ` (${round(s.lcpMs / floor)}× the static page's ${round(floor, 0)} ms)` : ''
      verdicts.push(
        `LCP ${name} at 1,000 challenges: ${s.lcpMs !== null ? `${round(s.lcpMs, 0)} ms` : 'none (content not shown)'} at ${CPU_SLOWDOWN}× CPU slowdown${vsFloor} — target ≤ ${TARGETS.lcpMs} ms ${met(s.lcpMs !== null && s.shown && s.lcpMs <= TARGETS.lcpMs)}`,
      )
    }
    verdicts.push(
      cannonError
        ? `participants (${SCALE.bigChallengeLifters} lifters, compressed): not measured (${cannonError}) — target ≥ ${TARGETS.participantsRatio}× trivial missed`
        : `participants (${SCALE.bigChallengeLifters} lifters, compressed): ${round(pRatio)}× the trivial route — target ≥ ${TARGETS.participantsRatio} ${met(pRatio >= TARGETS.participantsRatio)} (${round(cParticipants.rps / cs('sameBytes').rps)}× the floor of sending its own compressed bytes from memory)`,
    )
    for (const [what, r] of [
      ['first page', firstPage],
      ['second page', secondPage],
      [filter, filtered],
    ] as const) {
      verdicts.push(
        `leaderboard ${what}: ${r.available ? `p99 ${round(r.p99, 1)} ms — target ≤ ${TARGETS.leaderboardP99Ms} ms ${met(r.p99 <= TARGETS.leaderboardP99Ms)}` : `not available (${r.why}) — target ≤ ${TARGETS.leaderboardP99Ms} ms missed`}`,
      )
    }
    if ('skipped' in fan) verdicts.push(`${SPECTATORS} spectators: skipped (${fan.skipped}) — target ≤ ${TARGETS.fanoutRatio}× bare missed`)
    else {
      const ratio = median(fan.app.rounds.map((r) => r.p99)) / median(fan.bare.rounds.map((r) => r.p99))
      verdicts.push(
        `${SPECTATORS} spectators: p99 ${round(ratio)}× bare socket.io's — target ≤ ${TARGETS.fanoutRatio}× ${met(ratio <= TARGETS.fanoutRatio)}`,
      )
      verdicts.push(...fan.app.notes.map((n) => `incomplete: ${n}`))
    }
    verdicts.push(
      `seed: ${round(seed.ms / 1000, 1)} s for ${seed.counts.users} users, ${seed.counts.challenges} challenges, ${seed.counts.participants} entries, ${seed.counts.attempts} attempts (${seed.counts.failed} failed, ${seed.counts.pending} pending); aggregates: ${rebuild}; demo: ${demoRebuild}`,
    )
    verdicts.push(`whole section: ${Math.round((now() - started) / 1000)} s`)

    const fanMethod =
      'skipped' in fan
        ? ''
        : ` Fan-out: the app in the bench process on the big database (as bench/fanout.bench.ts: REST \`POST /api/join_competition\`, t0 when the route hands its committed events to the publisher; LIVE_MAX_CONNECTIONS_PER_ADDRESS raised to ${SPECTATORS + 100}, since every spectator comes from the load generator's one address and the default 2,500 is an abuse limit per address; every other setting at its default), ${SPECTATORS} idle socket.io-client spectators (websocket) in a forked load process, all subscribed to ${seed.pageChallenge.name}'s room. Baseline: a bare socket.io server (defaults) in its own forked process emitting the same ${fan.app.payloadBytes}-byte event, renumbered, to ${SPECTATORS} clients of a second load process; t0 just before its \`io.to(room).emit\`. Clocks: timeOrigin + now of each process, offsets measured (at most ${round(fan.clockOffset, 3)} ms) and corrected. One warm-up round each, then ${FANOUT_ROUNDS} rounds alternating; per round p50/p99/max (the ${SPECTATORS}th receipt) over clients, median over rounds. RSS per spectator = (RSS of the serving process with its clients − before) / ${SPECTATORS}, each after a forced GC.`
    return {
      title: 'Scale (1,000 challenges)',
      method:
        `A fresh PostgreSQL database seeded by bench/scale-seed.ts (multi-row INSERT … SELECT FROM unnest of 10,000 rows, secondary indexes built after): ${SCALE.users} lifters (70% men; class, strength and country their own; bodyweight inside the class band, 10% none), each in about 5 of ${SCALE.challenges} powerlifting challenges (65% men's; 60% past, 35% ongoing, 5% upcoming without attempts; created over the last 60 days; all 8 classes; mostly class-ranked, some DOTS/IPF GL) of ${SCALE.lifters} lifters (challenge ${seed.bigChallengeId}: ${SCALE.bigChallengeLifters}), 9 attempts each (3 squat, 3 bench, 3 deadlift; ~17% no lifts with panel lights; in ongoing challenges a quarter of lifters await the judges on their last one or two), then \`${'createLeaderboardRepository(prisma).rebuildAll()'}\`. ` +
        `Demo: a second database with infra/demo-data.ts's seedDemoData (${demoCount} challenges, no videos). ` +
        `Pages: \`npm run build:web\`, server/server.ts on each database (web served), Debian's Chromium via playwright-core, a fresh profile per load (cold cache), ${VIEWPORT.width}×${VIEWPORT.height}, CPU ${CPU_SLOWDOWN}× slower; one unthrottled warm-up per page, then ${LOADS} loads alternating pages, median; beside the 1,000-challenge pages, a static HTML page with the text \`/\` showed, from a tiny node:http server (bench/web.bench.ts's floor). A load ends when the page shows its real content (home: featured challenges and top lifts with weights; leaderboard: table rows; challenge: its name and the top participants), the network is idle (3 s cap) and ${SETTLE_MS} ms; a page not showing it in ${CONTENT_TIMEOUT_MS / 1000} s is reported with the bytes received until then and not loaded again. Bytes = sum of CDP Network.loadingFinished encodedDataLength (over the wire, headers included; socket.io websocket frames not counted); API = requests under /api/. LCP = the last largest-contentful-paint entry. ` +
        `Participants: autocannon (own process) with Accept-Encoding: br, gzip against the app in the bench process on the big database (MAX_REQUESTS_PER_SOCKET at its default: autocannon ignores \`Connection: close\`, so \`-D\` makes it reconnect after that many requests, where a browser or proxy reconnects because the answer said close), alternating with a trivial JSON route and a floor route sending the participants answer's compressed bytes from memory, on the same server. ` +
        `Leaderboard: ${LEADERBOARD.requests} sequential requests after ${LEADERBOARD.warmup} warm-up, keep-alive, from the bench to the server process, timed to the last body byte.` +
        fanMethod,
      commands: ['npm run bench -- scale'],
      header: ['what', 'data', 'transfer / req/s / p50', 'API / p99', 'LCP (p50)', 'detail'],
      rows,
      verdicts,
    }
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {})
    for (const db of dbs) await db.drop().catch((error: unknown) => console.error(`could not drop ${db.name}: ${String(error)}`))
  }
}
