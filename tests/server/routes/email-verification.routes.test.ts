// Email verification, end to end through a real SMTP server (started here): registration mails a
// link; opening it marks the account verified, once; a challenge whose organiser requires verified
// entrants refuses the others with a sentence (docs/accounts.md).
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { startSmtp, type TestSmtp } from '../../helpers/smtp.ts'
import {
  ALREADY_VERIFIED,
  VERIFIED,
  VERIFIED_REQUIRED,
  VERIFY_LINK_INVALID,
  VERIFY_MAILS_PER_HOUR,
  VERIFY_TOO_MANY,
  verifySent,
} from '../../../server/services/email-verification.service.ts'

const SUBJECT = 'Verify your LiftArena email address'

const tokenOf = (text: string) => {
  const match = /https:\/\/lift\.example\/verify-email#token=([A-Za-z0-9_-]+)/.exec(text)
  if (!match) throw new Error(`no verification link in: ${text}`)
  return match[1]!
}

describe('email verification through a real SMTP server', () => {
  let smtp: TestSmtp
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtp()
    t = await startTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://lift.example', MAIL_FROM: 'LiftArena <meets@lift.example>' } })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/verify_email/confirm', payload: { token } })
  const me = async (auth: Record<string, string>) =>
    (await t.app.inject({ url: '/api/auth/user', headers: auth })).json() as { email_verified?: boolean }
  const ask = (auth: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/auth/verify_email', headers: auth })

  it('mails a link at registration that verifies the account once; the mark shows to its owner only', async () => {
    const u = await registerUser(t.app)
    expect(await me(u.auth)).toMatchObject({ email_verified: false })
    const mail = await smtp.waitFor(u.email, 10_000, SUBJECT)
    expect(mail.from).toBe('meets@lift.example')
    expect(mail.text).toContain('within 24 hours')
    const token = tokenOf(mail.text)

    const done = await confirm(token)
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toEqual({ message: VERIFIED })
    expect(await me(u.auth)).toMatchObject({ email_verified: true })
    const row = await t.db.prisma.emailVerification.findFirstOrThrow({ where: { userId: u.user_id } })
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))

    // The public profile says nothing of it.
    const other = await registerUser(t.app)
    const profile = (await t.app.inject({ url: `/api/users/${u.user_id}/profile`, headers: other.auth })).json() as {
      user: Record<string, unknown>
    }
    expect(profile.user).not.toHaveProperty('email_verified')
    expect(profile.user).not.toHaveProperty('email')

    const again = await confirm(token)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: VERIFY_LINK_INVALID })
    const more = await ask(u.auth)
    expect(more.statusCode).toBe(409)
    expect(more.json()).toEqual({ error: ALREADY_VERIFIED })
  })

  it(`sends a new link on request, at most ${VERIFY_MAILS_PER_HOUR} an hour with registration's, and refuses an expired or made-up one`, async () => {
    const u = await registerUser(t.app)
    await smtp.waitFor(u.email, 10_000, SUBJECT)
    const first = await ask(u.auth)
    expect(first.statusCode, first.body).toBe(202)
    expect(first.json()).toEqual({ message: verifySent(u.email) })
    expect((await ask(u.auth)).statusCode).toBe(202)
    const refused = await ask(u.auth)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ error: VERIFY_TOO_MANY })
    expect(smtp.mails.filter((m) => m.to.includes(u.email) && m.subject === SUBJECT)).toHaveLength(VERIFY_MAILS_PER_HOUR)

    const expired = 'y'.repeat(43)
    const email = (await t.app.repos.users.find(u.user_id))!.email
    await t.app.repos.emailVerifications.create({
      userId: u.user_id,
      email,
      tokenHash: createHash('sha256').update(expired).digest('hex'),
      expiresAt: new Date(Date.now() - 1000),
    })
    expect((await confirm(expired)).json()).toEqual({ error: VERIFY_LINK_INVALID })
    expect((await confirm('not-a-token')).json()).toEqual({ error: VERIFY_LINK_INVALID })
    expect(await me(u.auth)).toMatchObject({ email_verified: false })
    // The newest link still works.
    expect((await confirm(tokenOf((await smtp.waitFor(u.email, 10_000, SUBJECT)).text))).statusCode).toBe(200)
  })

  it('lets only verified lifters join a challenge whose organiser requires it, with the sentence', async () => {
    const organiser = await registerUser(t.app)
    const strict = await createChallenge(t.app, organiser.access_token, { require_verified_email: true })
    const open = await createChallenge(t.app, organiser.access_token)
    const shown = (await t.app.inject({ url: `/api/competitions/${strict}` })).json() as {
      competition: { require_verified_email: boolean }
    }
    expect(shown.competition.require_verified_email).toBe(true)

    const lifter = await registerUser(t.app)
    const join = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/join_competition',
        headers: lifter.auth,
        payload: { competition_id: id, weight_class: '83kg' },
      })
    const refused = await join(strict)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual({ error: VERIFIED_REQUIRED })
    expect((await join(open)).statusCode).toBe(201)

    expect((await confirm(tokenOf((await smtp.waitFor(lifter.email, 10_000, SUBJECT)).text))).statusCode).toBe(200)
    const joined = await join(strict)
    expect(joined.statusCode, joined.body).toBe(201)
  })
})
