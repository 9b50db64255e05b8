// Site moderation beyond bans (docs/moderation.md) against PostgreSQL and the media store: a video taken down
// anywhere (files gone, result kept, room told), the site-wide reports queue, dismissing reports; each in the audit log.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ModerationLog, ReportsQueue } from '../../../contract/index.ts'
import { VIDEO_TAKEN_DOWN } from '../../../infra/repositories/moderation.repository.ts'
import { NO_VIDEO } from '../../../server/services/moderation.service.ts'
import { joinedLifter, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { makeClip, multipartForm } from '../../helpers/clips.ts'

type Lifter = Awaited<ReturnType<typeof registerUser>>

describe('site moderation: videos and the reports queue', () => {
  let t: TestApp
  let dir: string
  let clip: Buffer
  let admin: { authorization: string }
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'liftarena-site-moderation-'))
    ;[t, clip] = await Promise.all([
      startTestApp({ env: { ADMIN_USERNAMES: 'siteadmin' } }),
      makeClip(dir, 'lift.mp4', { width: 320, height: 240, seconds: 1 }).then((p) => readFileSync(p)),
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Site Admin', username: 'siteadmin', email: 'siteadmin@example.com', password: 'correct horse battery' },
    })
    admin = { authorization: `Bearer ${(res.json() as { access_token: string }).access_token}` }
  })
  afterAll(async () => {
    await t?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  async function upload(who: Lifter & { challengeId: number }) {
    const form = multipartForm(
      { lift_type: 'squat', weight: 140, competition_id: who.challengeId },
      [{ filename: 'lift.mp4', data: clip }],
      'fields-first',
    )
    const res = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...who.auth, ...form.headers }, payload: form.payload })
    expect(res.statusCode, res.body).toBe(201)
    return (res.json() as { attempt_id: number }).attempt_id
  }
  const log = async () => ((await t.app.inject({ url: '/api/admin/moderation', headers: admin })).json() as ModerationLog).actions

  it('takes a video down anywhere: files deleted, result kept, room told, logged; only an administrator may', async () => {
    const lifter = await joinedLifter(t.app)
    const attemptId = await upload(lifter)
    const before = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: attemptId } })
    expect(await t.storage.stat(before.originalKey!)).not.toBeNull()
    const url = `/api/admin/attempts/${attemptId}/video/remove`
    expect((await t.app.inject({ method: 'POST', url, headers: lifter.auth, payload: { reason: 'mine' } })).statusCode).toBe(403)

    const res = await t.app.inject({ method: 'POST', url, headers: admin, payload: { reason: 'Not a lift: an advert' } })
    expect(res.statusCode, res.body).toBe(200)
    const after = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: attemptId } })
    expect(after).toMatchObject({
      weight: 140,
      originalKey: null,
      posterKey: null,
      processingState: 'failed',
      processingError: VIDEO_TAKEN_DOWN,
    })
    expect(await t.storage.stat(before.originalKey!)).toBeNull()
    const events = await t.db.prisma.liveEvent.findMany({ where: { room: `competition:${lifter.challengeId}`, type: 'attempt.updated' } })
    const lifts = events.map((e) => (e.payload as { attempt: { id: number; video_url: string | null } }).attempt)
    expect(lifts.at(-1)).toMatchObject({ id: attemptId, video_url: null })
    expect((await log())[0]).toMatchObject({
      action: 'remove_video',
      target_type: 'attempt',
      target_id: attemptId,
      admin: 'siteadmin',
      reason: 'Not a lift: an advert',
    })

    const again = await t.app.inject({ method: 'POST', url, headers: admin, payload: { reason: 'again' } })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ error: NO_VIDEO })
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/attempts/999999/video/remove', headers: admin, payload: { reason: 'x' } }))
        .statusCode,
    ).toBe(404)
  })

  it('lists reported comments across challenges, most reported first; removing or dismissing takes them off', async () => {
    const a = await joinedLifter(t.app)
    const b = await joinedLifter(t.app)
    const attemptA = await upload(a)
    const attemptB = await upload(b)
    const reporterOne = await registerUser(t.app, 'Reporter One')
    const reporterTwo = await registerUser(t.app, 'Reporter Two')
    const comment = async (who: Lifter, attemptId: number, text: string) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/attempts/${attemptId}/comments`, headers: who.auth, payload: { text } })
      expect(res.statusCode).toBe(201)
      return (res.json() as { comment: { id: number } }).comment.id
    }
    const report = async (who: Lifter, id: number) =>
      expect((await t.app.inject({ method: 'POST', url: `/api/comments/${id}/reports`, headers: who.auth })).statusCode).toBeLessThan(300)
    const spam = await comment(a, attemptB, 'buy cheap pills')
    const rude = await comment(b, attemptA, 'you lift like a fish')
    await comment(b, attemptA, 'nice lift')
    await report(reporterOne, spam)
    await report(reporterTwo, spam)
    await report(reporterOne, rude)

    const queue = async () => ((await t.app.inject({ url: '/api/admin/reports', headers: admin })).json() as ReportsQueue).reports
    expect((await t.app.inject({ url: '/api/admin/reports', headers: a.auth })).statusCode).toBe(403)
    const listed = await queue()
    expect(listed.map((r) => [r.comment_id, r.reports, r.competition_id])).toEqual([
      [spam, 2, b.challengeId],
      [rude, 1, a.challengeId],
    ])
    expect(listed[0]).toMatchObject({ text: 'buy cheap pills', author_name: 'Test Lifter', attempt_id: attemptB })

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/comments/${spam}/remove`, headers: admin, payload: { reason: 'Spam' } }))
        .statusCode,
    ).toBe(200)
    const dismiss = await t.app.inject({
      method: 'POST',
      url: `/api/admin/comments/${rude}/reports/dismiss`,
      headers: admin,
      payload: { reason: 'Banter' },
    })
    expect(dismiss.statusCode, dismiss.body).toBe(200)
    expect(await queue()).toEqual([])
    expect(await t.db.prisma.comment.count({ where: { id: rude } })).toBe(1)
    expect((await log()).slice(0, 2).map((e) => e.action)).toEqual(['dismiss_reports', 'remove_comment'])
  })
})
