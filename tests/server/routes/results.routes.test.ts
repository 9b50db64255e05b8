// A finished meet exported as OpenPowerlifting's files (docs/exports.md), read back column by column;
// refused before the end and for an open challenge. Attempts are written as the judges left them
// (the meet's play through uploads and votes is tests/server/routes/meets.routes.test.ts's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { NOT_ENDED, OPEN_FORMAT } from '../../../server/services/results-export.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

const parse = (text: string) => {
  const [header, ...rows] = text
    .trimEnd()
    .split('\n')
    .map((line) => line.split(','))
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])))
}

type Result = 'completed' | 'failed'
async function lifter(
  challengeId: number,
  name: string,
  weightClass: string,
  bodyweight: number,
  attempts: Record<string, [number, Result][]>,
) {
  const u = await registerUser(t.app, name)
  const join = await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: u.auth,
    payload: { competition_id: challengeId, weight_class: weightClass },
  })
  expect(join.statusCode, join.body).toBe(201)
  const participant = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: u.user_id } })
  await t.db.prisma.participant.update({ where: { id: participant.id }, data: { bodyweight } })
  for (const [liftType, list] of Object.entries(attempts)) {
    for (const [i, [weight, status]] of list.entries()) {
      await t.db.prisma.attempt.create({
        data: { participantId: participant.id, liftType, weight, status, attemptNumber: i + 1, decidedAt: new Date(), decidedBy: 'panel' },
      })
    }
  }
}

describe('GET /competitions/:id/results.csv?format=openpowerlifting', () => {
  it('writes a finished meet: places, no lifts negated, a bomb-out as DQ, classes as 83 / 93', async () => {
    const organiser = await registerUser(t.app, 'Export Organiser')
    const id = await createChallenge(t.app, organiser.access_token, { format: 'meet', name: '2026 Autumn Classic' })
    await lifter(id, 'Ada Export', '83kg', 82.4, {
      squat: [
        [200, 'completed'],
        [210, 'failed'],
        [210, 'completed'],
      ],
      bench: [
        [130, 'completed'],
        [135, 'completed'],
        [140, 'failed'],
      ],
      deadlift: [
        [240, 'completed'],
        [250, 'completed'],
        [260, 'failed'],
      ],
    })
    await lifter(id, 'Ben Export', '83kg', 80.1, {
      squat: [
        [190, 'completed'],
        [200, 'completed'],
        [205, 'completed'],
      ],
      bench: [
        [120, 'completed'],
        [125, 'failed'],
        [125, 'failed'],
      ],
      deadlift: [
        [230, 'completed'],
        [240, 'failed'],
        [240, 'failed'],
      ],
    })
    await lifter(id, 'Cy Export', '93kg', 90, {
      squat: [
        [220, 'failed'],
        [220, 'failed'],
        [220, 'failed'],
      ],
      bench: [[150, 'completed']],
    })

    const early = await t.app.inject({ url: `/api/competitions/${id}/results.csv?format=openpowerlifting` })
    expect(early.statusCode).toBe(409)
    expect(early.json().error).toBe(NOT_ENDED((await t.db.prisma.challenge.findUniqueOrThrow({ where: { id } })).endDate))

    await t.db.prisma.challenge.update({ where: { id }, data: { endDate: new Date(Date.now() - 60_000) } })
    const res = await t.app.inject({ url: `/api/competitions/${id}/results.csv?format=openpowerlifting` })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="2026-autumn-classic-openpowerlifting-entries.csv"')
    expect(res.body).not.toContain('"')
    const rows = parse(res.body)
    expect(rows.map((r) => [r.Name, r.Place, r.WeightClassKg, r.TotalKg])).toEqual([
      ['Ada Export', '1', '83', '595'],
      ['Ben Export', '2', '83', '555'],
      ['Cy Export', 'DQ', '93', ''],
    ])
    expect(rows[0]).toMatchObject({
      Sex: 'M',
      Equipment: 'Raw',
      Division: 'Open',
      Event: 'SBD',
      BodyweightKg: '82.4',
      Squat1Kg: '200',
      Squat2Kg: '-210',
      Squat3Kg: '210',
      Best3SquatKg: '210',
      Bench3Kg: '-140',
      Best3BenchKg: '135',
      Deadlift3Kg: '-260',
    })
    expect(rows[2]).toMatchObject({ Squat1Kg: '-220', Best3SquatKg: '', Bench1Kg: '150', Bench2Kg: '', Deadlift1Kg: '' })

    const meet = await t.app.inject({ url: `/api/competitions/${id}/results.csv?format=openpowerlifting&file=meet` })
    expect(parse(meet.body)).toEqual([
      {
        Federation: '',
        Date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        MeetCountry: '',
        MeetState: '',
        MeetTown: 'Test Gym',
        MeetName: 'Autumn Classic',
      },
    ])
  })

  it('refuses an open challenge, an unknown one and another format', async () => {
    const organiser = await registerUser(t.app, 'Open Organiser')
    const id = await createChallenge(t.app, organiser.access_token, {}, { start: -3, end: -1 })
    const open = await t.app.inject({ url: `/api/competitions/${id}/results.csv?format=openpowerlifting` })
    expect(open.statusCode).toBe(409)
    expect(open.json()).toEqual({ error: OPEN_FORMAT })
    expect((await t.app.inject({ url: '/api/competitions/999999/results.csv?format=openpowerlifting' })).statusCode).toBe(404)
    const other = await t.app.inject({ url: `/api/competitions/${id}/results.csv?format=excel` })
    expect(other.statusCode).toBe(400)
    expect(other.json().error).toMatch(/format/)
  })
})
