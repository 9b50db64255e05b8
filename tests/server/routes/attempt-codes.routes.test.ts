// Attempt codes on a real server and database (contract/attempt-codes.ts): a meet declaration answers the lifter
// with a code, declaring the same attempt again keeps it, the next attempt gets another; the room's event and the
// public cards never carry it; the judge's queue shows it beside the attempt; "code not shown" is a no-lift reason.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAttemptCode, type Declaration, type QueuedAttempt } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { makeClip, multipartForm } from '../../helpers/clips.ts'
import { certifiedPanel } from '../../helpers/judging.ts'

let t: TestApp
let clipDir: string
let clip: Buffer

beforeAll(async () => {
  clipDir = mkdtempSync(join(tmpdir(), 'liftarena-codes-'))
  ;[t, clip] = await Promise.all([
    startTestApp({
      env: { RATE_LIMIT_UPLOAD_PER_MINUTE: '1000', RATE_LIMIT_ENTRIES_PER_MINUTE: '1000' },
      queue: { enqueue: async () => {}, close: async () => {} },
    }),
    makeClip(clipDir, 'lift.mp4', { width: 320, height: 240, seconds: 1 }).then((p) => readFileSync(p)),
  ])
})
afterAll(async () => {
  await t?.close()
  if (clipDir) rmSync(clipDir, { recursive: true, force: true })
})

describe('attempt codes', () => {
  it('come with each declaration to the lifter and to the judges with the video, never to the room', async () => {
    const organiser = await registerUser(t.app, 'Code Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { format: 'meet', name: 'Code Meet' })
    const panel = await certifiedPanel(t, organiser, id)
    const lifter = await registerUser(t.app, 'Code Lifter')
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/join_competition',
          headers: lifter.auth,
          payload: { competition_id: id, weight_class: '83kg' },
        })
      ).statusCode,
    ).toBe(201)
    const declare = async (lift: string, weight: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/competitions/${id}/declarations`,
        headers: lifter.auth,
        payload: { lift_type: lift, weight },
      })
      expect(res.statusCode, res.body).toBe(201)
      return (res.json() as { declaration: Declaration }).declaration
    }
    const first = await declare('squat', 180)
    expect(isAttemptCode(first.code!), first.code).toBe(true)
    expect((await declare('squat', 182.5)).code).toBe(first.code)
    const opener = await declare('deadlift', 200)
    expect(opener.code).not.toBe(first.code)

    const mine = await t.app.inject({ url: `/api/competitions/${id}/declarations/mine`, headers: lifter.auth })
    expect((mine.json() as { declarations: Declaration[] }).declarations.map((d) => [d.lift_type, d.attempt_number, d.code])).toEqual([
      ['deadlift', 1, opener.code],
      ['squat', 1, first.code],
    ])
    const other = await t.app.inject({ url: `/api/competitions/${id}/declarations/mine`, headers: panel.judges[0]!.auth })
    expect([other.statusCode, other.json()]).toEqual([403, { error: 'Join this challenge before declaring an attempt.' }])

    const events = await t.db.prisma.liveEvent.findMany({ where: { room: `competition:${id}`, type: 'attempt.declared' } })
    expect(events).toHaveLength(3)
    for (const e of events) expect(JSON.stringify(e.payload)).not.toContain(first.code!)
    const cards = await t.app.inject({ url: `/api/competitions/${id}/cards` })
    expect(cards.statusCode).toBe(200)
    expect(cards.body).not.toContain(first.code!)

    const form = multipartForm({ lift_type: 'squat', weight: 182.5, competition_id: id }, [{ filename: 'lift.mp4', data: clip }])
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...lifter.auth, ...form.headers },
      payload: form.payload,
    })
    expect(up.statusCode, up.body).toBe(201)
    const attemptId = (up.json() as { attempt_id: number }).attempt_id
    const queue = (await t.app.inject({ url: '/api/judge/queue', headers: panel.judges[0]!.auth })).json() as { attempts: QueuedAttempt[] }
    expect(queue.attempts.find((a) => a.id === attemptId)?.attempt_code).toBe(first.code)
    for (const url of [`/api/competitions/${id}/lifts`, `/api/competitions/${id}/participants/${lifter.user_id}/attempts/${attemptId}`]) {
      const res = await t.app.inject({ url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).not.toContain(first.code!)
    }

    const vote = await t.app.inject({
      method: 'POST',
      url: `/api/attempts/${attemptId}/votes`,
      headers: panel.judges[0]!.auth,
      payload: { good: false, reason: 'code_not_shown' },
    })
    expect(vote.statusCode, vote.body).toBe(201)
  })
})
