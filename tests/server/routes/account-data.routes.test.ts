// GET /auth/user/data: a lifter downloads everything stored about their account (docs/accounts.md),
// and nothing of anyone else's.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AccountDataExport } from '../../../contract/index.ts'
import { joinedLifter, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { makeClip, multipartForm } from '../../helpers/clips.ts'

describe('GET /auth/user/data', () => {
  let t: TestApp
  let dir: string
  let clip: Buffer
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'liftarena-account-data-'))
    ;[t, clip] = await Promise.all([
      startTestApp(),
      makeClip(dir, 'lift.mp4', { width: 320, height: 240, seconds: 1 }).then((p) => readFileSync(p)),
    ])
  })
  afterAll(async () => {
    await t?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it("answers the account's entries, attempts, challenges, comments and reactions as a download, and nobody else's data", async () => {
    const lifter = await joinedLifter(t.app)
    const other = await registerUser(t.app, 'Someone Else')
    const form = multipartForm(
      { lift_type: 'squat', weight: 150, competition_id: lifter.challengeId },
      [{ filename: 'lift.mp4', data: clip }],
      'fields-first',
    )
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...lifter.auth, ...form.headers },
      payload: form.payload,
    })
    expect(upload.statusCode, upload.body).toBe(201)
    const attemptId = (upload.json() as { attempt_id: number }).attempt_id
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/attempts/${attemptId}/comments`,
          headers: lifter.auth,
          payload: { text: 'Felt light.' },
        })
      ).statusCode,
    ).toBe(201)
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/attempts/${attemptId}/comments`,
          headers: other.auth,
          payload: { text: 'Not mine to export.' },
        })
      ).statusCode,
    ).toBe(201)

    const res = await t.app.inject({ url: '/api/auth/user/data', headers: lifter.auth })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="liftarena-[a-z0-9]+\.json"$/)
    expect(res.headers['cache-control']).toBe('no-store')
    const data = res.json() as AccountDataExport
    expect(data.format).toBe('liftarena-account-data/1')
    expect(data.account).toMatchObject({ id: lifter.user_id, email: lifter.email })
    expect(data.entries).toHaveLength(1)
    expect(data.entries[0]).toMatchObject({ competition_id: lifter.challengeId, weight_class: '83kg' })
    expect(data.entries[0]!.attempts).toEqual([
      expect.objectContaining({ id: attemptId, lift_type: 'squat', weight: 150, status: 'pending' }),
    ])
    expect(data.organised.map((c) => c.id)).toEqual([lifter.challengeId])
    expect(data.comments.map((c) => c.text)).toEqual(['Felt light.'])
    expect(res.body).not.toMatch(/password|argon2|Not mine to export|Someone Else/i)
  })

  it('needs a signed-in account', async () => {
    expect((await t.app.inject({ url: '/api/auth/user/data' })).statusCode).toBe(401)
  })
})
