import { describe, expect, it } from 'vitest'
import { Refusal, statusOf } from '../errors.ts'
import { SEX_FIXED, WRONG_CURRENT_PASSWORD, assertMaySetOwnSex, createAccountsService, isAdmin, joinSex } from './accounts.service.ts'

const refusal = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return error instanceof Refusal ? { status: statusOf(error), error: error.message } : error
  }
  return null
}

describe('joinSex', () => {
  it("takes the account's sex, whatever the client omits", () => {
    expect(joinSex('F', undefined, 'F')).toEqual({ sex: 'F', setsAccount: false })
    expect(joinSex('M', 'male', 'M')).toEqual({ sex: 'M', setsAccount: false })
  })

  it("sets an account without one from the first join (declared, else the challenge's)", () => {
    expect(joinSex(null, 'female', 'F')).toEqual({ sex: 'F', setsAccount: true })
    expect(joinSex(null, undefined, 'M')).toEqual({ sex: 'M', setsAccount: true })
  })

  it("refuses declaring another sex than the account's (the sock-puppet 52 kg woman)", () => {
    expect(refusal(() => joinSex('M', 'F', 'F'))).toMatchObject({ status: 400, error: expect.stringContaining("account's (men)") })
  })

  it('refuses a challenge of the other category', () => {
    expect(refusal(() => joinSex('M', undefined, 'F'))).toEqual({
      status: 409,
      error: 'This challenge is for women; your account competes with the men.',
    })
    expect(refusal(() => joinSex(null, 'male', 'F'))).toMatchObject({ status: 409 })
  })
})

describe('assertMaySetOwnSex', () => {
  it('lets an account without results set or change it; with results nothing changes but by an administrator', () => {
    expect(refusal(() => assertMaySetOwnSex(null, 'F', false))).toBeNull()
    expect(refusal(() => assertMaySetOwnSex('M', 'F', false))).toBeNull()
    expect(refusal(() => assertMaySetOwnSex('F', 'F', true))).toBeNull()
    expect(refusal(() => assertMaySetOwnSex('M', 'F', true))).toMatchObject({ status: 409 })
    expect(refusal(() => assertMaySetOwnSex(null, 'F', true))).toMatchObject({ status: 409 })
  })
})

describe('isAdmin', () => {
  it('matches configured usernames, case aside', () => {
    expect(isAdmin('Root', ['root'])).toBe(true)
    expect(isAdmin('rooted', ['root'])).toBe(false)
    expect(isAdmin('root', [])).toBe(false)
  })
})

describe('the accounts service', () => {
  type Row = { id: number; email: string; username: string; name: string; passwordHash: string; sex: string | null; createdAt: Date }
  function setup(admins: string[] = []) {
    const rows: Row[] = []
    const failures = new Map<string, number>()
    const sexes: { userId: number; sex: string }[] = []
    const endedLinks: number[] = []
    let results = false
    const users = {
      find: async (id: number) => rows.find((r) => r.id === id) ?? null,
      findByEmail: async (email: string) => rows.find((r) => r.email === email) ?? null,
      findByUsername: async (username: string) => rows.find((r) => r.username === username) ?? null,
      usernameTaken: async (username: string) => rows.some((r) => r.username === username),
      async create(data: { email: string; username: string; name: string; passwordHash: string; sex?: string | null }) {
        const row = {
          id: rows.length + 1,
          email: data.email,
          username: data.username,
          name: data.name,
          passwordHash: data.passwordHash,
          sex: data.sex ?? null,
          createdAt: new Date(0),
          country: null,
          bio: null,
          weightClass: null,
        }
        rows.push(row)
        return row
      },
      async setPasswordHash(id: number, passwordHash: string) {
        rows.find((r) => r.id === id)!.passwordHash = passwordHash
      },
    }
    const service = createAccountsService({
      users: users as never,
      accounts: {
        hasResults: async () => results,
        async setSex(userId, sex) {
          sexes.push({ userId, sex })
          rows.find((r) => r.id === userId)!.sex = sex
        },
        find: async () => null,
        search: async () => [],
        setCertified: async () => null,
        async updateProfile(userId, data) {
          Object.assign(
            rows.find((r) => r.id === userId)!,
            data,
          )
        },
      },
      passwordResets: { endAll: async (userId) => void endedLinks.push(userId) },
      passwords: { hash: async (p) => `hashed:${p}`, verify: async (stored, p) => stored === `hashed:${p}` },
      loginAttempts: {
        waitMs: async (key) => ((failures.get(key) ?? 0) >= 2 ? 90_000 : 0),
        failed: async (key) => void failures.set(key, (failures.get(key) ?? 0) + 1),
        succeeded: async (key) => void failures.delete(key),
      },
      adminUsernames: admins,
    })
    return {
      service,
      rows,
      failures,
      sexes,
      endedLinks,
      withResults: () => {
        results = true
      },
    }
  }
  const refusedAsync = (work: Promise<unknown>) =>
    work.then(
      () => null,
      (error: unknown) => (error instanceof Refusal ? { status: statusOf(error), error: error.message } : error),
    )
  const body = (over: Record<string, unknown> = {}) =>
    ({ name: 'Anna Lift', email: ' Anna@Example.com ', password: 'secret-pass', ...over }) as never

  it('edits the own name, country and bio: trimmed, an empty country or bio cleared, a blank name refused', async () => {
    const { service } = setup()
    await service.register(body({ country: 'Norway', bio: 'Squats.' }))
    expect(await service.updateProfile(1, { name: '  Anna Strong ', country: '', bio: ' Pulls. ' })).toMatchObject({
      name: 'Anna Strong',
      country: null,
      bio: 'Pulls.',
    })
    expect(await service.updateProfile(1, { country: 'Sweden' })).toMatchObject({ name: 'Anna Strong', country: 'Sweden', bio: 'Pulls.' })
    expect(await refusedAsync(service.updateProfile(1, { name: '   ' }))).toEqual({
      status: 400,
      error: 'name must not be blank: it is how boards and results name you.',
    })
    expect(await refusedAsync(service.updateProfile(9, { bio: 'x' }))).toMatchObject({ status: 404 })
  })

  it('registers with a free username made from the name, once per email and per username; a blank or mismatched password is refused', async () => {
    const { service, rows } = setup()
    expect(await service.register(body())).toBe(1)
    expect(rows[0]).toMatchObject({ email: 'anna@example.com', username: 'annalift', passwordHash: 'hashed:secret-pass' })
    expect(await service.register(body({ email: 'b@example.com' }))).toBe(2)
    expect(rows[1]!.username).toBe('annalift2')
    expect(await refusedAsync(service.register(body()))).toEqual({
      status: 409,
      error: 'An account with this email already exists. Log in instead.',
    })
    expect(await refusedAsync(service.register(body({ email: 'c@example.com', username: 'AnnaLift' })))).toEqual({
      status: 409,
      error: 'This username is taken. Please choose another.',
    })
    expect(await refusedAsync(service.register(body({ email: 'd@example.com', password: '   ' })))).toEqual({
      status: 400,
      error: 'password must not be blank.',
    })
    expect(await refusedAsync(service.register(body({ email: 'd@example.com', confirmPassword: 'other' })))).toEqual({
      status: 400,
      error: 'Passwords do not match',
    })
  })

  it('logs in by username or email; failed logins count per account and address, and a success clears them', async () => {
    const { service, failures } = setup()
    await service.register(body())
    expect(await service.login(' ANNALIFT ', 'secret-pass', '203.0.113.1')).toBe(1)
    expect(await service.login('anna@example.com', 'secret-pass', '203.0.113.1')).toBe(1)
    expect(await refusedAsync(service.login('annalift', 'wrong', '203.0.113.1'))).toEqual({
      status: 401,
      error: 'Invalid username or password. Please try again.',
    })
    expect(await refusedAsync(service.login('nobody', 'wrong', '203.0.113.1'))).toMatchObject({ status: 401 })
    expect([...failures.keys()]).toEqual(['user:1', expect.stringMatching(/^login:/)])
    await service.login('annalift', 'secret-pass', '203.0.113.1')
    expect(failures.has('user:1')).toBe(false)
    await refusedAsync(service.login('annalift', 'wrong', '203.0.113.1'))
    await refusedAsync(service.login('annalift', 'wrong', '203.0.113.1'))
    expect(await refusedAsync(service.login('annalift', 'secret-pass', '203.0.113.1'))).toEqual({
      status: 429,
      error: 'Too many failed logins for this account. Please wait 90 seconds and try again.',
    })
  })

  it('changes the password only with the current one; wrong ones count against the login back-off', async () => {
    const { service, rows, failures, endedLinks } = setup()
    await service.register(body())
    expect(await refusedAsync(service.changePassword(1, 'wrong', 'a new passphrase', '203.0.113.1'))).toEqual({
      status: 400,
      error: WRONG_CURRENT_PASSWORD,
    })
    expect(failures.get('user:1')).toBe(1)
    expect(rows[0]!.passwordHash).toBe('hashed:secret-pass')
    expect(endedLinks).toEqual([])
    await service.changePassword(1, 'secret-pass', 'a new passphrase', '203.0.113.1')
    expect(rows[0]!.passwordHash).toBe('hashed:a new passphrase')
    // Reset links asked for before the change no longer work.
    expect(endedLinks).toEqual([1])
    await refusedAsync(service.changePassword(1, 'wrong', 'x', '203.0.113.1'))
    // Two failures: the back-off holds even the right password, as at login.
    expect(await refusedAsync(service.changePassword(1, 'a new passphrase', 'another one', '203.0.113.1'))).toEqual({
      status: 429,
      error: 'Too many wrong passwords for this account. Please wait 90 seconds and try again.',
    })
  })

  it('lets the owner set their sex until the account has results', async () => {
    const { service, sexes, withResults } = setup(['annalift'])
    await service.register(body())
    expect(await service.setOwnSex(1, 'F')).toMatchObject({ is_admin: true })
    expect(sexes).toEqual([{ userId: 1, sex: 'F' }])
    withResults()
    expect(await refusedAsync(service.setOwnSex(1, 'M'))).toEqual({ status: 409, error: SEX_FIXED })
    await service.setOwnSex(1, 'F')
    expect(sexes).toHaveLength(1)
    expect(await refusedAsync(service.profile(9))).toEqual({ status: 404, error: 'This account no longer exists.' })
  })
})
