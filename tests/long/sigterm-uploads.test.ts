// SIGTERM to a real server process (`tsx server/server.ts`, what `npm start` runs) while
// uploads are in flight: each either finishes (201, its attempt row and its original on
// disk, byte for byte) or is cleanly refused (503 {error}, no attempt row, no file left in
// MEDIA_DIR, scratch included); new uploads are refused; the process exits by itself, with
// code 0. A second start on the same database and media transcodes every stored upload, once.
import { once } from 'node:events'
import { request as httpRequest } from 'node:http'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../infra/config.ts'
import { openDatabase, type Database } from '../../infra/db.ts'
import { RESTARTING } from '../../server/plugins/app/error-handler.ts'
import { SHUTTING_DOWN, UPLOAD_SHUTDOWN_GRACE_MS } from '../../server/plugins/app/uploads.ts'
import { makeClip, multipartForm } from '../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import {
  createLifters,
  createOngoingChallenge,
  join,
  sleep,
  spawnServer,
  waitUntil,
  type Lifter,
  type ServerProcess,
} from '../helpers/live.ts'

let database: TestDatabase
let db: Database
let dir: string
let mediaDir: string
let clip: Buffer
const servers: ServerProcess[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  dir = mkdtempSync(joinPath(tmpdir(), 'liftarena-sigterm-'))
  mediaDir = joinPath(dir, 'media')
  db = await openDatabase({ databaseUrl: database.url, dataDir: dir }, { migrate: true })
  clip = readFileSync(await makeClip(dir, 'lift.mp4', { width: 640, height: 360, seconds: 3 }))
})

afterAll(async () => {
  for (const s of servers) await s.stop()
  await db?.close()
  await database?.drop()
  rmSync(dir, { recursive: true, force: true })
})

const start = async () => {
  const server = await spawnServer({
    DATABASE_URL: database.url,
    MEDIA_DIR: mediaDir,
    RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
    LOG_LEVEL: 'info',
  })
  servers.push(server)
  return server
}

function mediaFiles(): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    let names: string[]
    try {
      names = readdirSync(d)
    } catch {
      return
    }
    for (const name of names) {
      const path = joinPath(d, name)
      if (statSync(path).isDirectory()) {
        out.push(`${relative(mediaDir, path)}/`)
        walk(path)
      } else out.push(relative(mediaDir, path))
    }
  }
  walk(mediaDir)
  return out.sort()
}

interface Outcome {
  status?: number
  body?: { error?: string; attempt_id?: number }
  error?: string
}

/** A multipart upload over a raw HTTP request whose body we feed by hand. */
function rawUpload(url: string, lifter: Lifter, challengeId: number) {
  const form = multipartForm({ lift_type: 'squat', weight: 140, competition_id: challengeId }, [{ filename: 'lift.mp4', data: clip }])
  const { port } = new URL(url)
  const req = httpRequest({
    host: '127.0.0.1',
    port: Number(port),
    method: 'POST',
    path: '/api/upload',
    headers: { ...form.headers, authorization: `Bearer ${lifter.token}`, 'content-length': String(form.payload.length) },
  })
  let sent = 0
  const outcome = new Promise<Outcome>((resolve) => {
    req.on('response', (res) => {
      let text = ''
      res
        .setEncoding('utf8')
        .on('data', (c: string) => {
          text += c
        })
        .on('end', () => resolve({ status: res.statusCode, body: text ? JSON.parse(text) : {} }))
      res.on('error', (e) => resolve({ status: res.statusCode, error: e.message }))
    })
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }))
  })
  return {
    outcome,
    send(fraction: number) {
      const upto = Math.floor(form.payload.length * fraction)
      if (upto > sent) req.write(form.payload.subarray(sent, upto))
      sent = Math.max(sent, upto)
      if (sent === form.payload.length) req.end()
    },
  }
}

describe('SIGTERM while uploads are in flight', () => {
  it('finishes or cleanly refuses each, stores nothing half, exits, and the next start transcodes every stored upload once', async () => {
    const server = await start()
    const challengeId = await createOngoingChallenge(db.prisma, 'SIGTERM Open')
    const lifters = await createLifters(db.prisma, loadConfig().jwtSecret, 8)
    for (const l of lifters) expect((await join(server.url, l, challengeId)).status).toBe(201)

    // Seven uploads in flight: one fully sent, three part-sent that will finish after the signal,
    // two that stall half-way and one that stalls right after the form's first bytes.
    const complete = rawUpload(server.url, lifters[0]!, challengeId)
    const finishers = [1, 2, 3].map((i) => rawUpload(server.url, lifters[i]!, challengeId))
    const stalled = [4, 5].map((i) => rawUpload(server.url, lifters[i]!, challengeId))
    const barelyStarted = rawUpload(server.url, lifters[6]!, challengeId)
    complete.send(1)
    for (const u of finishers) u.send(0.4)
    for (const u of stalled) u.send(0.5)
    barelyStarted.send(0.001)
    // Every upload has reached the server: each has its scratch directory.
    await waitUntil(
      () => {
        try {
          return readdirSync(joinPath(mediaDir, '.tmp')).length >= 6
        } catch {
          return false
        }
      },
      'the uploads to be in flight',
      10_000,
    )
    await sleep(300)

    const exited = once(server.process, 'exit') as Promise<[number | null, NodeJS.Signals | null]>
    const signalledAt = performance.now()
    server.process.kill('SIGTERM')
    await sleep(200)
    // A new upload after the signal is refused (no new connections, or 503 on an open one).
    const late = rawUpload(server.url, lifters[7]!, challengeId)
    late.send(1)
    // The finishers send the rest within the grace.
    for (const [i, u] of finishers.entries()) {
      await sleep(300 * (i + 1))
      u.send(1)
    }
    const [code, signal] = await exited
    const exitMs = performance.now() - signalledAt
    const outcomes = {
      complete: await complete.outcome,
      finishers: await Promise.all(finishers.map((u) => u.outcome)),
      stalled: await Promise.all(stalled.map((u) => u.outcome)),
      barelyStarted: await barelyStarted.outcome,
      late: await late.outcome,
    }
    console.log(
      `SIGTERM → exit ${code ?? signal} after ${exitMs.toFixed(0)} ms (upload grace ${UPLOAD_SHUTDOWN_GRACE_MS} ms); outcomes ${JSON.stringify(outcomes)}`,
    )

    expect(code, server.output()).toBe(0)
    expect(exitMs).toBeLessThan(UPLOAD_SHUTDOWN_GRACE_MS + 10_000)
    for (const o of [outcomes.complete, ...outcomes.finishers]) {
      expect(o.status, JSON.stringify(o)).toBe(201)
      expect(o.body?.attempt_id).toEqual(expect.any(Number))
    }
    for (const o of [...outcomes.stalled, outcomes.barelyStarted]) {
      expect(o.status, JSON.stringify(o)).toBe(503)
      expect(o.body).toEqual({ error: SHUTTING_DOWN })
    }
    // (on an open connection it would be a 503 in the same {error} shape; a new connection is refused)
    if (outcomes.late.status !== undefined) {
      expect(outcomes.late.status, JSON.stringify(outcomes.late)).toBe(503)
      expect(outcomes.late.body).toEqual({ error: RESTARTING })
    } else {
      expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE'], JSON.stringify(outcomes.late)).toContain(outcomes.late.error)
    }

    // Exactly the answered uploads are stored: rows and files, nothing else, no scratch.
    const stored = [outcomes.complete, ...outcomes.finishers].map((o) => o.body!.attempt_id!).sort((a, b) => a - b)
    const rows = await db.prisma.attempt.findMany({ where: { participant: { challengeId } }, orderBy: { id: 'asc' } })
    expect(rows.map((r) => r.id)).toEqual(stored)
    for (const row of rows) {
      expect(row.originalKey).toBe(`attempts/${row.id}/original.mp4`)
      expect(readFileSync(joinPath(mediaDir, row.originalKey!)).equals(clip)).toBe(true)
    }
    const files = mediaFiles().filter((f) => f !== '.tmp/')
    const allowed = new Set(
      stored.flatMap((id) => [
        `attempts/${id}/`,
        `attempts/${id}/original.mp4`,
        `attempts/${id}/360p.mp4`,
        `attempts/${id}/720p.mp4`,
        `attempts/${id}/poster.jpg`,
      ]),
    )
    expect(files.filter((f) => !allowed.has(f) && f !== 'attempts/')).toEqual([])
    expect(mediaFiles().filter((f) => f.startsWith('.tmp/') && f !== '.tmp/')).toEqual([])

    // The next start finishes what the shutdown left: every stored upload becomes ready, announced once.
    await start()
    const deadline = Date.now() + 90_000
    for (;;) {
      const states = await db.prisma.attempt.findMany({ where: { id: { in: stored } }, select: { processingState: true } })
      if (states.every((s) => s.processingState === 'ready')) break
      if (Date.now() > deadline) throw new Error(`not all ready: ${JSON.stringify(states)}`)
      await sleep(250)
    }
    const events = await db.prisma.liveEvent.findMany({ where: { type: 'attempt.updated' } })
    for (const id of stored) {
      const ready = events.filter((e) => {
        const attempt = (e.payload as { attempt: { id: number; processing: string } }).attempt
        return attempt.id === id && attempt.processing === 'ready'
      })
      expect(ready, `attempt ${id} announced ready`).toHaveLength(1)
    }
  })
})
