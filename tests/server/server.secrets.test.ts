// No secret in logs, none stored in clear. The real server process (`tsx server/server.ts`,
// its own logger settings, LOG_LEVEL=trace so nothing is filtered out) goes through
// register, login, a wrong password, refresh (header and body), a reused refresh token,
// an upload and its transcode, a socket.io connection with a token, a forged token, the
// web app's /auth/callback?token=… URL and logout; then its whole output is searched for
// every password, access token, refresh token, the JWT secret and the database password,
// and every table of its database for the passwords and refresh tokens.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import pg from 'pg'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REDACTED, loggerOptions, redactUrl } from '../../server/logger.ts'
import { makeClip, multipartForm } from '../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { connectClient, spawnServer, type ServerProcess } from '../helpers/live.ts'

const JWT_SECRET = 'jwt-secret-for-the-log-test-0123456789-abcdef'
const DB_PASSWORD = 'db-password-for-the-log-test-7f3a9c'
const PASSWORD = 'correct-horse-battery-staple-42'
const WRONG_PASSWORD = 'wrong-password-typed-by-mistake-17'

let database: TestDatabase
let server: ServerProcess
let clipDir: string
const secrets = new Map<string, string>() // value → what it is

beforeAll(async () => {
  database = await createTestDatabase()
  clipDir = mkdtempSync(join(tmpdir(), 'liftarena-secrets-'))
  const url = new URL(database.url)
  url.password = DB_PASSWORD // trust authentication ignores it; a real deployment's would be secret
  server = await spawnServer({ DATABASE_URL: url.toString(), JWT_SECRET, LOG_LEVEL: 'trace', RATE_LIMIT_AUTH_PER_MINUTE: '1000' })
  secrets
    .set(JWT_SECRET, 'the JWT secret')
    .set(DB_PASSWORD, 'the database password')
    .set(PASSWORD, 'a password')
    .set(WRONG_PASSWORD, 'a wrong password')
}, 120_000)

afterAll(async () => {
  await server?.stop()
  await database?.drop()
  rmSync(clipDir, { recursive: true, force: true })
})

async function api(
  path: string,
  init: { method?: string; token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  if (init.json !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'),
    headers,
    body: init.body ? new Uint8Array(init.body) : init.json !== undefined ? JSON.stringify(init.json) : undefined,
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }
}

function remember(pair: Record<string, unknown>) {
  secrets.set(String(pair.access_token), 'an access token').set(String(pair.refresh_token), 'a refresh token')
  // The signature alone is enough to matter.
  secrets.set(String(pair.access_token).split('.')[2]!, "an access token's signature")
}

describe('secrets', () => {
  it('never reach the log of the real server process, whatever the request', async () => {
    const email = `secret.${Date.now()}@example.com`
    const registered = await api('/api/auth/register', {
      json: { name: 'Secret Keeper', email, password: PASSWORD, confirmPassword: PASSWORD },
    })
    expect(registered.status).toBe(201)
    remember(registered.body)
    const access = String(registered.body.access_token)

    const login = await api('/api/auth/login', { json: { username: email, password: PASSWORD } })
    expect(login.status).toBe(200)
    remember(login.body)
    expect((await api('/api/auth/login', { json: { username: email, password: WRONG_PASSWORD } })).status).toBe(401)

    const viaHeader = await api('/api/auth/refresh', { method: 'POST', token: String(login.body.refresh_token) })
    expect(viaHeader.status).toBe(200)
    remember(viaHeader.body)
    const viaBody = await api('/api/auth/refresh', { json: { refresh_token: viaHeader.body.refresh_token } })
    expect(viaBody.status).toBe(200)
    remember(viaBody.body)
    // A reused refresh token (revokes that family: a warning-worthy event, still without the token in the log).
    expect((await api('/api/auth/refresh', { method: 'POST', token: String(login.body.refresh_token) })).status).toBe(401)

    expect((await api('/api/auth/user', { token: access })).status).toBe(200)
    expect((await api('/api/auth/user', { token: `${access.slice(0, -4)}AAAA` })).status).toBe(401)
    // The web app's OAuth-style callback carries the token in its URL.
    await api(`/auth/callback?token=${access}&user_id=${registered.body.user_id}`)

    const created = await api('/api/create_competition', {
      token: access,
      json: {
        name: 'Secrets Open',
        location: 'Vault',
        start_date: new Date(Date.now() - 86_400_000).toISOString(),
        end_date: new Date(Date.now() + 86_400_000).toISOString(),
      },
    })
    expect(created.status).toBe(201)
    const challengeId = Number(created.body.competition_id)
    expect(
      (await api('/api/join_competition', { token: access, json: { competition_id: challengeId, weight_class: '83kg' } })).status,
    ).toBe(201)
    const clip = readFileSync(await makeClip(clipDir, 'lift.mp4', { width: 320, height: 240, seconds: 1 }))
    const form = multipartForm({ lift_type: 'squat', weight: 120, competition_id: challengeId }, [{ filename: 'lift.mp4', data: clip }])
    const upload = await api('/api/upload', { token: access, body: form.payload, headers: form.headers })
    expect(upload.status).toBe(201)
    const socket = await connectClient(server.url, access)
    socket.close()
    // Wait for the transcode (in-process here) so its log lines are in too.
    const detail = `/api/competitions/${challengeId}/participants/${upload.body.participant_id}/attempts/${upload.body.attempt_id}`
    for (let i = 0; i < 120 && (await api(detail)).body.processing !== 'ready'; i++) await new Promise((r) => setTimeout(r, 250))
    expect((await api(detail)).body.processing).toBe('ready')
    // The reused refresh token ended its whole login, access tokens included (they name their login).
    expect((await api('/api/auth/user', { token: String(viaBody.body.access_token) })).status).toBe(401)
    expect((await api('/api/auth/logout', { token: access, json: { refresh_token: registered.body.refresh_token } })).status).toBe(200)

    await server.stop() // flushes and ends the log
    const log = server.output()
    // The log was really captured: requests, the masked callback URL, the refused reuse.
    expect(log).toContain('incoming request')
    expect(log).toContain(`/auth/callback?token=${REDACTED}&user_id=${registered.body.user_id}`)
    expect(log).toContain('/api/auth/refresh')
    for (const [value, what] of secrets) {
      expect(log.includes(value), `${what} appears in the server log`).toBe(false)
    }
    expect(log).not.toMatch(/Bearer\s+[\w-]{8,}/)
    expect(log).not.toMatch(/"authorization"\s*:\s*"(?!\[redacted\])/i)

    // Stored: only an argon2id hash of the password and SHA-256 hashes of refresh tokens, nowhere in clear.
    const client = new pg.Client({ connectionString: database.url })
    await client.connect()
    try {
      const tables = await client.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      )
      expect(tables.rows.length).toBeGreaterThan(3)
      for (const { table_name } of tables.rows) {
        const rows = await client.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`)
        const dump = rows.rows.map((r) => r.row).join('\n')
        for (const [value, what] of secrets) {
          if (what === 'the JWT secret' || what === 'the database password' || what.includes('access token')) continue
          expect(dump.includes(value), `${what} stored in clear in ${table_name}`).toBe(false)
        }
      }
      const user = await client.query<{ hash: string }>('SELECT password_hash AS hash FROM users WHERE email = $1', [email])
      expect(user.rows[0]!.hash).toMatch(/^\$argon2id\$/)
      const refresh = await client.query<{ hash: string }>('SELECT token_hash AS hash FROM refresh_tokens WHERE user_id = $1', [
        registered.body.user_id,
      ])
      expect(refresh.rows).toHaveLength(4) // register, login and two rotations
      for (const row of refresh.rows) expect(row.hash).toMatch(/^[0-9a-f]{64}$/)
    } finally {
      await client.end()
    }
  })

  it('redacts Authorization, cookies, passwords and tokens from anything logged, and masks secret query values', async () => {
    const lines: string[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const app = Fastify({ logger: { ...loggerOptions({ logLevel: 'trace' }), stream } })
    const log = app.log
    log.info({ req: { headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.x.y', cookie: 'sid=abc', host: 'h' } } }, 'with headers')
    log.info({ headers: { authorization: 'Bearer abc.def.ghi' } }, 'bare headers')
    log.info({ body: { password: 'hunter2', refresh_token: 'r-123', name: 'Ann' } }, 'a body')
    log.warn({ password: 'hunter3', token: 't-1', access_token: 'a-1' }, 'top level')
    const out = lines.join('')
    for (const leaked of ['eyJhbGciOiJIUzI1NiJ9', 'sid=abc', 'abc.def.ghi', 'hunter2', 'hunter3', 'r-123', 't-1', 'a-1'])
      expect(out).not.toContain(leaked)
    expect(out.match(/\[redacted\]/g)!.length).toBeGreaterThanOrEqual(8)
    expect(out).toContain('"name":"Ann"')
    expect(redactUrl('/auth/callback?token=abc.def&user_id=3')).toBe(`/auth/callback?token=${REDACTED}&user_id=3`)
    expect(redactUrl('/x?a=1&refresh_token=zz&Access_Token=yy')).toBe(`/x?a=1&refresh_token=${REDACTED}&Access_Token=${REDACTED}`)
    expect(redactUrl('/api/competitions?status=ongoing')).toBe('/api/competitions?status=ongoing')
    await app.close()
  })
})
