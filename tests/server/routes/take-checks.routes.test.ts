// Take checks over HTTP on a real server and database (docs/video-checks.md): the attempt's judges and the
// challenge's organiser read them (GET /attempts/:id/take-checks, and on the judge's queue); the lifter,
// another user and the public answers never see them.
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TakeChecks } from '../../../contract/index.ts'
import { createLifters, join, startLiveServer, type LiveTestServer } from '../../helpers/live.ts'

let t: LiveTestServer
beforeAll(async () => {
  t = await startLiveServer()
})
afterAll(async () => {
  await t?.close()
})

const CHECKS: TakeChecks = {
  flags: [{ kind: 'cut', at: 7.2, text: 'possible cut at 0:07' }],
  notes: [],
  created_at: null,
  checked_at: '2026-11-28T09:00:00.000Z',
}

async function get(path: string, token?: string) {
  const res = await fetch(`${t.url}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  return { status: res.status, text: await res.text() }
}

describe('take checks over HTTP', () => {
  it('the judges and the organiser read them; the lifter, a stranger and every public answer do not', async () => {
    const [organiser, judge, lifter, stranger] = await createLifters(t.db.prisma, t.config.jwtSecret, 4, 'Checks')
    const row = await t.db.prisma.challenge.create({
      data: {
        name: 'Checked Open',
        location: 'Gym',
        startDate: new Date(Date.now() - 86_400_000),
        endDate: new Date(Date.now() + 6 * 86_400_000),
        liftTypes: ['Squat'],
        weightClasses: ['83kg'],
        gender: 'M',
        createdById: organiser!.userId,
      },
    })
    expect((await join(t.url, lifter!, row.id)).status).toBe(201)
    const judgeName = (await t.db.prisma.user.findUniqueOrThrow({ where: { id: judge!.userId } })).username
    const panel = await fetch(`${t.url}/api/competitions/${row.id}/judges`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${organiser!.token}` },
      body: JSON.stringify({ usernames: [judgeName] }),
    })
    expect(panel.status).toBe(200)
    const participant = await t.db.prisma.participant.findFirstOrThrow({
      where: { challengeId: row.id, userId: lifter!.userId },
      include: { user: { select: { name: true } } },
    })
    const { attemptId } = await t.app.repos.attempts.record(
      participant,
      { liftType: 'squat', weight: 200 },
      (id) => `attempts/${id}/original.mp4`,
      async () => {},
    )

    expect(JSON.parse((await get(`/attempts/${attemptId}/take-checks`, judge!.token)).text)).toEqual({
      attempt_id: attemptId,
      take_checks: null,
    })
    await t.db.prisma.attempt.update({ where: { id: attemptId }, data: { takeChecks: CHECKS } })

    for (const viewer of [judge!, organiser!]) {
      const res = await get(`/attempts/${attemptId}/take-checks`, viewer.token)
      expect(res.status, res.text).toBe(200)
      // The organiser also reads the judges' plate checks (none cast yet).
      expect(JSON.parse(res.text)).toEqual({
        attempt_id: attemptId,
        take_checks: CHECKS,
        ...(viewer === organiser ? { load_checks: [] } : {}),
      })
    }
    const queue = JSON.parse((await get('/judge/queue', judge!.token)).text) as {
      attempts: Array<{ id: number; take_checks?: TakeChecks | null }>
    }
    expect(queue.attempts.find((a) => a.id === attemptId)?.take_checks).toEqual(CHECKS)

    for (const viewer of [lifter!, stranger!]) {
      expect(await get(`/attempts/${attemptId}/take-checks`, viewer.token)).toEqual({
        status: 403,
        text: JSON.stringify({ error: "Only the attempt's judges and the challenge's organiser see its take checks." }),
      })
    }
    expect((await get(`/attempts/${attemptId}/take-checks`)).status).toBe(401)
    expect((await get('/attempts/999999/take-checks', judge!.token)).status).toBe(404)

    const publicPaths = [
      `/competitions/${row.id}/lifts`,
      `/competitions/${row.id}/participants/${lifter!.userId}/attempts/${attemptId}`,
      `/competitions/${row.id}/participants/${lifter!.userId}`,
      `/competitions/${row.id}/participants`,
      '/random-video',
    ]
    for (const path of publicPaths) {
      for (const token of [undefined, lifter!.token]) {
        const res = await get(path, token)
        expect(res.status, path).toBe(200)
        expect(res.text, path).not.toMatch(/take_checks|possible cut/)
      }
    }

    // The plate check's contact sheet: its key is guessable, so only the signed URL of the judge's queue reads it.
    const sheetKey = `attempts/${attemptId}/plates.jpg`
    const file = joinPath(tmpdir(), `plates-${attemptId}.jpg`)
    writeFileSync(file, Buffer.from([0xff, 0xd8, 0xff, 0xd9]))
    await t.app.deps.storage.putFile(sheetKey, file)
    await t.db.prisma.attempt.update({ where: { id: attemptId }, data: { takeChecks: { ...CHECKS, contact_sheet_key: sheetKey } } })
    const plain = `/video/${encodeURIComponent(sheetKey)}`
    for (const token of [undefined, stranger!.token, lifter!.token, judge!.token]) {
      expect((await get(plain, token)).status, token ?? 'anonymous').toBe(404)
    }
    const desk = JSON.parse((await get('/judge/queue', judge!.token)).text) as {
      attempts: Array<{ id: number; contact_sheet_url?: string | null }>
    }
    const signed = desk.attempts.find((a) => a.id === attemptId)!.contact_sheet_url!
    expect(signed).toMatch(/^\/api\/video\/attempts%2F\d+%2Fplates\.jpg\?expires=\d+&signature=/)
    const sheet = await fetch(`${t.url}${signed}`)
    expect(sheet.status).toBe(200)
    expect(sheet.headers.get('cache-control')).toBe('private, max-age=3600')
    expect(Buffer.from(await sheet.arrayBuffer())).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))
    expect((await fetch(`${t.url}${signed.replace(/signature=[\w-]+/, 'signature=forged')}`)).status).toBe(404)
  })
})
