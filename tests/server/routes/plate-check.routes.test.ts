// The plate check's "load matches" over HTTP on a real server and database (docs/video-checks.md "The plate
// check"): the judge's vote carries it (or the no-lift reason "load does not match"), it is stored with the
// vote, and the challenge's organiser reads each judge's tick; a judge does not, and a contradiction is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLifters, join, startLiveServer, type LiveTestServer } from '../../helpers/live.ts'

let t: LiveTestServer
beforeAll(async () => {
  t = await startLiveServer()
})
afterAll(async () => {
  await t?.close()
})

const call = async (path: string, token: string, body?: unknown) => {
  const res = await fetch(`${t.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('the plate check over HTTP', () => {
  it('a vote carries "load matches" or the reason; stored with the vote; the organiser reads it, a judge does not', async () => {
    const [organiser, judge, lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 3, 'Plates')
    const row = await t.db.prisma.challenge.create({
      data: {
        name: 'Plate Open',
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
    const judgeUser = await t.db.prisma.user.findUniqueOrThrow({ where: { id: judge!.userId } })
    const panel = await fetch(`${t.url}/api/competitions/${row.id}/judges`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${organiser!.token}` },
      body: JSON.stringify({ usernames: [judgeUser.username] }),
    })
    expect(panel.status).toBe(200)
    const participant = await t.db.prisma.participant.findFirstOrThrow({
      where: { challengeId: row.id, userId: lifter!.userId },
      include: { user: { select: { name: true } } },
    })
    const record = async (weight: number) =>
      (
        await t.app.repos.attempts.record(
          participant,
          { liftType: 'squat', weight },
          (id) => `attempts/${id}/original.mp4`,
          async () => {},
        )
      ).attemptId

    const first = await record(182.5)
    // A good lift whose load does not match contradicts itself: refused, nothing stored.
    expect(await call(`/attempts/${first}/votes`, judge!.token, { good: true, load_matches: false })).toEqual({
      status: 400,
      body: { error: 'A load that does not match the declared weight is a no lift with the reason "load does not match".' },
    })
    expect((await call(`/attempts/${first}/votes`, judge!.token, { good: true, load_matches: true })).status).toBe(201)
    expect(await t.db.prisma.vote.findFirstOrThrow({ where: { attemptId: first } })).toMatchObject({ good: true, loadMatches: true })
    expect((await call(`/attempts/${first}/take-checks`, organiser!.token)).body.load_checks).toEqual([
      { judge: judgeUser.name, load_matches: true },
    ])
    expect((await call(`/attempts/${first}/take-checks`, judge!.token)).body).not.toHaveProperty('load_checks')

    const second = await record(190)
    const noLift = await call(`/attempts/${second}/votes`, judge!.token, { good: false, reason: 'load_mismatch' })
    expect(noLift.status).toBe(201)
    expect(await t.db.prisma.vote.findFirstOrThrow({ where: { attemptId: second } })).toMatchObject({ good: false, loadMatches: false })
    expect((await call(`/attempts/${second}/take-checks`, organiser!.token)).body.load_checks).toEqual([
      { judge: judgeUser.name, load_matches: false },
    ])
  })
})
