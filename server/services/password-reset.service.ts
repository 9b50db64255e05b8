// Password reset by a mailed link (docs/accounts.md): single use, expiring, no account enumeration.
// - Asking for a link answers the same whether or not an account has the address, and whether or
//   not a mail went out (the per-account limit, a mail server that refused it): the answer tells a
//   stranger nothing about who has an account here.
// - The link carries a random token; only its SHA-256 is stored, so a database dump opens nothing.
// - Using it sets the new password, ends every other link of the account and every session (the
//   caller ends the live connections of what ended).
import { createHash, randomBytes } from 'node:crypto'
import type { PasswordResetsRepository } from '../../infra/repositories/password-resets.repository.ts'
import type { Mailer } from '../../infra/mailer.ts'
import type { Passwords } from '../passwords.ts'
import { badRequest } from '../errors.ts'

/** How long a link works. */
export const RESET_LINK_MINUTES = 60
/** Links one account is sent per hour at most; more requests answer the same and send nothing. */
export const RESET_MAILS_PER_HOUR = 3

export const RESET_REQUESTED =
  'If an account has this address, we have sent it a link to choose a new password. The link works for 60 minutes; check your spam folder if nothing arrives.'
export const RESET_LINK_INVALID =
  'This password reset link does not work any more: it expired (links work for 60 minutes), was already used, or a newer link replaced it. Ask for a new link on the login page.'

interface Account {
  id: number
  email: string
  name: string
  username: string
}
interface ResetLink {
  id: number
  userId: number
  expiresAt: Date
  usedAt: Date | null
}

export interface PasswordResetDeps {
  users: { findByEmail(email: string): PromiseLike<Account | null> }
  resets: Pick<PasswordResetsRepository, 'createUnlessMany' | 'use'> & { find(tokenHash: string): PromiseLike<ResetLink | null> }
  passwords: Pick<Passwords, 'hash'>
  mailer: Pick<Mailer, 'send'>
  /** The site's address for links: PUBLIC_URL, else this server's own local address. */
  siteUrl: string
  log: { warn(object: object, message: string): void }
  now?: () => Date
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

export function createPasswordResetService(deps: PasswordResetDeps) {
  const now = deps.now ?? (() => new Date())
  const site = deps.siteUrl.replace(/\/+$/, '')

  async function deliver(email: string): Promise<void> {
    const user = await deps.users.findByEmail(email)
    if (!user) return
    const at = now()
    const token = randomBytes(32).toString('base64url')
    const link = { userId: user.id, tokenHash: sha256(token), expiresAt: new Date(at.getTime() + RESET_LINK_MINUTES * 60_000) }
    if (!(await deps.resets.createUnlessMany(link, new Date(at.getTime() - 3_600_000), RESET_MAILS_PER_HOUR))) return
    // The token in the fragment: browsers never send it to a server, so it stays out of access logs and Referer headers.
    const url = `${site}/reset-password#token=${token}`
    await deps.mailer.send({
      to: user.email,
      subject: 'Choose a new LiftArena password',
      text: `Hello ${user.name},\n\nSomeone (we hope you) asked to choose a new password for the LiftArena account ${user.username}. Open this link within ${RESET_LINK_MINUTES} minutes to choose it:\n\n${url}\n\nThe link works once. If you did not ask, ignore this mail: your password stays as it is.\n`,
    })
  }

  return {
    /**
     * Sends a link to the account with this address, if there is one and it has not had too many.
     * Always the same answer, at once: the work (a database write, the mail server's round trip) is
     * done after it, so neither the words nor the time of the answer tell who has an account here.
     */
    request(email: string): { message: string; sent: Promise<void> } {
      const sent = deliver(email.trim().toLowerCase()).catch((err: unknown) => {
        // The same answer regardless; the log tells the operator.
        deps.log.warn({ err }, 'password reset link not sent')
      })
      return { message: RESET_REQUESTED, sent }
    },

    /** Sets a new password with a link's token; the account's id (whose sessions the caller ends), or a refusal. */
    async reset(token: string, password: string): Promise<number> {
      const link = /^[A-Za-z0-9_-]{43}$/.test(token) ? await deps.resets.find(sha256(token)) : null
      const at = now()
      if (!link || link.usedAt !== null || link.expiresAt <= at) throw badRequest(RESET_LINK_INVALID)
      if (password.trim() === '') throw badRequest('The new password must not be blank.')
      const passwordHash = await deps.passwords.hash(password)
      if (!(await deps.resets.use(link, passwordHash, at))) throw badRequest(RESET_LINK_INVALID)
      return link.userId
    },
  }
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>
