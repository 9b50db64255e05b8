// The reset link's rules on in-memory fakes; tests/server/routes/password-reset.routes.test.ts plays
// them through a real SMTP server and PostgreSQL.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Mail } from '../../infra/mailer.ts'
import {
  createPasswordResetService,
  RESET_LINK_INVALID,
  RESET_LINK_MINUTES,
  RESET_MAILS_PER_HOUR,
  RESET_REQUESTED,
} from './password-reset.service.ts'

interface Link {
  id: number
  userId: number
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
  const passwords = new Map<number, string>([[7, 'old']])
  const service = createPasswordResetService({
    users: { findByEmail: async (email) => (email === 'anna@example.com' ? { id: 7, email, name: 'Anna', username: 'anna' } : null) },
    resets: {
      createUnlessMany: async (data, since, max) => {
        if (links.filter((l) => l.userId === data.userId && l.createdAt >= since).length >= max) return false
        links.push({ ...data, id: links.length + 1, usedAt: null, createdAt: clock })
        return true
      },
      find: async (tokenHash) => links.find((l) => l.tokenHash === tokenHash) ?? null,
      use: async (link, hash, now) => {
        const row = links.find((l) => l.id === link.id)!
        if (row.usedAt) return false
        for (const l of links) if (l.userId === link.userId && !l.usedAt) l.usedAt = now
        passwords.set(link.userId, hash)
        return true
      },
    },
    passwords: { hash: async (p) => `hashed:${p}` },
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
    links,
    mails,
    warnings,
    passwords,
    tokenOf,
    advance: (ms: number) => {
      clock = new Date(clock.getTime() + ms)
    },
  }
}

describe('asking for a link', () => {
  it('answers the same for a known address, an unknown one and a mail server that refused', async () => {
    const known = setup()
    const a = known.service.request(' ANNA@example.com ')
    await a.sent
    expect(a.message).toBe(RESET_REQUESTED)
    expect(known.mails).toHaveLength(1)
    expect(known.mails[0]!.text).toContain('https://lift.example/reset-password#token=')
    const unknown = setup()
    const b = unknown.service.request('nobody@example.com')
    await b.sent
    expect(b.message).toBe(RESET_REQUESTED)
    expect(unknown.mails).toHaveLength(0)
    const refused = setup({ failMail: true })
    const c = refused.service.request('anna@example.com')
    await c.sent
    expect(c.message).toBe(RESET_REQUESTED)
    expect(refused.warnings).toEqual(['password reset link not sent'])
  })

  it(`stores only the token's SHA-256, and sends at most ${RESET_MAILS_PER_HOUR} links an hour`, async () => {
    const s = setup()
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 1; i++) await s.service.request('anna@example.com').sent
    expect(s.mails).toHaveLength(RESET_MAILS_PER_HOUR)
    const token = s.tokenOf(s.mails[0]!)
    expect(s.links[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(s.links)).not.toContain(token)
    // A link made exactly an hour ago still counts; a moment later it does not.
    s.advance(3_600_000)
    await s.service.request('anna@example.com').sent
    expect(s.mails).toHaveLength(RESET_MAILS_PER_HOUR)
    s.advance(1)
    await s.service.request('anna@example.com').sent
    expect(s.mails).toHaveLength(RESET_MAILS_PER_HOUR + 1)
  })
})

describe('using a link', () => {
  it(`works once, until ${RESET_LINK_MINUTES} minutes have passed`, async () => {
    const s = setup()
    await s.service.request('anna@example.com').sent
    await s.service.request('anna@example.com').sent
    const [first, second] = s.mails.map(s.tokenOf)
    s.advance(RESET_LINK_MINUTES * 60_000 - 1)
    expect(await s.service.reset(second!, 'new passphrase')).toBe(7)
    expect(s.passwords.get(7)).toBe('hashed:new passphrase')
    await expect(s.service.reset(second!, 'again')).rejects.toThrow(RESET_LINK_INVALID)
    // Using one ended the other.
    await expect(s.service.reset(first!, 'again')).rejects.toThrow(RESET_LINK_INVALID)
  })

  it('refuses an expired link, and a token that is not one of ours, without touching the password', async () => {
    const s = setup()
    await s.service.request('anna@example.com').sent
    const token = s.tokenOf(s.mails[0]!)
    s.advance(RESET_LINK_MINUTES * 60_000)
    await expect(s.service.reset(token, 'new passphrase')).rejects.toThrow(RESET_LINK_INVALID)
    await expect(s.service.reset('short', 'new passphrase')).rejects.toThrow(RESET_LINK_INVALID)
    await expect(s.service.reset(`${token.slice(0, 42)}A`, 'new passphrase')).rejects.toThrow(RESET_LINK_INVALID)
    expect(s.passwords.get(7)).toBe('old')
  })
})
