// Failed logins lock an account per client address: wrong passwords from one address must not
// lock the owner out elsewhere (usernames are public), while a guess spread over many addresses
// still meets the account-wide limit (ACCOUNT_FAILURE_MULTIPLE × LOGIN_MAX_FAILURES). Both with
// the in-process counts and with the counts in Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_FAILURE_MULTIPLE } from '../../../server/plugins/external/rate-limit.ts'
import { registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { dropRedisPrefix, REDIS_URL, uniqueRedisPrefix } from '../../helpers/live.ts'

const MAX_FAILURES = 5
const LOCKED = { error: 'Too many failed logins for this account. Please wait 15 minutes and try again.' }

const login = (t: TestApp, username: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress,
  })

describe.each([
  ['in this process', false],
  ['with REDIS_URL', true],
])('login lockout (%s)', (_mode, withRedis) => {
  let t: TestApp
  const prefix = uniqueRedisPrefix()
  beforeAll(async () => {
    t = await startTestApp({
      // REDIS_URL needs DATABASE_URL (several processes cannot share an embedded database).
      embedded: !withRedis,
      env: {
        LOGIN_MAX_FAILURES: String(MAX_FAILURES),
        LOGIN_BACKOFF_MINUTES: '15',
        ...(withRedis ? { REDIS_URL, REDIS_PREFIX: prefix } : {}),
      },
    })
  })
  afterAll(async () => {
    await t?.close()
    if (withRedis) await dropRedisPrefix(prefix)
  })

  it(`${MAX_FAILURES} wrong passwords from one address lock the account for that address only`, async () => {
    const owner = await registerUser(t.app, 'Organiser Lifter')
    const { username } = await t.db.prisma.user.findUniqueOrThrow({ where: { id: owner.user_id } })
    const fromA: number[] = []
    for (let i = 0; i < MAX_FAILURES; i++) fromA.push((await login(t, username, 'wrong-password', '203.0.113.10')).statusCode)
    expect(fromA).toEqual(Array(MAX_FAILURES).fill(401))
    const rightFromA = await login(t, username, owner.password, '203.0.113.10')
    expect(rightFromA.statusCode).toBe(429)
    expect(rightFromA.json()).toEqual(LOCKED)
    // By email too: the same account.
    expect((await login(t, owner.email, owner.password, '203.0.113.10')).statusCode).toBe(429)
    const fromB = await login(t, username, owner.password, '203.0.113.20')
    expect(fromB.statusCode).toBe(200)
    expect(fromB.json()).toHaveProperty('access_token')
  })

  it('counts an IPv6 client by its /64: guesses spread over its addresses lock it like one address', async () => {
    const owner = await registerUser(t.app)
    const spread: number[] = []
    for (let i = 0; i < MAX_FAILURES; i++) spread.push((await login(t, owner.email, 'wrong-password', `2001:db8:7:7::${i + 1}`)).statusCode)
    expect(spread).toEqual(Array(MAX_FAILURES).fill(401))
    expect((await login(t, owner.email, owner.password, '2001:db8:7:7:aaaa::9')).statusCode).toBe(429)
    expect((await login(t, owner.email, owner.password, '2001:db8:7:8::1')).statusCode).toBe(200)
  })

  it("a successful login clears that address's failures", async () => {
    const owner = await registerUser(t.app)
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX_FAILURES - 1; i++)
        expect((await login(t, owner.email, 'wrong-password', '203.0.113.30')).statusCode).toBe(401)
      expect((await login(t, owner.email, owner.password, '203.0.113.30')).statusCode).toBe(200)
    }
  })

  it(`${ACCOUNT_FAILURE_MULTIPLE} × ${MAX_FAILURES} failures spread over many addresses lock the account for everyone`, async () => {
    const owner = await registerUser(t.app)
    const total = ACCOUNT_FAILURE_MULTIPLE * MAX_FAILURES
    const codes: number[] = []
    // Fewer than MAX_FAILURES from each address, so no address locks on its own.
    for (let i = 0; i < total; i++) codes.push((await login(t, owner.email, `guess-${i}`, `198.51.100.${1 + (i % 25)}`)).statusCode)
    expect(codes).toEqual(Array(total).fill(401))
    const fresh = await login(t, owner.email, owner.password, '192.0.2.77')
    expect(fresh.statusCode).toBe(429)
    expect(fresh.json()).toEqual(LOCKED)
  })

  it('a name no account has locks the same way (no hint which names exist)', async () => {
    const codes: number[] = []
    for (let i = 0; i < MAX_FAILURES + 1; i++) codes.push((await login(t, 'no-such-organiser', `guess-${i}`, '203.0.113.40')).statusCode)
    expect(codes).toEqual([...Array(MAX_FAILURES).fill(401), 429])
    expect((await login(t, 'no-such-organiser', 'guess', '203.0.113.41')).statusCode).toBe(401)
  })
})
