// Account rules (docs/verified-results.md): registering and logging in, a lifter's sex (it belongs
// to the account, so every entry is in the category the account says; it is fixed once the
// account has results, but for a site administrator), and who the site administrators are
// (ADMIN_USERNAMES). The I/O is the users and accounts repositories'; passwords are hashed by
// server/passwords.ts and failed logins counted by the login backoff (plugins/external/rate-limit.ts).
import {
  birthDateProblem,
  type AdminAccount,
  type RegisterBody,
  type UpdateAccountBody,
  type UpdateProfileBody,
} from '../../contract/index.ts'
import type { ParticipantsRepository } from '../../infra/repositories/participants.repository.ts'
import { scoringSettings } from '../../infra/scoring-view.ts'
import type { AccountsRepository } from '../../infra/repositories/accounts.repository.ts'
import type { PasswordResetsRepository } from '../../infra/repositories/password-resets.repository.ts'
import type { UsersRepository } from '../../infra/repositories/users.repository.ts'
import { loginKey } from '../../infra/login-backoff.ts'
import type { Passwords } from '../passwords.ts'
import { badRequest, conflict, forbidden, notFound, tooMany, unauthorized } from '../errors.ts'
import { normalizeGender } from './challenges.service.ts'
import { birthDateText, toParticipant, toUserResponse } from './mappers.ts'

type Sex = 'M' | 'F'

const CATEGORY: Record<Sex, string> = { M: 'men', F: 'women' }

export const SEX_FIXED = 'Your account has results, so only a site administrator can change its sex. Please contact one.'
export const BIRTH_DATE_FIXED =
  'Your account has results, so its date of birth (and the divisions it gives) is fixed: a site administrator can correct it.'

/** A `birth_date` as stored (a DATE, UTC midnight); throws the sentence of birthDateProblem when it cannot be a lifter's. */
export function birthDateOf(text: string, today = new Date()): Date {
  const problem = birthDateProblem(text, today)
  if (problem) throw badRequest(problem)
  return new Date(`${text}T00:00:00Z`)
}
const NO_ACCOUNT = 'This account no longer exists.'
/** A banned account's login (docs/moderation.md). */
export const BANNED = 'This account is banned from LiftArena by a site administrator.'
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right: type the password you log in with now.'
const noAccountNamed = (username: string) => `No account has the username "${username}".`

/**
 * The sex a join records, and whether it is the account's first say. A join names the challenge's
 * category (the spec's client sends it) or nothing; the account's sex decides, and the first join
 * of an account without one sets it. Throws the answer when the entry cannot be.
 */
export function joinSex(account: Sex | null, declared: string | undefined, challenge: Sex): { sex: Sex; setsAccount: boolean } {
  const stated = declared === undefined ? null : normalizeGender(declared)
  if (account !== null && stated !== null && stated !== account) {
    throw badRequest(
      `gender must be your account's (${CATEGORY[account]}): a lifter competes in one category. To correct it, edit your profile before you have results.`,
    )
  }
  const sex = account ?? stated ?? challenge
  if (sex !== challenge) {
    throw conflict(`This challenge is for ${CATEGORY[challenge]}; your account competes with the ${CATEGORY[sex]}.`)
  }
  return { sex, setsAccount: account === null }
}

/**
 * A lifter sets or changes their own sex only while the account has no results; throws the answer
 * otherwise (an older account with results but no sex, whose entries may disagree, is an administrator's to settle).
 */
export function assertMaySetOwnSex(current: Sex | null, wanted: Sex, hasResults: boolean): void {
  if (current !== wanted && hasResults) throw conflict(SEX_FIXED)
}

/** Whether this username is one of the site's administrators (usernames are stored lower-case). */
export const isAdmin = (username: string, adminUsernames: readonly string[]) => adminUsernames.includes(username.toLowerCase())

/** A username from the name: lower-case letters and digits, made unique with a number. */
async function freeUsername(isTaken: (u: string) => Promise<boolean>, name: string, now = Date.now): Promise<string> {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '')
      .slice(0, 24) || 'lifter'
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? base : `${base}${n + 1}`
    if (!(await isTaken(candidate))) return candidate
  }
  return `${base}${now()}`
}

/** How long to wait, as a person reads it. */
function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000)
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`
}

/** Failed logins per account and client address (plugins/external/rate-limit.ts, app.loginBackoff). */
export interface LoginAttempts {
  /** Milliseconds `account` must still wait before a login from `address` is tried, or 0. */
  waitMs(account: string, address: string): Promise<number>
  failed(account: string, address: string): Promise<void>
  succeeded(account: string, address: string): Promise<void>
}

export interface AccountsDeps {
  users: Pick<UsersRepository, 'find' | 'findByEmail' | 'findByUsername' | 'usernameTaken' | 'create' | 'setPasswordHash'>
  accounts: Pick<AccountsRepository, 'find' | 'search' | 'setCertified' | 'hasResults' | 'setSex' | 'updateProfile'>
  /** A changed date of birth re-announces the account's entries (their divisions). */
  entries?: Pick<ParticipantsRepository, 'setBirthDate'>
  /** The API's base for the entries' answers (video URLs). */
  apiBase?: string
  /** A changed password ends the account's reset links (docs/accounts.md). */
  passwordResets: Pick<PasswordResetsRepository, 'endAll'>
  passwords: Passwords
  loginAttempts: LoginAttempts
  adminUsernames: readonly string[]
}

export function createAccountsService(deps: AccountsDeps) {
  const { users, accounts, passwordResets, passwords, loginAttempts, adminUsernames } = deps

  async function ownAccount(userId: number) {
    const user = await users.find(userId)
    if (!user) throw notFound(NO_ACCOUNT)
    return user
  }
  const asAnswer = (user: NonNullable<Awaited<ReturnType<typeof users.find>>>) =>
    toUserResponse(user, true, isAdmin(user.username, adminUsernames))

  async function namedAccount(username: string): Promise<AdminAccount> {
    const account = await accounts.find(username)
    if (!account) throw notFound(noAccountNamed(username))
    return account
  }

  const api = {
    /** Makes an account; answers its id. One account per email and per username. */
    async register(body: RegisterBody): Promise<number> {
      if (body.password.trim() === '') throw badRequest('password must not be blank.')
      if (body.confirmPassword !== undefined && body.confirmPassword !== body.password) throw badRequest('Passwords do not match')
      const birthDate = body.birth_date === undefined ? null : birthDateOf(body.birth_date)
      const email = body.email.trim().toLowerCase()
      if (await users.findByEmail(email)) throw conflict('An account with this email already exists. Log in instead.')
      const username = body.username ? body.username.toLowerCase() : await freeUsername(users.usernameTaken, body.name)
      if (body.username && (await users.findByUsername(username))) throw conflict('This username is taken. Please choose another.')
      const user = await users.create({
        name: body.name.trim(),
        email,
        username,
        passwordHash: await passwords.hash(body.password),
        country: body.country?.trim() || null,
        weightClass: body.weight_class ?? null,
        bio: body.bio?.trim() || null,
        sex: body.sex ?? null,
        birthDate,
      })
      return user.id
    },

    /**
     * The account a username (or email) and password log in to, from client `address`. Failed
     * logins count per account (its username and email alike) and address, so wrong guesses from
     * one address cannot lock the owner out elsewhere; see plugins/external/rate-limit.ts.
     */
    async login(name: string, password: string, address: string): Promise<number> {
      const login = name.trim().toLowerCase()
      const found = await (login.includes('@') ? users.findByEmail(login) : users.findByUsername(login))
      // A deleted account's anonymous row is no account to log in to (docs/accounts.md).
      const user = found?.deletedAt ? null : found
      const key = user ? `user:${user.id}` : `login:${loginKey(login)}`
      const wait = await loginAttempts.waitMs(key, address)
      if (wait > 0) throw tooMany(`Too many failed logins for this account. Please wait ${waitText(wait)} and try again.`)
      const ok = await passwords.verify(user?.passwordHash ?? null, password)
      if (!user || !ok) {
        await loginAttempts.failed(key, address)
        throw unauthorized('Invalid username or password. Please try again.')
      }
      await loginAttempts.succeeded(key, address)
      // A banned account's right password says nothing more (docs/moderation.md).
      if (user.bannedAt) throw forbidden(BANNED)
      return user.id
    },

    /**
     * The owner changes their password, proving the current one. A wrong current password counts
     * as a failed login of the account from that address (the same back-off), so this is no way
     * around the login's limits. Its unused reset links end. The caller ends every session and starts a new one.
     */
    async changePassword(userId: number, current: string, next: string, address: string): Promise<void> {
      const user = await ownAccount(userId)
      const key = `user:${user.id}`
      const wait = await loginAttempts.waitMs(key, address)
      if (wait > 0) throw tooMany(`Too many wrong passwords for this account. Please wait ${waitText(wait)} and try again.`)
      if (!(await passwords.verify(user.passwordHash, current))) {
        await loginAttempts.failed(key, address)
        throw badRequest(WRONG_CURRENT_PASSWORD)
      }
      if (next.trim() === '') throw badRequest('The new password must not be blank.')
      // A reset link asked for earlier (perhaps by whoever made the owner change it) must not undo the change.
      await passwordResets.endAll(user.id)
      await users.setPasswordHash(user.id, await passwords.hash(next))
    },

    /** The signed-in account, as its owner sees it. */
    profile: async (userId: number) => asAnswer(await ownAccount(userId)),

    /** The owner edits their name, country and bio (docs/accounts.md); an empty country or bio clears it. */
    async updateProfile(userId: number, body: UpdateProfileBody) {
      await ownAccount(userId)
      const data: { name?: string; country?: string | null; bio?: string | null } = {}
      if (body.name !== undefined) {
        data.name = body.name.trim()
        if (data.name === '') throw badRequest('name must not be blank: it is how boards and results name you.')
      }
      if (body.country !== undefined) data.country = body.country.trim() || null
      if (body.bio !== undefined) data.bio = body.bio.trim() || null
      await accounts.updateProfile(userId, data)
      return asAnswer(await ownAccount(userId))
    },

    /** The owner sets their account's sex and/or date of birth: each while the account has no results (or unchanged). */
    async updateOwn(userId: number, body: UpdateAccountBody) {
      const user = await ownAccount(userId)
      const birthDate = body.birth_date === undefined ? undefined : birthDateOf(body.birth_date)
      const current = user.sex === 'M' || user.sex === 'F' ? user.sex : null
      const newSex = body.sex !== undefined && body.sex !== current
      const newBirthDate = birthDate !== undefined && birthDateText(birthDate) !== birthDateText(user.birthDate)
      const hasResults = newSex || newBirthDate ? await accounts.hasResults(userId) : false
      if (body.sex !== undefined) assertMaySetOwnSex(current, body.sex, hasResults)
      if (newBirthDate && hasResults) throw conflict(BIRTH_DATE_FIXED)
      if (newSex) await accounts.setSex(userId, body.sex!)
      if (newBirthDate && deps.entries) {
        const apiBase = deps.apiBase ?? '/api'
        // The rule again with the entries' rooms held: a result judged since the check above refuses it.
        await deps.entries.setBirthDate(
          userId,
          birthDate!,
          (row, challenge) => toParticipant(apiBase, row, scoringSettings(challenge), challenge.startDate),
          (account) => {
            if (account.hasResults) throw conflict(BIRTH_DATE_FIXED)
          },
        )
      }
      return asAnswer(await ownAccount(userId))
    },
    /** The owner sets their account's sex: while it has no results. */
    setOwnSex: (userId: number, sex: Sex) => api.updateOwn(userId, { sex }),

    isAdmin: (username: string) => isAdmin(username, adminUsernames),

    /** Site administration: accounts whose name or username holds `q`, or only certified judges. */
    search: (q: string | undefined, certifiedOnly: boolean) => accounts.search(q?.trim() || undefined, certifiedOnly),

    /** Site administration: certifies an account as a judge, or withdraws it (decisions taken keep what they were). */
    async certify(username: string, certified: boolean): Promise<AdminAccount> {
      const account = await accounts.setCertified(username, certified)
      if (!account) throw notFound(noAccountNamed(username))
      return account
    },

    /** Site administration: the account as the admin page lists it. */
    account: (username: string) => namedAccount(username),

    /** Site administration: sets an account's sex, results or not; its entries move with it. */
    async setSex(username: string, sex: Sex): Promise<AdminAccount> {
      const found = await namedAccount(username)
      await accounts.setSex(found.user_id, sex)
      return namedAccount(username)
    },
  }
  return api
}

export type AccountsService = ReturnType<typeof createAccountsService>
