// Limits an outside review dodged or exhausted (issue 13, parts 1 and 3): forged
// X-Forwarded-For headers against the per-address limits, password guesses spread over many
// addresses, one-character passwords, a challenge flood from one account, bodies trickled at
// 1 byte per 10 s, and a login flood taking every password-hashing thread. Each test fails
// without its fix. Timeouts are configured small here; the defaults are in infra/config.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { hash } from '@node-rs/argon2'
import { createChallenge, joinedLifter as joinedLifterOf, registerUser, startTestApp, type TestApp } from '../helpers/app.ts'
import { binaries, multipartForm } from '../helpers/clips.ts'
import { dropRedisPrefix, REDIS_URL, uniqueRedisPrefix } from '../helpers/live.ts'

const login = (t: TestApp, username: string, password: string, ip?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    headers: ip ? { 'x-forwarded-for': ip } : {},
  })
const randomIp = () => Array.from({ length: 4 }, () => Math.floor(Math.random() * 254) + 1).join('.')

// Each on its own fresh PostgreSQL database (startTestApp's default): the embedded database would
// cost about 8 s more per app here, and nothing below depends on which database holds the rows
// (the embedded one has its own tests: tests/infra/db.embedded.test.ts).
async function withApp<T>(env: Record<string, string>, run: (t: TestApp) => Promise<T>): Promise<T> {
  const t = await startTestApp({ env })
  try {
    return await run(t)
  } finally {
    await t.close()
  }
}

async function listen(t: TestApp): Promise<number> {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return (t.app.server.address() as { port: number }).port
}

describe('per-address limits cannot be dodged with X-Forwarded-For', () => {
  it('counts logins and registrations by the peer address when no proxy is trusted, whatever the header says', async () => {
    await withApp({ RATE_LIMIT_AUTH_PER_MINUTE: '3' }, async (t) => {
      const logins: number[] = []
      for (let i = 0; i < 6; i++) logins.push((await login(t, `guess${i}`, 'wrong-password', randomIp())).statusCode)
      expect(logins).toEqual([401, 401, 401, 429, 429, 429])
      const registers: number[] = []
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          headers: { 'x-forwarded-for': randomIp() },
          payload: { name: `Forged ${i}`, email: `forged${i}@example.com`, password: 'long-enough-1' },
        })
        registers.push(res.statusCode)
      }
      expect(registers).toEqual([201, 201, 201, 429, 429])
      expect(await t.db.prisma.user.count()).toBe(3)
    })
  })

  it('with TRUST_PROXY=1 the client address is the one the proxy appended', async () => {
    await withApp({ RATE_LIMIT_AUTH_PER_MINUTE: '2', TRUST_PROXY: '1' }, async (t) => {
      // Each address has its own count: three addresses, two logins each, no 429.
      for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        expect([(await login(t, `a${ip}`, 'x', ip)).statusCode, (await login(t, `b${ip}`, 'x', ip)).statusCode]).toEqual([401, 401])
      }
      // The same client behind the proxy: whatever it puts before the proxy's entry does not matter.
      expect((await login(t, 'c', 'x', `${randomIp()}, 203.0.113.1`)).statusCode).toBe(429)
    })
  })
})

describe('per-account login backoff', () => {
  it('refuses an account after 5 failed logins from one address, even with the right password, until the window ends; other addresses and accounts are unaffected', async () => {
    await withApp({ TRUST_PROXY: '1' }, async (t) => {
      const victim = await registerUser(t.app, 'Victim Lifter')
      const other = await registerUser(t.app, 'Other Lifter')
      const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: victim.user_id } })
      const guesser = randomIp()
      const codes: number[] = []
      for (let i = 0; i < 8; i++)
        codes.push((await login(t, i % 2 ? row.username : victim.email.toUpperCase(), `guess-${i}`, guesser)).statusCode)
      expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429])
      const right = await login(t, row.username, victim.password, guesser)
      expect(right.statusCode).toBe(429)
      expect(right.json()).toEqual({ error: 'Too many failed logins for this account. Please wait 15 minutes and try again.' })
      // Usernames are public: a stranger's guesses do not lock the owner out from their own address.
      expect((await login(t, row.username, victim.password, randomIp())).statusCode).toBe(200)
      expect((await login(t, other.email, other.password, guesser)).statusCode).toBe(200)
      // A name no account has backs off the same way (no hint which names exist).
      const ghost: number[] = []
      for (let i = 0; i < 6; i++) ghost.push((await login(t, 'no-such-lifter', `guess-${i}`, guesser)).statusCode)
      expect(ghost).toEqual([401, 401, 401, 401, 401, 429])
    })
  })

  it('a successful login clears the failures', async () => {
    await withApp({ LOGIN_MAX_FAILURES: '3' }, async (t) => {
      const u = await registerUser(t.app)
      for (let i = 0; i < 2; i++) expect((await login(t, u.email, 'wrong-password')).statusCode).toBe(401)
      expect((await login(t, u.email, u.password)).statusCode).toBe(200)
      for (let i = 0; i < 2; i++) expect((await login(t, u.email, 'wrong-password')).statusCode).toBe(401)
      expect((await login(t, u.email, u.password)).statusCode).toBe(200)
    })
  })

  it('with REDIS_URL, the failures are shared by every server node', async () => {
    const prefix = uniqueRedisPrefix()
    const env = { REDIS_URL, REDIS_PREFIX: prefix, LOGIN_MAX_FAILURES: '3' }
    const a = await startTestApp({ env })
    try {
      // A second node on the same database and Redis.
      const b = await startTestApp({ env: { ...env, DATABASE_URL: a.config.databaseUrl! } })
      try {
        const u = await registerUser(a.app)
        expect((await login(a, u.email, 'wrong-1')).statusCode).toBe(401)
        expect((await login(b, u.email, 'wrong-2')).statusCode).toBe(401)
        expect((await login(a, u.email, 'wrong-3')).statusCode).toBe(401)
        expect((await login(b, u.email, u.password)).statusCode).toBe(429)
      } finally {
        await b.close()
      }
    } finally {
      await a.close()
      await dropRedisPrefix(prefix)
    }
  })
})

describe('passwords at register', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it.each([
    ['a 1-character password', 'x', 'password must be at least 8 characters.'],
    ['a blank password', '', 'password must be at least 8 characters.'],
    ['7 characters', 'abcdefg', 'password must be at least 8 characters.'],
    ['8 spaces', '        ', 'password must not be blank.'],
  ])('refuses %s with 400 and writes nothing', async (_kind, password, message) => {
    const before = await t.db.prisma.user.count()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Short Pw', email: `short${before}${password.length}@example.com`, password },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: message })
    expect(await t.db.prisma.user.count()).toBe(before)
  })

  it('still logs in an older account whose password is shorter', async () => {
    const u = await registerUser(t.app)
    await t.db.prisma.user.update({ where: { id: u.user_id }, data: { passwordHash: await hash('pw', { algorithm: 2 }) } })
    expect((await login(t, u.email, 'pw')).statusCode).toBe(200)
  })
})

describe('create_competition per account', () => {
  it('answers 429 {error} after RATE_LIMIT_CREATE_PER_HOUR challenges from one account; others still create', async () => {
    await withApp({ RATE_LIMIT_CREATE_PER_HOUR: '3' }, async (t) => {
      const flooder = await registerUser(t.app)
      for (let i = 0; i < 3; i++) await createChallenge(t.app, flooder.access_token, { name: `Flood ${i}` })
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/create_competition',
        headers: flooder.auth,
        payload: {
          name: 'Flood 4',
          location: 'Gym',
          lifttypes: ['Squat'],
          weightclasses: ['83kg'],
          gender: 'M',
          start_date: '2030-01-01',
          end_date: '2030-01-02',
        },
      })
      expect(res.statusCode).toBe(429)
      expect(Object.keys(res.json())).toEqual(['error'])
      expect(res.json().error).toMatch(/Too many attempts. Please wait \d+ seconds/)
      const other = await registerUser(t.app)
      await createChallenge(t.app, other.access_token, { name: 'Someone else' })
      expect(await t.db.prisma.challenge.count()).toBe(4)
    })
  })
})

/** Opens a raw connection, sends `head`, then one byte every 10 s; resolves with what came back and when the server closed it. */
function trickle(port: number, head: string, giveUpMs: number): Promise<{ answer: string; closedAfterMs: number | undefined }> {
  return new Promise((resolve) => {
    const started = Date.now()
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (d) => {
      answer += String(d)
    })
    socket.on('error', () => {})
    socket.write(head)
    const drip = setInterval(() => socket.write('a'), 10_000)
    const done = (closedAfterMs: number | undefined) => {
      clearInterval(drip)
      clearTimeout(giveUp)
      socket.destroy()
      resolve({ answer, closedAfterMs })
    }
    const giveUp = setTimeout(() => done(undefined), giveUpMs)
    socket.on('close', () => done(Date.now() - started))
  })
}

describe('slow clients time out', () => {
  it('cuts a JSON body trickled at 1 byte per 10 s, and trickled headers, within REQUEST_TIMEOUT_MS (plus the check interval)', async () => {
    await withApp({ REQUEST_TIMEOUT_MS: '1000' }, async (t) => {
      const port = await listen(t)
      const body = await trickle(
        port,
        'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
        8_000,
      )
      expect(body.closedAfterMs, 'closed').toBeDefined()
      expect(body.closedAfterMs!).toBeLessThan(3_000)
      expect(body.answer).toMatch(/^HTTP\/1.1 408/)
      expect(JSON.parse(body.answer.split('\r\n\r\n')[1]!)).toEqual({ error: 'The request took too long to arrive. Please try again.' })
      const headers = await trickle(port, 'GET /api/competitions HTTP/1.1\r\nHost: x\r\nX-Slow: ', 8_000)
      expect(headers.closedAfterMs, 'closed').toBeDefined()
      expect(headers.closedAfterMs!).toBeLessThan(3_000)
      // The server still answers others.
      expect((await fetch(`http://127.0.0.1:${port}/api/competitions`)).status).toBe(200)
    })
  })

  describe('uploads: a minimum throughput instead of a total time', () => {
    let t: TestApp
    let port: number
    let clip: Buffer
    const dir = mkdtempSync(join(tmpdir(), 'liftarena-limits-'))
    beforeAll(async () => {
      // A ~2 MB clip: noise compresses badly.
      const path = join(dir, 'noise.mp4')
      await promisify(execFile)(binaries().ffmpeg, [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=640x360:rate=30',
        '-t',
        '0.6',
        '-vf',
        'noise=alls=60:allf=t',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        path,
      ])
      clip = readFileSync(path)
      t = await startTestApp({
        env: { REQUEST_TIMEOUT_MS: '1000', UPLOAD_STALL_WINDOW_MS: '1000', UPLOAD_STALL_MIN_BYTES: String(64 * 1024) },
      })
      port = await listen(t)
    })
    afterAll(async () => {
      await t?.close()
      rmSync(dir, { recursive: true, force: true })
    })

    const joinedLifter = () => joinedLifterOf(t.app)

    /** Sends `payload` in `chunk`-byte pieces every `everyMs` (after `steadyBytes`, 1 byte per 10 s when `stallAfter`). */
    function paced(headers: Record<string, string>, payload: Buffer, chunk: number, everyMs: number, stallAfter?: number) {
      return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
        const started = Date.now()
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/upload',
            headers: { ...headers, 'content-length': String(payload.length) },
          },
          (res) => {
            let body = ''
            res.on('data', (d) => {
              body += String(d)
            })
            res.on('end', () => {
              clearTimeout(timer)
              resolve({ status: res.statusCode!, body, ms: Date.now() - started })
            })
          },
        )
        req.on('error', (error) => {
          clearTimeout(timer)
          reject(error)
        })
        let sent = 0
        let timer: NodeJS.Timeout
        const next = () => {
          if (sent >= payload.length || req.destroyed) return
          const stalled = stallAfter !== undefined && sent >= stallAfter
          const size = stalled ? 1 : chunk
          req.write(payload.subarray(sent, sent + size))
          sent += size
          if (sent >= payload.length) req.end()
          else timer = setTimeout(next, stalled ? 10_000 : everyMs)
        }
        next()
      })
    }

    it('takes a 2 MB upload sent at a steady ~640 KB/s, well past REQUEST_TIMEOUT_MS', async () => {
      expect(clip.length).toBeGreaterThan(2 * 1024 * 1024)
      const u = await joinedLifter()
      const form = multipartForm(
        { lift_type: 'squat', weight: 100, competition_id: u.challengeId },
        [{ filename: 'lift.mp4', data: clip }],
        'fields-first',
      )
      const res = await paced({ ...u.auth, ...form.headers }, form.payload, 64 * 1024, 100)
      expect(res.status, res.body).toBe(201)
      expect(res.ms).toBeGreaterThan(2_000)
    })

    it('cuts an upload that slows to 1 byte per 10 s with 408 {error}, and removes its scratch', async () => {
      const u = await joinedLifter()
      const form = multipartForm(
        { lift_type: 'squat', weight: 100, competition_id: u.challengeId },
        [{ filename: 'lift.mp4', data: clip }],
        'fields-first',
      )
      const res = await paced({ ...u.auth, ...form.headers }, form.payload, 64 * 1024, 100, 512 * 1024)
      expect(res.status).toBe(408)
      expect(JSON.parse(res.body)).toEqual({
        error: 'The upload is too slow: less than 64 KB arrived in 1 seconds. Check the connection and try again.',
      })
      expect(res.ms).toBeLessThan(5_000)
      expect(await t.db.prisma.attempt.count({ where: { participant: { challengeId: u.challengeId } } })).toBe(0)
      let scratch: string[] = []
      try {
        scratch = readdirSync(join(t.config.mediaDir, '.tmp'))
      } catch {
        /* none yet */
      }
      expect(scratch).toEqual([])
    })
  })
})

describe('password hashing is capped', () => {
  it('answers 503 {error} at once when HASH_CONCURRENCY hashes run and HASH_QUEUE_MAX wait', async () => {
    await withApp({ HASH_CONCURRENCY: '1', HASH_QUEUE_MAX: '0' }, async (t) => {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => login(t, `flood${i}`, 'wrong-password')))
      const codes = answers.map((r) => r.statusCode)
      expect(codes).toContain(401)
      expect(codes).toContain(503)
      expect(codes.every((c) => c === 401 || c === 503)).toBe(true)
      expect(answers.find((r) => r.statusCode === 503)!.json()).toEqual({ error: 'The service is busy. Please try again in a moment.' })
    })
  })
})
