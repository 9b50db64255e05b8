// Site moderation (docs/moderation.md) on two server nodes sharing PostgreSQL and Redis: an
// administrator's ban through node A ends the banned account's sessions on node B before the answer
// (its socket closed within a second, its access and refresh tokens refused) and its logins; an
// unban lets it back; any comment can be removed; every action is in the audit log, which no
// statement can change. Only site administrators (ADMIN_USERNAMES) may do any of it.
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../helpers/app.ts'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'
import { REDIS_URL, connectClient, dropRedisPrefix, sleep, uniqueRedisPrefix, type ClientSocket } from '../../helpers/live.ts'
import { ADMIN_NOT_BANNABLE, ALREADY_BANNED, BANNED, REASON_NEEDED } from '../../../server/services/moderation.service.ts'

interface Node {
  t: TestApp
  url: string
}
const JWT_SECRET = 'moderation-test-secret-0123456789-abcdefg'
const sockets: ClientSocket[] = []
const prefix = uniqueRedisPrefix()
let database: TestDatabase
let a: Node
let b: Node

async function startNode(env: Record<string, string>): Promise<Node> {
  const t = await startTestApp({ env: { JWT_SECRET, ...env } })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return { t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` }
}

async function api(node: Node, method: string, path: string, init: { token?: string; json?: unknown } = {}) {
  const res = await fetch(`${node.url}/api${path}`, {
    method,
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

let counter = 0
async function register(username: string) {
  const email = `${username}.${Date.now()}${counter++}@example.com`
  const password = 'correct horse battery'
  const res = await api(a, 'POST', '/auth/register', { json: { name: username, username, email, password } })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return { ...(res.body as { access_token: string; refresh_token: string; user_id: number }), email, password, username }
}

const closedWithin = (socket: ClientSocket, ms: number) =>
  Promise.race([
    new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason))),
    sleep(ms).then(() => 'still connected'),
  ])

beforeAll(async () => {
  database = await createTestDatabase()
  const env = {
    DATABASE_URL: database.url,
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    REDIS_URL,
    REDIS_PREFIX: prefix,
    ADMIN_USERNAMES: 'modadmin,otheradmin',
  }
  a = await startNode(env)
  b = await startNode(env)
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await a?.t.close()
  await b?.t.close()
  await database?.drop()
  await dropRedisPrefix(prefix)
})

describe('site moderation', () => {
  it('a ban through node A ends the account on node B at once; an unban lets it log in again; both are logged', async () => {
    const admin = await register('modadmin')
    const spammer = await register(`spammer${Date.now().toString(36)}`)
    const bystander = await register(`bystander${Date.now().toString(36)}`)
    expect((await api(b, 'GET', '/auth/user', { token: spammer.access_token })).status).toBe(200)
    const socket = await connectClient(b.url, spammer.access_token)
    sockets.push(socket)
    const closed = closedWithin(socket, 5000)

    expect(
      (await api(a, 'PUT', `/admin/accounts/${spammer.username}/ban`, { token: bystander.access_token, json: { reason: 'x' } })).status,
    ).toBe(403)
    expect(await api(a, 'PUT', `/admin/accounts/${spammer.username}/ban`, { token: admin.access_token, json: { reason: '   ' } })).toEqual({
      status: 400,
      body: { error: REASON_NEEDED },
    })
    const started = performance.now()
    const ban = await api(a, 'PUT', `/admin/accounts/${spammer.username}/ban`, {
      token: admin.access_token,
      json: { reason: 'Spam links in 40 comments' },
    })
    expect(ban.status, JSON.stringify(ban.body)).toBe(200)
    expect((ban.body.account as { banned_at: string | null }).banned_at).not.toBeNull()
    expect((await api(b, 'GET', '/auth/user', { token: spammer.access_token })).status).toBe(401)
    expect(await closed).toBe('io server disconnect')
    expect(performance.now() - started).toBeLessThan(1000 + 1500) // the ban's answer waits at most 1 s for the other node; the socket closes with it
    expect((await api(b, 'POST', '/auth/refresh', { json: { refresh_token: spammer.refresh_token } })).status).toBe(401)
    expect(await api(b, 'POST', '/auth/login', { json: { username: spammer.email, password: spammer.password } })).toEqual({
      status: 403,
      body: { error: BANNED },
    })
    expect(
      (await api(a, 'PUT', `/admin/accounts/${spammer.username}/ban`, { token: admin.access_token, json: { reason: 'again' } })).body,
    ).toEqual({ error: ALREADY_BANNED })
    expect((await api(b, 'GET', '/auth/user', { token: bystander.access_token })).status).toBe(200)

    const unban = await api(b, 'POST', `/admin/accounts/${spammer.username}/unban`, {
      token: admin.access_token,
      json: { reason: 'Appeal accepted' },
    })
    expect(unban.status, JSON.stringify(unban.body)).toBe(200)
    expect((await api(a, 'POST', '/auth/login', { json: { username: spammer.email, password: spammer.password } })).status).toBe(200)

    const log = await api(a, 'GET', '/admin/moderation', { token: admin.access_token })
    expect(log.status).toBe(200)
    const mine = (log.body.actions as Array<Record<string, unknown>>).filter((e) => e.target === spammer.username)
    expect(mine.map((e) => [e.action, e.admin, e.reason])).toEqual([
      ['unban', 'modadmin', 'Appeal accepted'],
      ['ban', 'modadmin', 'Spam links in 40 comments'],
    ])
    expect((await api(a, 'GET', '/admin/moderation', { token: bystander.access_token })).status).toBe(403)
  })

  it('refuses to ban a site administrator', async () => {
    const admin = await register('otheradmin')
    const res = await api(a, 'PUT', '/admin/accounts/modadmin/ban', { token: admin.access_token, json: { reason: 'coup' } })
    expect(res).toEqual({ status: 403, body: { error: ADMIN_NOT_BANNABLE } })
  })

  it('removes any comment, keeping its words in the log; the log cannot be changed by any statement', async () => {
    const adminLogin = await api(a, 'POST', '/auth/login', { json: { username: 'modadmin', password: 'correct horse battery' } })
    const token = (adminLogin.body as { access_token: string }).access_token
    const author = await register(`author${Date.now().toString(36)}`)
    const organiser = await register(`organiser${Date.now().toString(36)}`)
    const challenge = await a.t.db.prisma.challenge.create({
      data: {
        name: 'Mod',
        location: 'Gym',
        startDate: new Date(Date.now() - 86_400_000),
        endDate: new Date(Date.now() + 86_400_000),
        liftTypes: ['Squat'],
        weightClasses: ['83kg'],
        createdById: organiser.user_id,
      },
    })
    const entry = await a.t.db.prisma.participant.create({
      data: { userId: organiser.user_id, challengeId: challenge.id, weightClass: '83kg', gender: 'M' },
    })
    const attempt = await a.t.db.prisma.attempt.create({
      data: { participantId: entry.id, liftType: 'squat', weight: 100, attemptNumber: 1, status: 'completed' },
    })
    const posted = await api(b, 'POST', `/attempts/${attempt.id}/comments`, {
      token: author.access_token,
      json: { text: 'buy cheap pills here' },
    })
    expect(posted.status, JSON.stringify(posted.body)).toBe(201)
    const commentId = (posted.body.comment as { id: number }).id

    const removed = await api(a, 'POST', `/admin/comments/${commentId}/remove`, { token, json: { reason: 'Spam' } })
    expect(removed).toEqual({ status: 200, body: { message: 'The comment is removed.' } })
    expect((await api(a, 'POST', `/admin/comments/${commentId}/remove`, { token, json: { reason: 'Spam' } })).status).toBe(404)
    const listed = await api(a, 'GET', `/attempts/${attempt.id}/comments`)
    expect(JSON.stringify(listed.body)).not.toContain('cheap pills')
    const log = (await api(a, 'GET', '/admin/moderation', { token })).body.actions as Array<Record<string, unknown>>
    expect(log[0]).toMatchObject({
      action: 'remove_comment',
      admin: 'modadmin',
      target_type: 'comment',
      target_id: commentId,
      target: `on attempt ${attempt.id}: buy cheap pills here`,
      reason: 'Spam',
    })

    await expect(a.t.db.prisma.moderationAction.updateMany({ data: { reason: 'nothing happened' } })).rejects.toThrow(/append only/)
    await expect(a.t.db.prisma.moderationAction.deleteMany({})).rejects.toThrow(/append only/)
    expect(await a.t.db.prisma.moderationAction.count()).toBeGreaterThanOrEqual(3)
  })
})
