// Issue 27, item 9: kill -9 leaves nothing behind. Real server processes (`tsx server/server.ts`)
// share one MEDIA_DIR, as processes on one host may: one is killed with SIGKILL while a multipart
// upload streams into its scratch; the next start removes that scratch at once, and leaves alone
// the scratch of an upload another live process is still receiving (which then finishes).
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { request as httpRequest } from 'node:http'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../infra/db.ts'
import { makeClip, multipartForm } from '../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { uploadScratchFolders } from '../helpers/files.ts'
import {
  createLifters,
  createOngoingChallenge,
  join as joinChallenge,
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
const jwtSecret = randomBytes(32).toString('hex')
const servers: ServerProcess[] = []

beforeAll(async () => {
  database = await createTestDatabase()
  dir = mkdtempSync(join(tmpdir(), 'liftarena-kill9-'))
  mediaDir = join(dir, 'media')
  db = await openDatabase({ databaseUrl: database.url, dataDir: dir }, { migrate: true })
  clip = readFileSync(await makeClip(dir, 'lift.mp4', { width: 640, height: 360, seconds: 2 }))
})

afterAll(async () => {
  for (const s of servers) await s.stop()
  await db?.close()
  await database?.drop()
  rmSync(dir, { recursive: true, force: true })
})

async function start(): Promise<ServerProcess> {
  // The uploads are held open on purpose: no throughput check and no idle cut during the test (10 minutes).
  const server = await spawnServer({
    DATABASE_URL: database.url,
    MEDIA_DIR: mediaDir,
    JWT_SECRET: jwtSecret,
    RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
    UPLOAD_STALL_WINDOW_MS: '600000',
    CONNECTION_TIMEOUT_MS: '600000',
  })
  servers.push(server)
  return server
}

/** The server's own process: `tsx` runs server/server.ts in a child node process. */
function serverPid(tsx: number): number {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
    if (ppid === tsx && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('server/server.ts')) return Number(name)
  }
  throw new Error(`no server process under tsx ${tsx}`)
}

/** POST /api/upload with everything but the last bytes sent: the upload is streaming into scratch. */
function heldUpload(url: string, lifter: Lifter, challengeId: number) {
  const form = multipartForm(
    { lift_type: 'squat', weight: 140, competition_id: challengeId },
    [{ filename: 'lift.mp4', data: clip }],
    'fields-first',
  )
  const { port } = new URL(url)
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/upload',
    headers: { authorization: `Bearer ${lifter.token}`, ...form.headers, 'content-length': String(form.payload.length) },
  })
  const answer = new Promise<{ status: number; body: string } | null>((resolve) => {
    req.on('response', (res) => {
      let body = ''
      res.on('data', (d: Buffer) => {
        body += String(d)
      })
      res.on('end', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', () => resolve(null))
  })
  const held = 1_000
  req.write(form.payload.subarray(0, form.payload.length - held))
  return { answer, finish: () => req.end(form.payload.subarray(form.payload.length - held)) }
}

describe('kill -9 leaves nothing behind', () => {
  it('removes at start the scratch of an upload whose process was killed, and keeps the one a live process is receiving', async () => {
    const [alive, killed] = [await start(), await start()]
    const challengeId = await createOngoingChallenge(db.prisma)
    const [first, second] = await createLifters(db.prisma, jwtSecret, 2)
    for (const [server, lifter] of [
      [alive, first!],
      [killed, second!],
    ] as const)
      expect((await joinChallenge(server.url, lifter, challengeId)).status).toBe(201)

    const kept = heldUpload(alive.url, first!, challengeId)
    await waitUntil(() => uploadScratchFolders(mediaDir).length === 1, "the live process's upload to stream into scratch")
    const [keptScratch] = uploadScratchFolders(mediaDir)
    const lost = heldUpload(killed.url, second!, challengeId)
    await waitUntil(() => uploadScratchFolders(mediaDir).length === 2, 'the second upload to stream into scratch')
    const lostScratch = uploadScratchFolders(mediaDir).find((path) => path !== keptScratch)!
    await waitUntil(() => existsSync(join(lostScratch, 'upload')), "bytes in the second upload's scratch")

    // SIGKILL to the server itself (no handler runs); tsx, its parent, then exits too.
    const exited = once(killed.process, 'exit')
    process.kill(serverPid(killed.process.pid!), 'SIGKILL')
    await exited
    expect(await lost.answer).toBeNull()
    expect(existsSync(lostScratch)).toBe(true) // nothing could clean up after a SIGKILL

    await start()
    expect(existsSync(lostScratch)).toBe(false)
    expect(uploadScratchFolders(mediaDir)).toEqual([keptScratch])

    // The live process's upload was not disturbed.
    kept.finish()
    const answer = await kept.answer
    expect(answer?.status, answer?.body).toBe(201)
    expect(uploadScratchFolders(mediaDir)).toEqual([])
  }, 150_000)
})
