import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { registerUser, startTestApp, type TestApp } from './helpers/app.ts'

let t: TestApp
beforeAll(async () => { t = await startTestApp() })
afterAll(async () => { await t?.close() })

describe('POST /api/auth/register', () => {
  it('answers 201 with tokens and stores only an argon2id hash', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Ada Squat', email: 'Ada@Example.com', password: 'pw-123456' } })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), user_id: expect.any(Number) })
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: body.user_id } })
    expect(row.email).toBe('ada@example.com')
    expect(row.username).toBe('adasquat')
    expect(row.passwordHash).toMatch(/^\$argon2id\$/)
    expect(row.passwordHash).not.toContain('pw-123456')
    const tokens = await t.db.prisma.refreshToken.findMany({ where: { userId: body.user_id } })
    expect(tokens).toHaveLength(1)
    expect(tokens[0]!.tokenHash).toBe(createHash('sha256').update(body.refresh_token).digest('hex'))
  })

  it('refuses a duplicate email with 409', async () => {
    const payload = { name: 'Dup', email: 'dup@example.com', password: 'x' }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload })).statusCode).toBe(201)
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatch(/already exists/)
  })

  it('refuses mismatched passwords with the spec wording', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'A', email: 'a1@example.com', password: 'one', confirmPassword: 'two' } })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'Passwords do not match' })
  })

  it.each([
    [{ email: 'x@example.com', password: 'p' }, /name is required/],
    [{ name: 'N', email: 'not-an-email', password: 'p' }, /email must be a valid email/],
    [{ name: 'N', email: 'y@example.com', password: 'p', admin: true }, /Unknown field "admin"/],
    [{ name: 'N', email: 'z@example.com', password: 123 }, /password must be a string/],
  ])('names the bad field: %j', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatch(message)
  })

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'content-type': 'application/json' }, payload: '{"name": ' })
    expect(res.statusCode).toBe(400)
    expect(Object.keys(res.json())).toEqual(['error'])
    expect(res.body).not.toMatch(/at .*\.ts:\d+/)
  })
})

describe('POST /api/auth/login', () => {
  it('accepts the username or the email', async () => {
    const u = await registerUser(t.app, 'Login Person')
    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.user_id } })
    for (const login of [row.username, u.email, u.email.toUpperCase()]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: login, password: u.password } })
      expect(res.statusCode, login).toBe(200)
      expect(res.json().user_id).toBe(u.user_id)
    }
  })

  it('refuses a wrong password or unknown user with 401 and the spec wording', async () => {
    const u = await registerUser(t.app)
    for (const payload of [{ username: u.email, password: 'wrong' }, { username: 'nobody-here', password: 'x' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toEqual({ error: 'Invalid username or password. Please try again.' })
    }
  })
})

describe('GET /api/auth/user', () => {
  it('answers the user with a valid token, 401 without or with a forged one', async () => {
    const u = await registerUser(t.app, 'Who Am I')
    const ok = await t.app.inject({ url: '/api/auth/user', headers: u.auth })
    expect(ok.statusCode).toBe(200)
    expect(ok.json()).toMatchObject({ id: u.user_id, name: 'Who Am I', email: u.email })
    expect(ok.json()).not.toHaveProperty('passwordHash')
    expect((await t.app.inject({ url: '/api/auth/user' })).statusCode).toBe(401)
    const [h, p] = u.access_token.split('.')
    const forged = `${h}.${Buffer.from(JSON.stringify({ sub: '1', typ: 'access' })).toString('base64url')}.${u.access_token.split('.')[2]}`
    for (const token of [forged, `${h}.${p}.AAAA`, 'garbage', u.refresh_token]) {
      const res = await t.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${token}` } })
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toMatch(/log in/i)
    }
  })

  it('refuses an expired access token', async () => {
    const short = await startTestApp({ embedded: true, env: { ACCESS_TOKEN_TTL_SECONDS: '1' } })
    try {
      const u = await registerUser(short.app)
      await new Promise((r) => setTimeout(r, 1500))
      const res = await short.app.inject({ url: '/api/auth/user', headers: u.auth })
      expect(res.statusCode).toBe(401)
      expect(res.json().error).toMatch(/expired/)
    } finally {
      await short.close()
    }
  })
})

describe('refresh token rotation', () => {
  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${token}` } })

  it('rotates on every use and the new access token works', async () => {
    const u = await registerUser(t.app)
    const first = await refresh(u.refresh_token)
    expect(first.statusCode).toBe(200)
    const pair = first.json()
    expect(pair.user_id).toBe(u.user_id)
    expect(pair.refresh_token).not.toBe(u.refresh_token)
    expect((await t.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${pair.access_token}` } })).statusCode).toBe(200)
    expect((await refresh(pair.refresh_token)).statusCode).toBe(200)
  })

  it('revokes the whole family when a rotated token is reused', async () => {
    const u = await registerUser(t.app)
    const second = (await refresh(u.refresh_token)).json().refresh_token as string
    const reuse = await refresh(u.refresh_token)
    expect(reuse.statusCode).toBe(401)
    expect(reuse.json().error).toMatch(/already used/)
    // The legitimate descendant is dead too: the family is revoked.
    expect((await refresh(second)).statusCode).toBe(401)
    // Another login's family is unaffected.
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.email, password: u.password } })
    expect((await refresh(other.json().refresh_token)).statusCode).toBe(200)
  })

  it('lets exactly one of two concurrent uses of the same token win', async () => {
    const u = await registerUser(t.app)
    const results = await Promise.all([refresh(u.refresh_token), refresh(u.refresh_token)])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401])
  })

  it('logout revokes the session', async () => {
    const u = await registerUser(t.app)
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth })
    expect(out.statusCode).toBe(200)
    expect((await refresh(u.refresh_token)).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401)
  })
})

describe('rate limits', () => {
  it('answers 429 with {error} after too many logins', async () => {
    const limited = await startTestApp({ embedded: true, env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } })
    try {
      const codes: number[] = []
      let last
      for (let i = 0; i < 5; i++) {
        last = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'x', password: 'y' } })
        codes.push(last.statusCode)
      }
      expect(codes).toEqual([401, 401, 401, 429, 429])
      expect(last!.json().error).toMatch(/Too many attempts/)
    } finally {
      await limited.close()
    }
  })
})
