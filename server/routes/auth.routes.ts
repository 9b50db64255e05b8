// Accounts: register, log in, refresh and log out, the signed-in account, a forgotten password. The
// rules are services/accounts.service.ts's (register, login), services/tokens.service.ts's (the
// tokens) and services/password-reset.service.ts's (reset links).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import {
  AccountDataExport,
  AuthResponse,
  ErrorResponse,
  ChangePasswordBody,
  LoginBody,
  LogoutResponse,
  MessageResponse,
  PasswordResetBody,
  PasswordResetRequestBody,
  RegisterBody,
  UpdateAccountBody,
  UpdateProfileBody,
  UserResponse,
  VerifyEmailBody,
} from '../../contract/index.ts'
import { BANNED, SEX_FIXED, WRONG_CURRENT_PASSWORD } from '../services/accounts.service.ts'
import { RESET_LINK_INVALID, RESET_MAILS_PER_HOUR } from '../services/password-reset.service.ts'
import {
  ALREADY_VERIFIED,
  VERIFIED,
  VERIFY_LINK_INVALID,
  VERIFY_MAIL_FAILED,
  VERIFY_TOO_MANY,
} from '../services/email-verification.service.ts'
import { perUser, tooFast } from '../plugins/external/rate-limit.ts'
import { unauthorized } from '../errors.ts'
import { bearerToken } from '../plugins/app/auth.ts'
import { ACCOUNT_FAILURE_MULTIPLE } from '../plugins/external/rate-limit.ts'
import { errorStatus } from '../plugins/app/documented-statuses.ts'
import { BODY_LIMITS } from '../body-limits.ts'

/** Refresh and logout take an empty body (the spec's clients) or {refresh_token}. */
function bodyRefreshToken(body: unknown): string | undefined {
  const token = (body as { refresh_token?: unknown } | null | undefined)?.refresh_token
  return typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : undefined
}

const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { accounts, passwordReset, accountData, emailVerification } = app.services
  const { config } = app.deps
  const authLimit = { rateLimit: { max: app.deps.config.rateLimitAuthPerMinute, timeWindow: '1 minute' } }
  // 400 (validation), 401 (authenticate), 413, 415, 429 and 503 are documented for every route that can
  // answer them by plugins/app/documented-statuses.ts; routes list what only they answer.

  app.post(
    '/auth/register',
    {
      config: authLimit,
      bodyLimit: BODY_LIMITS.registration,
      schema: {
        tags: ['auth'],
        body: RegisterBody,
        response: {
          201: AuthResponse,
          400: errorStatus('A field is missing or invalid (`error` names it), the passwords do not match, or the body is not valid JSON.'),
          409: errorStatus('An account with this email or username already exists.'),
          503: errorStatus(
            'The server is restarting, the database is unreachable, or too many passwords are being hashed at once; try again in a moment.',
          ),
        },
      },
    },
    async (request, reply) => {
      const userId = await accounts.register(request.body)
      // The verification link goes out after the answer (docs/accounts.md): a mail server's trouble never fails a registration.
      void emailVerification.afterRegistration(userId).sent
      reply.status(201)
      return app.tokens.issue(userId)
    },
  )

  app.post(
    '/auth/login',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        body: LoginBody,
        response: {
          200: AuthResponse,
          401: errorStatus('Invalid username or password.'),
          403: errorStatus(BANNED),
          429: errorStatus(
            'Too many attempts from this client, or too many failed logins for this account within LOGIN_BACKOFF_MINUTES: ' +
              `LOGIN_MAX_FAILURES from this client's address (which locks the account for that address only), or ${ACCOUNT_FAILURE_MULTIPLE} × LOGIN_MAX_FAILURES ` +
              'from all addresses together (which locks it for everyone); `error` says how long to wait.',
          ),
          503: errorStatus(
            'The server is restarting, the database is unreachable, or too many logins are being checked at once; try again in a moment.',
          ),
        },
      },
    },
    async (request) => app.tokens.issue(await accounts.login(request.body.username, request.body.password, request.ip)),
  )

  app.post(
    '/auth/refresh',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        description:
          'Exchange a refresh token (Bearer header, or `refresh_token` in the body) for a new pair. The old one stops working: ' +
          'presented again within REFRESH_REUSE_GRACE_SECONDS (30 s) of the exchange, while the new one is unused, it gets the same new refresh token ' +
          '(with a fresh access token), so tabs or requests racing with one token all succeed.',
        response: {
          200: AuthResponse,
          401: errorStatus(
            'No refresh token was sent, or it is unknown, expired, revoked or already used (a reused token, after the grace or once its successor was used, ends its whole login family).',
          ),
        },
      },
    },
    async (request) => {
      const token = bodyRefreshToken(request.body) ?? bearerToken(request)
      if (!token) throw unauthorized('Send the refresh token as a Bearer token to refresh the session.')
      return app.tokens.rotate(token)
    },
  )

  app.post(
    '/auth/logout',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        description:
          'With `refresh_token` in the body, ends that login and the login of the access token presented: their refresh and access tokens stop working and their live connections close, on every node, before the answer. Without, logs out of all sessions: every refresh and access token of the user stops working and their live connections are closed on every node.',
        response: { 200: LogoutResponse },
      },
    },
    async (request) => {
      const ended = await app.tokens.revoke(request.userId!, bodyRefreshToken(request.body), request.login)
      await app.live.endSessions(ended)
      return { message: 'Logged out.' }
    },
  )

  app.get(
    '/auth/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        response: { 200: UserResponse, 404: errorStatus('The account of this token no longer exists.') },
      },
    },
    (request) => accounts.profile(request.userId!),
  )

  app.post(
    '/auth/password_reset',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        body: PasswordResetRequestBody,
        description: `Mails a link to choose a new password to the account with this email address, if there is one (at most ${RESET_MAILS_PER_HOUR} links an hour per account). The answer is the same whether or not an account has the address, and comes before any mail is sent: it tells nobody who has an account. Without SMTP_URL the mail is kept in DATA_DIR/outbox and logged.`,
        response: { 202: MessageResponse },
      },
    },
    (request, reply) => {
      reply.status(202)
      return { message: passwordReset.request(request.body.email).message }
    },
  )

  app.post(
    '/auth/password_reset/confirm',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        body: PasswordResetBody,
        description:
          "Sets a new password with the token of a reset link (the part after `#token=`). The link works once and for 60 minutes; using it ends the account's other links and every session, on every node.",
        response: { 200: MessageResponse, 400: errorStatus(`${RESET_LINK_INVALID} Or the new password is shorter than 8 characters.`) },
      },
    },
    async (request) => {
      const userId = await passwordReset.reset(request.body.token, request.body.password)
      await app.live.endSessions(await app.tokens.revoke(userId))
      return { message: 'Your password is changed. Log in with it; every other session of your account has ended.' }
    },
  )

  app.post(
    '/auth/verify_email',
    {
      onRequest: app.authenticate,
      config: authLimit,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        description:
          "Mails a new verification link to the signed-in account's address (registration mails the first). The link works once, for 24 hours; at most 3 links an hour per account. Without SMTP_URL the mail is kept in DATA_DIR/outbox and logged.",
        response: {
          202: MessageResponse,
          404: errorStatus('The account of this token no longer exists.'),
          409: errorStatus(ALREADY_VERIFIED),
          429: errorStatus(`${VERIFY_TOO_MANY} Or too many requests from this client.`),
          503: errorStatus(`${VERIFY_MAIL_FAILED} Or the server is restarting.`),
        },
      },
    },
    async (request, reply) => {
      const message = await emailVerification.request(request.userId!)
      reply.status(202)
      return { message }
    },
  )

  app.post(
    '/auth/verify_email/confirm',
    {
      config: authLimit,
      schema: {
        tags: ['auth'],
        body: VerifyEmailBody,
        description:
          'Marks the account verified with the token of a verification link (the part after `#token=`). The link works once, for 24 hours, and only while the account keeps the address it was sent to.',
        response: { 200: MessageResponse, 400: errorStatus(VERIFY_LINK_INVALID) },
      },
    },
    async (request) => {
      await emailVerification.confirm(request.body.token)
      return { message: VERIFIED }
    },
  )

  app.post(
    '/auth/password',
    {
      onRequest: app.authenticate,
      config: authLimit,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: ChangePasswordBody,
        description:
          "Changes the signed-in account's password, given the current one (a wrong one counts as a failed login of the account). Every session of the account ends on every node — access and refresh tokens, live connections — and the answer is a new session for this client.",
        response: {
          200: AuthResponse,
          400: errorStatus(`${WRONG_CURRENT_PASSWORD} Or the new password is shorter than 8 characters.`),
          404: errorStatus('The account of this token no longer exists.'),
        },
      },
    },
    async (request) => {
      const userId = request.userId!
      await accounts.changePassword(userId, request.body.current_password, request.body.new_password, request.ip)
      await app.live.endSessions(await app.tokens.revoke(userId))
      return app.tokens.issue(userId)
    },
  )

  app.get(
    '/auth/user/data',
    {
      onRequest: app.authenticate,
      // Per account: a full read of everything the account holds.
      config: {
        rateLimit: {
          max: config.rateLimitEntriesPerMinute,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: perUser('account-data'),
          errorResponseBuilder: tooFast('downloading your data'),
        },
      },
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        description:
          'Everything stored about the signed-in account, as one JSON document to keep (a download: Content-Disposition attachment): the account, entries with their attempts, challenges organised, votes cast as a judge, comments and reactions. Never the password hash.',
        response: { 200: AccountDataExport, 404: errorStatus('The account of this token no longer exists.') },
      },
    },
    async (request, reply) => {
      const data = await accountData.export(request.userId!)
      reply.header('content-disposition', `attachment; filename="liftarena-${data.account.username}.json"`)
      reply.header('cache-control', 'no-store')
      return data
    },
  )

  app.put(
    '/auth/user/profile',
    {
      onRequest: app.authenticate,
      // Per account: a name change rewrites the account's board rows and is announced to every board.
      config: {
        rateLimit: {
          max: config.rateLimitEntriesPerMinute,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: perUser('profile'),
          errorResponseBuilder: tooFast('changing your profile'),
        },
      },
      bodyLimit: BODY_LIMITS.registration,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: UpdateProfileBody,
        description:
          'The signed-in account edits its public profile: name, country, bio (an empty country or bio clears it). The boards show the new name and country at once.',
        response: { 200: UserResponse, 404: errorStatus('The account of this token no longer exists.') },
      },
    },
    (request) => accounts.updateProfile(request.userId!, request.body),
  )

  app.patch(
    '/auth/user',
    {
      onRequest: app.authenticate,
      // Per account: a change of sex moves the account's entries and is announced to every board.
      config: {
        rateLimit: {
          max: config.rateLimitEntriesPerMinute,
          timeWindow: '1 minute',
          hook: 'onRequest',
          keyGenerator: perUser('account'),
          errorResponseBuilder: tooFast('changing your account'),
        },
      },
      bodyLimit: 1024,
      schema: {
        tags: ['auth'],
        security: [{ bearer: [] }],
        body: UpdateAccountBody,
        description:
          'Changes the signed-in account: its sex and its date of birth (`birth_date`, private: others see the year and the divisions), each while the account has no results (then only a site administrator can).',
        response: {
          200: UserResponse,
          400: ErrorResponse,
          404: errorStatus('The account of this token no longer exists.'),
          409: errorStatus(SEX_FIXED),
        },
      },
    },
    (request) => accounts.updateOwn(request.userId!, request.body),
  )
}

export default authRoutes
