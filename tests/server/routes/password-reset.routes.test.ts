// A forgotten password, end to end: the link goes out through a real SMTP server (started here) or,
// without SMTP_URL, into the outbox folder; it works once, for 60 minutes, for its own account only,
// and ends every session; the answer to a request tells nobody who has an account (docs/accounts.md).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { parseMail, startSmtp, type TestSmtp } from '../../helpers/smtp.ts'
import { RESET_LINK_INVALID, RESET_MAILS_PER_HOUR, RESET_REQUESTED } from '../../../server/services/password-reset.service.ts'

const NEW_PASSWORD = 'a brand new passphrase'
// Registration mails a verification link too (docs/accounts.md): these tests read the reset mails only.
const RESET_SUBJECT = 'Choose a new LiftArena password'

const tokenOf = (text: string) => {
  const match = /https:\/\/lift\.example\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text)
  if (!match) throw new Error(`no reset link in: ${text}`)
  return match[1]!
}

describe('password reset through a real SMTP server', () => {
  let smtp: TestSmtp
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtp()
    t = await startTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://lift.example/', MAIL_FROM: 'LiftArena <meets@lift.example>' },
    })
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  const resetMail = (email: string) => smtp.waitFor(email, 10_000, RESET_SUBJECT)
  const resetMails = () => smtp.mails.filter((m) => m.subject === RESET_SUBJECT)
  const ask = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email } })
  const confirm = (token: string, password = NEW_PASSWORD) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password_reset/confirm', payload: { token, password } })
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } })

  it('answers a known and an unknown address alike, and mails the link only to the known one', async () => {
    const u = await registerUser(t.app)
    const known = await ask(u.email.toUpperCase())
    const unknown = await ask('nobody-here@example.com')
    expect(known.statusCode).toBe(202)
    expect(unknown.statusCode).toBe(202)
    expect(known.body).toBe(unknown.body)
    expect(known.json()).toEqual({ message: RESET_REQUESTED })

    const mail = await resetMail(u.email)
    expect(mail.from).toBe('meets@lift.example')
    expect(mail.subject).toBe('Choose a new LiftArena password')
    expect(mail.text).toContain('within 60 minutes')
    expect(tokenOf(mail.text)).toHaveLength(43)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(smtp.mails.some((m) => m.to.includes('nobody-here@example.com'))).toBe(false)
  })

  it('sets the new password once, ends every session, and leaves other accounts alone', async () => {
    const u = await registerUser(t.app)
    const other = await registerUser(t.app)
    await ask(u.email)
    const token = tokenOf((await resetMail(u.email)).text)

    const done = await confirm(token)
    expect(done.statusCode, done.body).toBe(200)
    // The access token and the refresh token of the session before stop working.
    expect((await t.app.inject({ url: '/api/auth/user', headers: u.auth })).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: u.refresh_token } })).statusCode).toBe(
      401,
    )
    expect((await login(u.email, u.password)).statusCode).toBe(401)
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200)
    expect((await login(other.email, other.password)).statusCode).toBe(200)

    // A replayed link.
    const again = await confirm(token, 'yet another passphrase')
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: RESET_LINK_INVALID })
    expect((await login(u.email, NEW_PASSWORD)).statusCode).toBe(200)
  })

  it('a newer link ends nothing, but using one ends the others', async () => {
    const u = await registerUser(t.app)
    await ask(u.email)
    const first = tokenOf((await resetMail(u.email)).text)
    const before = resetMails().length
    await ask(u.email)
    await expect.poll(() => resetMails().length).toBe(before + 1)
    const second = tokenOf((await resetMail(u.email)).text)
    expect(second).not.toBe(first)
    expect((await confirm(second)).statusCode).toBe(200)
    expect((await confirm(first)).json()).toEqual({ error: RESET_LINK_INVALID })
  })

  it('refuses an expired link, a made-up token and a short password, changing nothing', async () => {
    const u = await registerUser(t.app)
    const expired = 'x'.repeat(43)
    await t.app.repos.passwordResets.create({
      userId: u.user_id,
      tokenHash: createHash('sha256').update(expired).digest('hex'),
      expiresAt: new Date(Date.now() - 1000),
    })
    expect((await confirm(expired)).json()).toEqual({ error: RESET_LINK_INVALID })
    expect((await confirm('not-a-token')).json()).toEqual({ error: RESET_LINK_INVALID })

    await ask(u.email)
    const token = tokenOf((await resetMail(u.email)).text)
    const short = await confirm(token, 'short')
    expect(short.statusCode).toBe(400)
    expect(short.json().error).toMatch(/password/)
    // The link still works after the refused attempt.
    expect((await confirm(token)).statusCode).toBe(200)
    expect((await login(u.email, u.password)).statusCode).toBe(401)
  })

  it(`sends one account at most ${RESET_MAILS_PER_HOUR} links an hour, answering every request the same`, async () => {
    const u = await registerUser(t.app)
    const answers = []
    for (let i = 0; i < RESET_MAILS_PER_HOUR + 3; i++) answers.push((await ask(u.email)).body)
    expect(new Set(answers).size).toBe(1)
    await expect.poll(() => resetMails().filter((m) => m.to.includes(u.email)).length).toBe(RESET_MAILS_PER_HOUR)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(resetMails().filter((m) => m.to.includes(u.email))).toHaveLength(RESET_MAILS_PER_HOUR)
  })
})

describe('password reset without a mail server (the embedded default)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  it('keeps the mail in DATA_DIR/outbox, readable only by the server, with a link to this machine', async () => {
    const u = await registerUser(t.app)
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: u.email } })).statusCode).toBe(202)
    const outbox = join(t.config.dataDir, 'outbox')
    const resetFile = () => {
      try {
        return readdirSync(outbox).find((f) => parseMail(readFileSync(join(outbox, f), 'utf8')).subject === RESET_SUBJECT)
      } catch {
        return undefined
      }
    }
    await expect.poll(resetFile).toBeTruthy()
    const file = join(outbox, resetFile()!)
    expect(statSync(file).mode & 0o077).toBe(0)
    const mail = parseMail(readFileSync(file, 'utf8'))
    expect(mail.subject).toBe(RESET_SUBJECT)
    expect(mail.text).toMatch(new RegExp(`http://localhost:${t.config.port}/reset-password#token=[A-Za-z0-9_-]{43}`))
  })
})

describe('changing a password while signed in', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await startTestApp()
  })
  afterAll(async () => {
    await t?.close()
  })

  const change = (auth: Record<string, string>, current: string, next: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password', headers: auth, payload: { current_password: current, new_password: next } })

  it('needs the current password, ends every other session, and answers a new one', async () => {
    const u = await registerUser(t.app)
    const other = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.email, password: u.password } })
    const wrong = await change(u.auth, 'not my password', NEW_PASSWORD)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().error).toMatch(/current password is not right/)

    const done = await change(u.auth, u.password, NEW_PASSWORD)
    expect(done.statusCode, done.body).toBe(200)
    const fresh = done.json() as { access_token: string; refresh_token: string }
    expect((await t.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${fresh.access_token}` } })).statusCode).toBe(200)
    // The session that asked and another login of the account have both ended.
    expect((await t.app.inject({ url: '/api/auth/user', headers: u.auth })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ url: '/api/auth/user', headers: { authorization: `Bearer ${other.json().access_token}` } })).statusCode,
    ).toBe(401)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: other.json().refresh_token } })).statusCode,
    ).toBe(401)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.email, password: NEW_PASSWORD } })).statusCode,
    ).toBe(200)
  })

  it('ends the reset links asked for before the change', async () => {
    const u = await registerUser(t.app)
    const outbox = join(t.config.dataDir, 'outbox')
    const resetFiles = () => {
      try {
        return readdirSync(outbox).filter((f) => parseMail(readFileSync(join(outbox, f), 'utf8')).subject === RESET_SUBJECT)
      } catch {
        return []
      }
    }
    const before = resetFiles().length
    await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: u.email } })
    await expect.poll(() => resetFiles().length).toBe(before + 1)
    const newest = resetFiles().sort().at(-1)!
    const token = /#token=([A-Za-z0-9_-]{43})/.exec(parseMail(readFileSync(join(outbox, newest), 'utf8')).text)![1]!
    expect((await change(u.auth, u.password, NEW_PASSWORD)).statusCode).toBe(200)
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_reset/confirm',
      payload: { token, password: 'an attacker passphrase' },
    })
    expect(reset.json()).toEqual({ error: RESET_LINK_INVALID })
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: u.email, password: NEW_PASSWORD } })).statusCode,
    ).toBe(200)
  })
})
