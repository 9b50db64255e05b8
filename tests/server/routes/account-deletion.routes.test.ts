// DELETE /auth/user (docs/accounts.md) against PostgreSQL and the media store: an account without results goes
// entirely; one with results stays as "Deleted lifter <id>" without personal data or videos; sessions end.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DELETE_ADMIN,
  DELETE_WRONG_PASSWORD,
  DELETED_ENTIRELY,
  DELETED_KEPT_RESULTS,
} from '../../../server/services/account-deletion.service.ts'
import { createChallenge, joinedLifter, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { makeClip, multipartForm } from '../../helpers/clips.ts'

type Lifter = Awaited<ReturnType<typeof registerUser>>

describe('DELETE /auth/user', () => {
  let t: TestApp
  let dir: string
  let clip: Buffer
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'liftarena-account-deletion-'))
    ;[t, clip] = await Promise.all([
      startTestApp({ env: { ADMIN_USERNAMES: 'siteadmin' } }),
      makeClip(dir, 'lift.mp4', { width: 320, height: 240, seconds: 1 }).then((p) => readFileSync(p)),
    ])
  })
  afterAll(async () => {
    await t?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  const del = (who: Lifter, password: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/auth/user', headers: who.auth, payload: { password } })
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } })
  async function upload(who: Lifter, challengeId: number) {
    const form = multipartForm(
      { lift_type: 'squat', weight: 150, competition_id: challengeId },
      [{ filename: 'lift.mp4', data: clip }],
      'fields-first',
    )
    const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...who.auth, ...form.headers }, payload: form.payload })
    expect(res.statusCode, res.body).toBe(201)
    return (res.json() as { attempt_id: number }).attempt_id
  }
  const comment = async (who: Lifter, attemptId: number, text: string) =>
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/attempts/${attemptId}/comments`, headers: who.auth, payload: { text } })).statusCode,
    ).toBe(201)
  const react = async (who: Lifter, attemptId: number) =>
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/attempts/${attemptId}/reaction`, headers: who.auth, payload: { reaction: 'fire' } }))
        .statusCode,
    ).toBe(200)

  it("refuses a site administrator's account while ADMIN_USERNAMES names it (its freed name would make whoever registers it admin)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Site Admin', username: 'siteadmin', email: 'siteadmin@example.com', password: 'correct horse battery' },
    })
    expect(res.statusCode, res.body).toBe(201)
    const admin = res.json() as { access_token: string; user_id: number }
    const auth = { authorization: `Bearer ${admin.access_token}` }
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/auth/user',
      headers: auth,
      payload: { password: 'correct horse battery' },
    })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ error: DELETE_ADMIN })
    expect(await t.db.prisma.user.count({ where: { id: admin.user_id, deletedAt: null } })).toBe(1)
    expect((await t.app.inject({ url: '/api/auth/user', headers: auth })).statusCode).toBe(200)
  })

  it('asks for the password; a wrong one changes nothing', async () => {
    const lifter = await registerUser(t.app)
    const res = await del(lifter, 'not my password')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ error: DELETE_WRONG_PASSWORD })
    expect((await t.app.inject({ url: '/api/auth/user', headers: lifter.auth })).statusCode).toBe(200)
    expect(await t.db.prisma.user.count({ where: { id: lifter.user_id } })).toBe(1)
  })

  it('removes an account without results entirely, with its entry, comment and reaction; its sessions end', async () => {
    const owner = await joinedLifter(t.app)
    const attemptId = await upload(owner, owner.challengeId)
    const fan = await registerUser(t.app, 'Fan Only')
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/join_competition',
          headers: fan.auth,
          payload: { competition_id: owner.challengeId, weight_class: '93kg' },
        })
      ).statusCode,
    ).toBe(201)
    await comment(fan, attemptId, 'Great depth!')
    await react(fan, attemptId)

    const res = await del(fan, fan.password)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ message: DELETED_ENTIRELY })
    expect(await t.db.prisma.user.count({ where: { id: fan.user_id } })).toBe(0)
    expect(await t.db.prisma.participant.count({ where: { challengeId: owner.challengeId } })).toBe(1)
    const counts = await t.db.prisma.engagementCount.findUnique({ where: { attemptId } })
    expect(counts).toMatchObject({ comments: 0, fire: 0 })
    expect((await t.app.inject({ url: '/api/auth/user', headers: fan.auth })).statusCode).toBe(401)
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: fan.refresh_token } })).statusCode,
    ).toBe(401)
    expect((await login(fan.email, fan.password)).statusCode).toBe(401)
  })

  it('keeps results under an anonymous name, without personal data or videos; organised challenges stay', async () => {
    const lifter = await joinedLifter(t.app)
    const attemptId = await upload(lifter, lifter.challengeId)
    const other = await registerUser(t.app, 'Other Lifter')
    const otherChallenge = await createChallenge(t.app, other.access_token)
    await comment(lifter, attemptId, 'My own words')
    await react(lifter, attemptId)
    const before = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: attemptId } })
    expect(before.originalKey).toBeTruthy()
    expect(await t.storage.stat(before.originalKey!)).not.toBeNull()
    writeFileSync(join(dir, 'avatar.jpg'), 'a stand-in avatar')
    await t.storage.putFile('avatars/mine.jpg', join(dir, 'avatar.jpg'))
    await t.db.prisma.user.update({
      where: { id: lifter.user_id },
      data: { country: 'NO', bio: 'Strong.', emailVerifiedAt: new Date(), avatarKey: 'avatars/mine.jpg' },
    })

    const res = await del(lifter, lifter.password)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ message: DELETED_KEPT_RESULTS })

    const row = await t.db.prisma.user.findUniqueOrThrow({ where: { id: lifter.user_id } })
    expect(row).toMatchObject({
      name: `Deleted lifter ${lifter.user_id}`,
      username: `~deleted-${lifter.user_id}`,
      country: null,
      bio: null,
      emailVerifiedAt: null,
    })
    expect(row.email).not.toContain('example.com')
    expect(row.deletedAt).not.toBeNull()
    // The result stays (its weight and place), its video does not.
    const after = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: attemptId } })
    expect(after).toMatchObject({ weight: 150, originalKey: null, posterKey: null })
    expect(await t.storage.stat(before.originalKey!)).toBeNull()
    expect(row.avatarKey).toBeNull()
    expect(await t.storage.stat('avatars/mine.jpg')).toBeNull()
    expect(await t.db.prisma.comment.count({ where: { userId: lifter.user_id } })).toBe(0)
    expect(await t.db.prisma.reaction.count({ where: { userId: lifter.user_id } })).toBe(0)
    // The challenge stays, without an organiser; the other organiser's is untouched.
    expect((await t.db.prisma.challenge.findUniqueOrThrow({ where: { id: lifter.challengeId } })).createdById).toBeNull()
    expect((await t.db.prisma.challenge.findUniqueOrThrow({ where: { id: otherChallenge } })).createdById).toBe(other.user_id)
    const page = await t.app.inject({ url: `/api/competitions/${lifter.challengeId}/participants` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(`Deleted lifter ${lifter.user_id}`)
    expect(page.body).not.toContain(lifter.email)

    // Every session ended; no way back in, by the old address or the anonymous username.
    expect((await t.app.inject({ url: '/api/auth/user', headers: lifter.auth })).statusCode).toBe(401)
    expect((await login(lifter.email, lifter.password)).statusCode).toBe(401)
    expect((await login(`~deleted-${lifter.user_id}`, lifter.password)).statusCode).toBe(401)
  })
})
