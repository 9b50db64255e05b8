import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { createSigner } from 'fast-jwt'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { multipartForm } from '../../helpers/clips.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

describe('POST /api/auth/register', () => {
  it('answers 201 with tokens and stores only an argon2id hash', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Ada Squat', email: 'Ada@Example.com', password: 'pw-123456' },
    })
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
    const payload = { name: 'Dup', email: 'dup@example.com', password: 'dup-password' }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload })).statusCode).toBe(201)
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload })
    expect(res.statusCode).toBe(409)
    expect(res.json().error).toMatch(/already exists/)
  })

  it('refuses mismatched passwords with the spec wording', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'A', email: 'a1@example.com', password: 'password-one', confirmPassword: 'password-two' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: 'Passwords do not match' })
  })

  it.each([
    [{ email: 'x@example.com', password: 'password' }, /name is required/],
    [{ name: 'N', email: 'not-an-email', password: 'password' }, /email must be a valid email/],
    [{ name: 'N', email: 'y@example.com', password: 'password', admin: true }, /Unknown field "admin"/],
    [{ name: 'N', email: 'z@example.com', password: 123 }, /password must be a string/],
  ])('names the bad field: %j', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload })
    expect(res.statusCode).toBe(400)
    expect(res.json().error).toMatch(message)
  })

  it('answers malformed JSON with 400 and no stack trace', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    })
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
    for (const payload of [
      { username: u.email, password: 'wrong' },
      { username: 'nobody-here', password: 'x' },
    ]) {
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

  it('refuses wrongly-signed, alg=none, other-algorithm, expired and non-access JWTs on every authenticated surface', async () => {
    const u = await registerUser(t.app, 'Token Target')
    const challenge = await t.app.inject({
      method: 'POST',
      url: '/api/create_competition',
      headers: u.auth,
      payload: {
        name: 'JWT',
        location: 'Gym',
        start_date: new Date(Date.now() - 86_400_000).toISOString(),
        end_date: new Date(Date.now() + 86_400_000).toISOString(),
      },
    })
    const challengeId = challenge.json().competition_id as number
    const sub = String(u.user_id)
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const now = Math.floor(Date.now() / 1000)
    const secret = t.config.jwtSecret
    const tokens: Record<string, string> = {
      'signed with another secret': createSigner({ key: 'another-secret-that-is-long-enough-1234567890', algorithm: 'HS256' })({
        sub,
        typ: 'access',
      }),
      'alg=none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, typ: 'access', iat: now, exp: now + 600 })}.`,
      'alg=none with a signature': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, typ: 'access', iat: now, exp: now + 600 })}.${u.access_token.split('.')[2]}`,
      'HS512 with the real secret': createSigner({ key: secret, algorithm: 'HS512' })({ sub, typ: 'access' }),
      'expired, real secret': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 1000, clockTimestamp: Date.now() - 3_600_000 })({
        sub,
        typ: 'access',
      }),
      'not an access token': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({ sub, typ: 'refresh' }),
      'no subject': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({ typ: 'access' }),
      'payload swapped under a real signature': `${u.access_token.split('.')[0]}.${b64({ sub: '1', typ: 'access', exp: now + 600 })}.${u.access_token.split('.')[2]}`,
      // Before: the repository's development secret signed every token when JWT_SECRET was unset (200).
      'signed with the old built-in development secret': createSigner({
        key: 'liftarena-development-secret-change-me-in-production',
        algorithm: 'HS256',
        expiresIn: 60_000,
      })({ sub, ver: 0, typ: 'access' }),
      // Before: a token without exp never expired (200).
      'no expiry, real secret': createSigner({ key: secret, algorithm: 'HS256' })({ sub, ver: 0, typ: 'access' }),
      'no version, real secret': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({ sub, typ: 'access' }),
      // Before: a subject past PostgreSQL's integer reached the database and answered 500.
      'a subject of 2^31': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({
        sub: '2147483648',
        ver: 0,
        typ: 'access',
      }),
      'a subject of 2^53 + 2': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({
        sub: '9007199254740994',
        ver: 0,
        typ: 'access',
      }),
      'a subject of 0': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({ sub: '0', ver: 0, typ: 'access' }),
      'a subject of -1': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({ sub: '-1', ver: 0, typ: 'access' }),
      'a subject of 1e3': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({ sub: '1e3', ver: 0, typ: 'access' }),
      'a numeric subject': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({
        sub: Number(sub),
        ver: 0,
        typ: 'access',
      }),
      'an older token version': createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({ sub, ver: -1, typ: 'access' }),
    }
    // Sanity: the same recipe with the real secret and HS256 is accepted, so the refusals below are about the flaw.
    const good = createSigner({ key: secret, algorithm: 'HS256', expiresIn: 60_000 })({ sub, ver: 0, typ: 'access' })
    expect((await t.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${good}` } })).statusCode).toBe(200)
    for (const [what, token] of Object.entries(tokens)) {
      const authorization = `Bearer ${token}`
      const me = await t.app.inject({ url: '/api/auth/user', headers: { authorization } })
      expect(me.statusCode, what).toBe(401)
      expect(me.json().error, what).toMatch(/log in/i)
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/join_competition',
        headers: { authorization },
        payload: { competition_id: challengeId, weight_class: '83kg' },
      })
      expect(joined.statusCode, what).toBe(401)
      const form = multipartForm({ lift_type: 'squat', weight: 100, competition_id: challengeId }, [
        { filename: 'lift.mp4', data: Buffer.from('not read') },
      ])
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/upload',
        headers: { authorization, ...form.headers },
        payload: form.payload,
      })
      expect(upload.statusCode, what).toBe(401)
      expect(() => t.app.tokens.verifyAccess(token), what).toThrow()
    }
    expect(await t.db.prisma.participant.count({ where: { challengeId } })).toBe(0)
  })

  it('refuses an expired access token', async () => {
    const short = await startTestApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '1' } })
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
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${token}` } })

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

  it('revokes the whole family when a rotated token is reused after the reuse grace', async () => {
    const u = await registerUser(t.app)
    const second = (await refresh(u.refresh_token)).json().refresh_token as string
    // Past REFRESH_REUSE_GRACE_SECONDS (30 s); within it the same successor comes back (auth.refresh-grace.test.ts).
    await t.db.prisma.refreshToken.updateMany({
      where: { tokenHash: createHash('sha256').update(u.refresh_token).digest('hex') },
      data: { rotatedAt: new Date(Date.now() - 31_000) },
    })
    const reuse = await refresh(u.refresh_token)
    expect(reuse.statusCode).toBe(401)
    expect(reuse.json().error).toMatch(/already used/)
    // The legitimate descendant is dead too: the family is revoked.
    expect((await refresh(second)).statusCode).toBe(401)
    // Another login's family is unaffected.
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.email, password: u.password } })
    expect((await refresh(other.json().refresh_token)).statusCode).toBe(200)
  })

  it('lets exactly one of two concurrent uses of the same token rotate it; both get its successor', async () => {
    const u = await registerUser(t.app)
    const results = await Promise.all([refresh(u.refresh_token), refresh(u.refresh_token)])
    expect(results.map((r) => r.statusCode)).toEqual([200, 200])
    expect(results[0]!.json().refresh_token).toBe(results[1]!.json().refresh_token)
    expect(await t.db.prisma.refreshToken.count({ where: { userId: u.user_id } })).toBe(2)
  })

  it('logout revokes the session', async () => {
    const u = await registerUser(t.app)
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth })
    expect(out.statusCode).toBe(200)
    expect((await refresh(u.refresh_token)).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401)
  })

  it('log out of all sessions ends every access token issued before it, at once (before: they answered 200 until they expired)', async () => {
    const u = await registerUser(t.app, 'Logout Target')
    const second = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.email, password: u.password } })
    const other = `Bearer ${second.json().access_token as string}`
    const challengeId = await createChallenge(t.app, u.access_token)
    expect((await t.app.inject({ url: '/api/auth/user', headers: u.auth })).statusCode).toBe(200)

    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth })).statusCode).toBe(200)
    for (const authorization of [u.auth.authorization, other]) {
      const me = await t.app.inject({ url: '/api/auth/user', headers: { authorization } })
      expect(me.statusCode).toBe(401)
      expect(me.json().error).toMatch(/logged out.*log in again/i)
      const joined = await t.app.inject({
        method: 'POST',
        url: '/api/join_competition',
        headers: { authorization },
        payload: { competition_id: challengeId, weight_class: '83kg' },
      })
      expect(joined.statusCode).toBe(401)
      const form = multipartForm({ lift_type: 'squat', weight: 100, competition_id: challengeId }, [
        { filename: 'lift.mp4', data: Buffer.from('not read') },
      ])
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/upload', headers: { authorization, ...form.headers }, payload: form.payload }))
          .statusCode,
      ).toBe(401)
    }
    expect((await refresh(second.json().refresh_token)).statusCode).toBe(401)
    // Logging in again starts a new session that works.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.email, password: u.password } })
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${again.json().access_token as string}` } }))
        .statusCode,
    ).toBe(200)
  })

  it('logging out one login (its refresh token in the body) leaves the other logins working', async () => {
    const u = await registerUser(t.app)
    const second = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.email, password: u.password } })
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: u.auth, payload: { refresh_token: u.refresh_token } }))
        .statusCode,
    ).toBe(200)
    expect((await refresh(u.refresh_token)).statusCode).toBe(401)
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${second.json().access_token as string}` } }))
        .statusCode,
    ).toBe(200)
    expect((await refresh(second.json().refresh_token)).statusCode).toBe(200)
  })
})

describe('rate limits', () => {
  it('answers 429 with {error} after too many logins', async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } })
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

  it('answers 429 with {error} after too many registrations and refreshes, and the refused ones write nothing', async () => {
    const limited = await startTestApp({ env: { RATE_LIMIT_AUTH_PER_MINUTE: '2' } })
    try {
      const register = (i: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { name: `Rate ${i}`, email: `rate${i}@example.com`, password: 'pw-123456' },
        })
      const codes = [] as number[]
      let last
      for (let i = 0; i < 4; i++) {
        last = await register(i)
        codes.push(last.statusCode)
      }
      expect(codes).toEqual([201, 201, 429, 429])
      expect(Object.keys(last!.json())).toEqual(['error'])
      expect(last!.json().error).toMatch(/Too many attempts. Please wait \d+ seconds/)
      expect(await limited.db.prisma.user.count()).toBe(2)
      const refresh = () => limited.app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: 'Bearer x' } })
      const refreshCodes = [(await refresh()).statusCode, (await refresh()).statusCode, (await refresh()).statusCode]
      expect(refreshCodes).toEqual([401, 401, 429])
    } finally {
      await limited.close()
    }
  })
})
