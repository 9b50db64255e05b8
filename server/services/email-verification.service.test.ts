// The verification link's rules on in-memory fakes; tests/server/routes/email-verification.routes.test.ts
// plays them through a real SMTP server and PostgreSQL.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Mail } from '../../infra/mailer.ts'
import { Refusal } from '../../infra/refusal.ts'
import {
  ALREADY_VERIFIED,
  VERIFIED_REQUIRED,
  VERIFY_LINK_HOURS,
  VERIFY_LINK_INVALID,
  VERIFY_MAIL_FAILED,
  VERIFY_MAILS_PER_HOUR,
  VERIFY_TOO_MANY,
  assertMayEnter,
  createEmailVerificationService,
  verifySent,
} from './email-verification.service.ts'

interface Link {
  id: number
  userId: number
  email: string
  tokenHash: string
  expiresAt: Date
  usedAt: Date | null
  createdAt: Date
}

function setup(options: { failMail?: boolean } = {}) {
  let clock = new Date('2026-11-28T10:00:00Z')
  const links: Link[] = []
  const mails: Mail[] = []
  const warnings: string[] = []
  const anna = { id: 7, email: 'anna@example.com', name: 'Anna', username: 'anna', emailVerifiedAt: null as Date | null }
  const service = createEmailVerificationService({
    users: { find: async (id) => (id === 7 ? { ...anna } : null) },
    verifications: {
      createUnlessMany: async (data, since, max) => {
        if (links.filter((l) => l.userId === data.userId && l.createdAt >= since).length >= max) return false
        links.push({ ...data, id: links.length + 1, usedAt: null, createdAt: clock })
        return true
      },
      find: async (tokenHash) => links.find((l) => l.tokenHash === tokenHash) ?? null,
      use: async (link, now) => {
        const row = links.find((l) => l.id === link.id)!
        if (row.usedAt) return false
        row.usedAt = now
        if (anna.email !== link.email) return false
        anna.emailVerifiedAt = now
        for (const l of links) if (l.userId === link.userId && !l.usedAt) l.usedAt = now
        return true
      },
    },
    mailer: {
      send: async (mail) => {
        if (options.failMail) throw new Error('550 refused')
        mails.push(mail)
      },
    },
    siteUrl: 'https://lift.example/',
    log: {
      warn: (_o, message) => {
        warnings.push(message)
      },
    },
    now: () => clock,
  })
  const tokenOf = (mail: Mail) => /#token=([A-Za-z0-9_-]{43})\n/.exec(mail.text)![1]!
  return {
    service,
    anna,
    links,
    mails,
    warnings,
    tokenOf,
    advance: (ms: number) => {
      clock = new Date(clock.getTime() + ms)
    },
  }
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Refusal)
  return { code: (error as Refusal).code, message: (error as Refusal).message }
}

describe('sending a link', () => {
  it('mails one at registration, and a mail server that refused never fails the registration', async () => {
    const s = setup()
    await s.service.afterRegistration(7).sent
    expect(s.mails).toHaveLength(1)
    expect(s.mails[0]!.to).toBe('anna@example.com')
    expect(s.mails[0]!.subject).toBe('Verify your LiftArena email address')
    expect(s.mails[0]!.text).toContain('https://lift.example/verify-email#token=')
    expect(s.mails[0]!.text).toContain(`within ${VERIFY_LINK_HOURS} hours`)
    const refused = setup({ failMail: true })
    await refused.service.afterRegistration(7).sent
    expect(refused.warnings).toEqual(['email verification link not sent'])
  })

  it(`stores only the token's SHA-256, sends at most ${VERIFY_MAILS_PER_HOUR} an hour, and says so`, async () => {
    const s = setup()
    for (let i = 0; i < VERIFY_MAILS_PER_HOUR; i++) expect(await s.service.request(7)).toBe(verifySent('anna@example.com'))
    expect(await refusal(s.service.request(7))).toEqual({ code: 'too_many', message: VERIFY_TOO_MANY })
    expect(s.mails).toHaveLength(VERIFY_MAILS_PER_HOUR)
    const token = s.tokenOf(s.mails[0]!)
    expect(s.links[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(s.links)).not.toContain(token)
    s.advance(3_600_001)
    await s.service.request(7)
    expect(s.mails).toHaveLength(VERIFY_MAILS_PER_HOUR + 1)
  })

  it('refuses a verified account, and says when the mail server refused', async () => {
    const failing = setup({ failMail: true })
    expect(await refusal(failing.service.request(7))).toEqual({ code: 'unavailable', message: VERIFY_MAIL_FAILED })
    const s = setup()
    await s.service.request(7)
    await s.service.confirm(s.tokenOf(s.mails[0]!))
    expect(await refusal(s.service.request(7))).toEqual({ code: 'conflict', message: ALREADY_VERIFIED })
    expect(await refusal(s.service.request(8))).toMatchObject({ code: 'not_found' })
  })
})

describe('using a link', () => {
  it(`verifies once, until ${VERIFY_LINK_HOURS} hours have passed, and ends the other links`, async () => {
    const s = setup()
    await s.service.request(7)
    await s.service.request(7)
    const [first, second] = s.mails.map(s.tokenOf)
    s.advance(VERIFY_LINK_HOURS * 3_600_000 - 1)
    expect(await s.service.confirm(second!)).toBe(7)
    expect(s.anna.emailVerifiedAt).not.toBeNull()
    expect(await refusal(s.service.confirm(second!))).toEqual({ code: 'invalid', message: VERIFY_LINK_INVALID })
    expect(await refusal(s.service.confirm(first!))).toEqual({ code: 'invalid', message: VERIFY_LINK_INVALID })
  })

  it('refuses an expired link, a made-up token, and a link for an address the account no longer has', async () => {
    const s = setup()
    await s.service.request(7)
    const token = s.tokenOf(s.mails[0]!)
    await expect(s.service.confirm('short')).rejects.toThrow(VERIFY_LINK_INVALID)
    await expect(s.service.confirm(`${token.slice(0, 42)}${token.endsWith('A') ? 'B' : 'A'}`)).rejects.toThrow(VERIFY_LINK_INVALID)
    s.anna.email = 'anna@elsewhere.example'
    await expect(s.service.confirm(token)).rejects.toThrow(VERIFY_LINK_INVALID)
    expect(s.anna.emailVerifiedAt).toBeNull()
    s.anna.email = 'anna@example.com'
    await s.service.request(7)
    s.advance(VERIFY_LINK_HOURS * 3_600_000)
    await expect(s.service.confirm(s.tokenOf(s.mails[1]!))).rejects.toThrow(VERIFY_LINK_INVALID)
    expect(s.anna.emailVerifiedAt).toBeNull()
  })
})

describe('challenges that require verified entrants', () => {
  it('let in a verified account, and refuse an unverified one with the sentence', () => {
    expect(() => assertMayEnter({ requireVerifiedEmail: true }, { emailVerifiedAt: new Date() })).not.toThrow()
    expect(() => assertMayEnter({ requireVerifiedEmail: false }, { emailVerifiedAt: null })).not.toThrow()
    expect(() => assertMayEnter({ requireVerifiedEmail: true }, { emailVerifiedAt: null })).toThrow(VERIFIED_REQUIRED)
    expect(() => assertMayEnter({ requireVerifiedEmail: true }, null)).toThrow(VERIFIED_REQUIRED)
  })
})
