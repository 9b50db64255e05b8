// Email verification by a mailed link (docs/accounts.md): single use, expiring, for the address it
// was sent to. A verified account carries the mark (users.email_verified_at); an organiser may
// accept only verified entrants (assertMayEnter).
// - The link carries a random token; only its SHA-256 is stored, so a database dump verifies nothing.
// - Registration mails the first link after its answer (a mail server's trouble never fails a
//   registration); the owner asks for another from the profile, at most VERIFY_MAILS_PER_HOUR an hour.
import { createHash, randomBytes } from 'node:crypto'
import type { EmailVerificationsRepository } from '../../infra/repositories/email-verifications.repository.ts'
import type { Mailer } from '../../infra/mailer.ts'
import { badRequest, conflict, forbidden, notFound, tooMany, unavailable } from '../errors.ts'

/** How long a link works. */
export const VERIFY_LINK_HOURS = 24
/** Links one account is sent per hour at most. */
export const VERIFY_MAILS_PER_HOUR = 3

export const VERIFY_LINK_INVALID = `This verification link does not work any more: it expired (links work for ${VERIFY_LINK_HOURS} hours), was already used, or the account's address changed since. Send a new link from your profile.`
export const ALREADY_VERIFIED = 'Your email address is already verified.'
export const VERIFY_TOO_MANY = `We have sent you ${VERIFY_MAILS_PER_HOUR} verification links in the last hour: open the newest one, or ask again in an hour.`
export const VERIFY_MAIL_FAILED = 'The verification mail could not be sent just now. Please try again in a few minutes.'
export const VERIFIED = 'Your email address is verified.'
export const VERIFIED_REQUIRED =
  "This challenge's organiser accepts only lifters whose email address is verified: open the link we mailed you, or send a new one from your profile."
export const verifySent = (email: string) =>
  `We have sent a verification link to ${email}. It works for ${VERIFY_LINK_HOURS} hours; check your spam folder if nothing arrives.`

interface Account {
  id: number
  email: string
  name: string
  username: string
  emailVerifiedAt: Date | null
}
interface VerifyLink {
  id: number
  userId: number
  email: string
  expiresAt: Date
  usedAt: Date | null
}

export interface EmailVerificationDeps {
  users: { find(id: number): PromiseLike<Account | null> }
  verifications: Pick<EmailVerificationsRepository, 'createUnlessMany' | 'use'> & {
    find(tokenHash: string): PromiseLike<VerifyLink | null>
  }
  mailer: Pick<Mailer, 'send'>
  /** The site's address for links: PUBLIC_URL, else this server's own local address. */
  siteUrl: string
  log: { warn(object: object, message: string): void }
  now?: () => Date
}

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

/** A lifter may enter a challenge that requires verified entrants only with a verified address; throws the answer when not. */
export function assertMayEnter(challenge: { requireVerifiedEmail: boolean }, account: { emailVerifiedAt: Date | null } | null): void {
  if (challenge.requireVerifiedEmail && !account?.emailVerifiedAt) throw forbidden(VERIFIED_REQUIRED)
}

export function createEmailVerificationService(deps: EmailVerificationDeps) {
  const now = deps.now ?? (() => new Date())
  const site = deps.siteUrl.replace(/\/+$/, '')

  /** Stores a link and mails it; 'too_many' when the account had its hour's share (nothing sent). */
  async function deliver(user: Account): Promise<'sent' | 'too_many'> {
    const at = now()
    const token = randomBytes(32).toString('base64url')
    const link = {
      userId: user.id,
      email: user.email,
      tokenHash: sha256(token),
      expiresAt: new Date(at.getTime() + VERIFY_LINK_HOURS * 3_600_000),
    }
    if (!(await deps.verifications.createUnlessMany(link, new Date(at.getTime() - 3_600_000), VERIFY_MAILS_PER_HOUR))) return 'too_many'
    // The token in the fragment: browsers never send it to a server (access logs, Referer headers).
    const url = `${site}/verify-email#token=${token}`
    await deps.mailer.send({
      to: user.email,
      subject: 'Verify your LiftArena email address',
      text: `Hello ${user.name},\n\nPlease confirm that ${user.email} is the address of the LiftArena account ${user.username} by opening this link within ${VERIFY_LINK_HOURS} hours:\n\n${url}\n\nSome organisers accept only lifters with a verified address. If you did not make this account, ignore this mail.\n`,
    })
    return 'sent'
  }

  async function account(userId: number): Promise<Account> {
    const user = await deps.users.find(userId)
    if (!user) throw notFound('This account no longer exists.')
    return user
  }

  return {
    /** At registration: mails the first link after the answer; a failure is logged, never the registration's. */
    afterRegistration(userId: number): { sent: Promise<void> } {
      const sent = account(userId)
        .then(deliver)
        .then(
          () => undefined,
          (err: unknown) => {
            deps.log.warn({ err }, 'email verification link not sent')
          },
        )
      return { sent }
    },

    /** The owner asks for a (new) link; answers what to tell them, or refuses (already verified, too many, mail refused). */
    async request(userId: number): Promise<string> {
      const user = await account(userId)
      if (user.emailVerifiedAt) throw conflict(ALREADY_VERIFIED)
      let outcome: 'sent' | 'too_many'
      try {
        outcome = await deliver(user)
      } catch (err) {
        deps.log.warn({ err }, 'email verification link not sent')
        throw unavailable(VERIFY_MAIL_FAILED)
      }
      if (outcome === 'too_many') throw tooMany(VERIFY_TOO_MANY)
      return verifySent(user.email)
    },

    /** Marks the link's account verified; the account's id, or a refusal. */
    async confirm(token: string): Promise<number> {
      const link = /^[A-Za-z0-9_-]{43}$/.test(token) ? await deps.verifications.find(sha256(token)) : null
      const at = now()
      if (!link || link.usedAt !== null || link.expiresAt <= at) throw badRequest(VERIFY_LINK_INVALID)
      if (!(await deps.verifications.use(link, at))) throw badRequest(VERIFY_LINK_INVALID)
      return link.userId
    },
  }
}

export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>
