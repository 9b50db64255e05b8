// Take checks over HTTP on a real server and database (docs/video-checks.md): the attempt's judges and the
// challenge's organiser read them (GET /attempts/:id/take-checks, and on the judge's queue); the lifter,
// another user and the public answers never see them.
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
    const row = await t.db.prisma.competition.create({
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
      where: { competitionId: row.id, userId: lifter!.userId },
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
  })
})
