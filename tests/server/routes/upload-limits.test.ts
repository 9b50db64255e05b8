// Issue 27, items 4 and 5: a challenge's end is the end, and one account cannot fill the disk or
// hold the server's sockets. A multipart upload trickled past the challenge's end is refused when
// it arrives; an upload's total time is bounded by its size (a minimum average throughput, for
// POST /api/upload and for a tus PATCH); multipart uploads receiving at once are limited per
// account on every node; open resumable uploads and their declared bytes are limited per account
// and per address. Windows and limits are set small here; the defaults are in infra/config.ts.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { joinedLifter, startTestApp, type TestApp } from '../../helpers/app.ts'
import { uploadScratchFolders } from '../../helpers/files.ts'
import { makeClip, multipartForm } from '../../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const TUS = { 'tus-resumable': '1.0.0' }
const b64 = (value: string | number) => Buffer.from(String(value)).toString('base64')
const metadataHeader = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${b64(v)}`)
    .join(',')
const tusFields = (challengeId: number) => ({
  filename: 'lift.mp4',
  filetype: 'video/mp4',
  lift_type: 'squat',
  weight: 140,
  competition_id: challengeId,
})

let clipDir: string
let clip: Buffer
beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'liftarena-limits-clips-'))
  clip = readFileSync(await makeClip(clipDir, 'lift.mp4', { width: 640, height: 360, seconds: 2 }))
})
afterAll(() => {
  if (clipDir) rmSync(clipDir, { recursive: true, force: true })
})

async function listen(t: TestApp): Promise<number> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' })
  return (t.app.server.address() as { port: number }).port
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(25)
  }
}

interface Answer {
  status: number
  body: string
}
/** A request over a real connection whose body the test writes piece by piece; `answer` is null when the server cut it without one. */
function openRequest(port: number, method: string, path: string, headers: Record<string, string>) {
  const req = httpRequest({ host: '127.0.0.1', port, method, path, headers })
  const answer = new Promise<Answer | null>((resolve) => {
    req.on('response', (res) => {
      let body = ''
      res.on('data', (d: Buffer) => {
        body += String(d)
      })
      res.on('end', () => resolve({ status: res.statusCode!, body }))
      res.on('error', () => resolve({ status: res.statusCode!, body }))
    })
    req.on('error', () => resolve(null))
  })
  return {
    req,
    answer,
    write: (bytes: Buffer) => {
      if (!req.destroyed) req.write(bytes)
    },
    end: () => {
      if (!req.destroyed) req.end()
    },
  }
}

/** POST /api/upload of `clip` with its fields first, over a real connection; the test sends the body. */
function openUpload(port: number, u: { auth: Record<string, string>; challengeId: number }) {
  const form = multipartForm(
    { lift_type: 'squat', weight: 140, competition_id: u.challengeId },
    [{ filename: 'lift.mp4', data: clip }],
    'fields-first',
  )
  const open = openRequest(port, 'POST', '/api/upload', { ...u.auth, ...form.headers, 'content-length': String(form.payload.length) })
  return { ...open, payload: form.payload }
}

/**
 * Sends `payload[from..]` at `bytesPerSecond` (by the clock, so a late timer sends more at once) until `until()` says
 * stop, keeping the last `keep` bytes back; answers where it stopped.
 */
async function drip(
  up: { write(b: Buffer): void; req: { destroyed: boolean } },
  payload: Buffer,
  from: number,
  bytesPerSecond: number,
  until: () => boolean,
  keep = 1_000,
) {
  const started = Date.now()
  let at = from
  while (!until() && !up.req.destroyed) {
    const to = Math.min(payload.length - keep, from + Math.floor(((Date.now() - started) / 1000) * bytesPerSecond))
    if (to > at) up.write(payload.subarray(at, to))
    at = Math.max(at, to)
    await sleep(50)
  }
  return at
}

describe("a challenge's end is the end, and an upload's total time is bounded by its size", () => {
  let t: TestApp
  let port: number
  beforeAll(async () => {
    // Cut after a 500 ms grace when the average falls below 8 KB/s; the stall rule (1 byte per 500 ms) never fires here.
    t = await startTestApp({
      env: {
        UPLOAD_STALL_WINDOW_MS: '500',
        UPLOAD_STALL_MIN_BYTES: '1',
        UPLOAD_MIN_AVERAGE_BYTES_PER_SECOND: String(8 * 1024),
        RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
      },
    })
    port = await listen(t)
  })
  afterAll(async () => {
    await t?.close()
  })

  it("refuses a multipart upload begun before the challenge's end and finished after it: 409, no attempt, no scratch", async () => {
    const u = await joinedLifter(t.app)
    const endsAt = Date.now() + 2_500
    await t.db.prisma.challenge.update({ where: { id: u.challengeId }, data: { endDate: new Date(endsAt) } })
    const up = openUpload(port, u)
    // The fields and the file's first bytes before the end (checked then, and allowed), 16 KB/s until after it, then the rest.
    const split = up.payload.length - clip.length + 1_000
    up.write(up.payload.subarray(0, split))
    const at = await drip(up, up.payload, split, 16 * 1024, () => Date.now() > endsAt + 300)
    expect(Date.now(), 'still sending at the end').toBeGreaterThan(endsAt)
    expect(uploadScratchFolders(t.config.mediaDir)).toHaveLength(1)
    up.write(up.payload.subarray(at))
    up.end()
    const answer = await up.answer
    expect(answer?.status, answer?.body).toBe(409)
    expect(JSON.parse(answer!.body)).toEqual({ error: 'This challenge has ended' })
    expect(await t.db.prisma.attempt.count({ where: { participant: { challengeId: u.challengeId } } })).toBe(0)
    await waitFor(() => uploadScratchFolders(t.config.mediaDir).length === 0, 'the scratch to be removed')
  })

  it('cuts a multipart upload that averages less than UPLOAD_MIN_AVERAGE_BYTES_PER_SECOND, though it never stalls: 408, nothing kept', async () => {
    const u = await joinedLifter(t.app)
    const up = openUpload(port, u)
    up.write(up.payload.subarray(0, 1_000))
    // 2 KB/s: above the stall minimum, far below the average; after 6 s the rest at once.
    const started = Date.now()
    const at = await drip(up, up.payload, 1_000, 2 * 1024, () => Date.now() - started > 6_000)
    up.write(up.payload.subarray(at))
    up.end()
    const answer = await up.answer
    expect(answer?.status, answer?.body).toBe(408)
    expect(JSON.parse(answer!.body)).toEqual({
      error: expect.stringMatching(
        /^The upload is too slow: an upload must average at least 8 KB a second \(this one brought .+ in \d+ seconds\)\. Check the connection and try again\.$/,
      ),
    })
    expect(await t.db.prisma.attempt.count({ where: { participant: { challengeId: u.challengeId } } })).toBe(0)
    await waitFor(() => uploadScratchFolders(t.config.mediaDir).length === 0, 'the scratch to be removed')
  })

  it("cuts a tus PATCH that averages too little, keeping what arrived (the client resumes from HEAD's offset)", async () => {
    const u = await joinedLifter(t.app)
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      headers: { ...TUS, ...u.auth, 'upload-length': String(clip.length), 'upload-metadata': metadataHeader(tusFields(u.challengeId)) },
    })
    expect(created.statusCode, created.body).toBe(201)
    const location = created.headers.location as string
    const patch = openRequest(port, 'PATCH', location, {
      ...TUS,
      ...u.auth,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(clip.length),
    })
    patch.write(clip.subarray(0, 1_000))
    const started = Date.now()
    const at = await drip(patch, clip, 1_000, 2 * 1024, () => Date.now() - started > 6_000)
    patch.write(clip.subarray(at))
    patch.end()
    expect(await patch.answer).toBeNull() // cut, not answered
    const state = await t.app.inject({ method: 'HEAD', url: location, headers: { ...TUS, ...u.auth } })
    const offset = Number(state.headers['upload-offset'])
    expect(offset).toBeGreaterThan(0)
    expect(offset).toBeLessThan(clip.length)
  })
})

describe('multipart uploads receiving at once, per account, on every node', () => {
  let database: TestDatabase
  let a: TestApp
  let b: TestApp
  beforeAll(async () => {
    database = await createTestDatabase()
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      UPLOAD_CONCURRENT_PER_ACCOUNT: '2',
      RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
    }
    a = await startTestApp({ env })
    b = await startTestApp({ env })
  })
  afterAll(async () => {
    await b?.close()
    await a?.close()
    await database?.drop()
  })

  it('answers 429 {error} to a third upload while two trickle (whichever node gets it), frees a slot when a connection dies, and leaves other accounts alone', async () => {
    const [portA, portB] = [await listen(a), await listen(b)]
    const u = await joinedLifter(a.app)
    const held = clip.length // hold back the end of each body
    const first = openUpload(portA, u)
    const second = openUpload(portB, u)
    first.write(first.payload.subarray(0, first.payload.length - held))
    second.write(second.payload.subarray(0, second.payload.length - held))
    await waitFor(
      () => uploadScratchFolders(a.config.mediaDir).length === 1 && uploadScratchFolders(b.config.mediaDir).length === 1,
      'both uploads to be receiving',
    )

    for (const port of [portA, portB]) {
      const third = openUpload(port, u)
      third.write(third.payload)
      third.end()
      const answer = await third.answer
      expect(answer?.status, answer?.body).toBe(429)
      expect(JSON.parse(answer!.body)).toEqual({ error: 'You are already sending 2 uploads at once: let one finish, then send this one.' })
    }
    expect(await a.db.prisma.attempt.count({ where: { participant: { challengeId: u.challengeId } } })).toBe(0)

    // Another lifter is not held up by this one.
    const other = await joinedLifter(a.app)
    const theirs = openUpload(portB, other)
    theirs.write(theirs.payload)
    theirs.end()
    expect((await theirs.answer)?.status).toBe(201)

    // The phone's connection drops: its slot is free again at once.
    first.req.destroy()
    await waitFor(() => uploadScratchFolders(a.config.mediaDir).length === 0, 'the cut upload to end')
    const again = openUpload(portA, u)
    again.write(again.payload)
    again.end()
    expect((await again.answer)?.status).toBe(201)
    second.write(second.payload.subarray(second.payload.length - held))
    second.end()
    expect((await second.answer)?.status).toBe(201)
    expect(await a.db.prisma.attempt.count({ where: { participant: { challengeId: u.challengeId } } })).toBe(2)
  })

  it("a killed node's uploads count until their lease lapses (a minute), then not at all", async () => {
    const port = await listen(b)
    const u = await joinedLifter(a.app)
    // What a node killed mid-upload leaves: two leases it no longer renews.
    const lease = (id: string) => ({
      id,
      kind: 'receiving',
      userId: u.user_id,
      address: '127.0.0.1',
      bytes: 0n,
      expiresAt: new Date(Date.now() + 60_000),
    })
    await a.db.prisma.uploadSlot.createMany({ data: [lease(`receiving-killed-${u.user_id}-1`), lease(`receiving-killed-${u.user_id}-2`)] })
    const held = openUpload(port, u)
    held.write(held.payload)
    held.end()
    expect((await held.answer)?.status).toBe(429)
    // A minute later the leases have lapsed.
    await a.db.prisma.uploadSlot.updateMany({
      where: { userId: u.user_id, kind: 'receiving' },
      data: { expiresAt: new Date(Date.now() - 1) },
    })
    const later = openUpload(port, u)
    later.write(later.payload)
    later.end()
    expect((await later.answer)?.status).toBe(201)
  })
})

describe('unfinished resumable uploads per account and per address', () => {
  const LIMIT = 1024 * 1024
  let t: TestApp
  let scratchDir: string
  beforeAll(async () => {
    scratchDir = mkdtempSync(join(tmpdir(), 'liftarena-limits-scratch-'))
    t = await startTestApp({
      env: {
        SCRATCH_DIR: scratchDir,
        UPLOAD_MAX_BYTES: String(LIMIT),
        RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
        UPLOAD_UNFINISHED_PER_ACCOUNT: '2',
        UPLOAD_UNFINISHED_BYTES_PER_ACCOUNT: String(1.5 * LIMIT),
        UPLOAD_UNFINISHED_PER_ADDRESS: '4',
        UPLOAD_UNFINISHED_BYTES_PER_ADDRESS: String(3 * LIMIT),
      },
    })
  })
  afterAll(async () => {
    await t?.close()
    if (scratchDir) rmSync(scratchDir, { recursive: true, force: true })
  })

  const create = (u: { auth: Record<string, string>; challengeId: number }, length: number, remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/uploads/',
      remoteAddress,
      headers: { ...TUS, ...u.auth, 'upload-length': String(length), 'upload-metadata': metadataHeader(tusFields(u.challengeId)) },
    })
  const stored = () => (existsSync(join(scratchDir, 'tus')) ? readdirSync(join(scratchDir, 'tus')).filter((n) => !n.endsWith('.json')) : [])

  it('refuses a third unfinished upload of one account with 429 {error}, storing nothing; a cancelled or finished one frees its place', async () => {
    const u = await joinedLifter(t.app)
    const one = await create(u, clip.length)
    const two = await create(u, clip.length)
    expect([one.statusCode, two.statusCode]).toEqual([201, 201])
    const before = stored()
    const three = await create(u, clip.length)
    expect(three.statusCode).toBe(429)
    expect(three.json()).toEqual({
      error: expect.stringMatching(
        /^You have 2 unfinished uploads: finish or cancel one before starting another \(the oldest is removed at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z\)\.$/,
      ),
    })
    expect(three.headers.location).toBeUndefined()
    expect(stored()).toEqual(before)

    // Cancelled: its place is free.
    const cancel = await t.app.inject({ method: 'DELETE', url: one.headers.location as string, headers: { ...TUS, ...u.auth } })
    expect(cancel.statusCode).toBe(204)
    const four = await create(u, clip.length)
    expect(four.statusCode).toBe(201)
    // Finished (recorded as an attempt): its place is free too.
    const last = await t.app.inject({
      method: 'PATCH',
      url: two.headers.location as string,
      payload: clip,
      headers: { ...TUS, ...u.auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    })
    expect(last.statusCode, last.body).toBe(200)
    expect((await create(u, clip.length)).statusCode).toBe(201)
    expect((await create(u, clip.length)).statusCode).toBe(429)
  })

  it('refuses an upload whose declared bytes would take the account past UPLOAD_UNFINISHED_BYTES_PER_ACCOUNT', async () => {
    const u = await joinedLifter(t.app)
    expect((await create(u, LIMIT, '192.0.2.1')).statusCode).toBe(201)
    const over = await create(u, 600 * 1024, '192.0.2.1')
    expect(over.statusCode).toBe(429)
    expect(over.json()).toEqual({
      error:
        'Your unfinished uploads already hold 1 MB of the 1.5 MB you may have open at once: finish or cancel one before starting this 600 KB upload.',
    })
    expect((await create(u, 400 * 1024, '192.0.2.1')).statusCode).toBe(201)
  })

  it('refuses unfinished uploads beyond UPLOAD_UNFINISHED_PER_ADDRESS and UPLOAD_UNFINISHED_BYTES_PER_ADDRESS from one address, whoever the account; another address is not affected', async () => {
    const [l1, l2, l3, l4] = [await joinedLifter(t.app), await joinedLifter(t.app), await joinedLifter(t.app), await joinedLifter(t.app)]
    const gym = '198.51.100.7'
    for (const u of [l1, l1, l2, l2]) expect((await create(u, 1000, gym)).statusCode).toBe(201)
    const fifth = await create(l3, 1000, gym)
    expect(fifth.statusCode).toBe(429)
    expect(fifth.json()).toEqual({
      error: 'There are already 4 unfinished uploads from your network: finish or cancel one, or try again later.',
    })
    expect((await create(l3, 1000, '198.51.100.8')).statusCode).toBe(201)

    // Bytes: three full-size uploads from one address fill its 3 MB.
    const hall = '198.51.100.9'
    for (const u of [l4, await joinedLifter(t.app), await joinedLifter(t.app)]) expect((await create(u, LIMIT, hall)).statusCode).toBe(201)
    const more = await create(await joinedLifter(t.app), 1000, hall)
    expect(more.statusCode).toBe(429)
    expect(more.json()).toEqual({
      error:
        'Unfinished uploads from your network already hold 3 MB of the 3 MB allowed at once: finish or cancel one, or try again later.',
    })
  })

  it('with the defaults, three uploads declaring 1 GiB each from one account: the third is refused', async () => {
    const d = await startTestApp({ env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '1000' } })
    try {
      const lifter = await joinedLifter(d.app)
      const gib = 1024 ** 3
      const statuses: number[] = []
      for (let i = 0; i < 3; i++) {
        const res = await d.app.inject({
          method: 'POST',
          url: '/api/uploads/',
          headers: {
            ...TUS,
            ...lifter.auth,
            'upload-length': String(gib),
            'upload-metadata': metadataHeader(tusFields(lifter.challengeId)),
          },
        })
        statuses.push(res.statusCode)
      }
      expect(statuses).toEqual([201, 201, 429])
    } finally {
      await d.close()
    }
  })
})
