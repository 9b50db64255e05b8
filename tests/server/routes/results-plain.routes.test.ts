// Any challenge's results as a plain CSV of every attempt and a JSON document (docs/exports.md):
// an open weightlifting challenge here, a name that would run as a spreadsheet formula, 409 before the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ResultsDocument } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'
import { NOT_ENDED } from '../../../server/services/results-export.service.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

async function lifter(challengeId: number, name: string, attempts: [string, number, 'completed' | 'failed'][]) {
  const u = await registerUser(t.app, name)
  const join = await t.app.inject({
    method: 'POST',
    url: '/api/join_competition',
    headers: u.auth,
    payload: { competition_id: challengeId, weight_class: '83kg', bodyweight: 81 },
  })
  expect(join.statusCode, join.body).toBe(201)
  const participant = await t.db.prisma.participant.findFirstOrThrow({ where: { challengeId, userId: u.user_id } })
  for (const [i, [liftType, weight, status]] of attempts.entries()) {
    await t.db.prisma.attempt.create({
      data: { participantId: participant.id, liftType, weight, status, attemptNumber: i + 1, decidedAt: new Date(), decidedBy: 'panel' },
    })
  }
  return u
}

describe('GET /competitions/:id/results.csv?format=csv|json', () => {
  it('an ended weightlifting challenge: every attempt, the formula guard, quoting, and the JSON document', async () => {
    const organiser = await registerUser(t.app, 'Plain Organiser')
    const id = await createChallenge(t.app, organiser.access_token, {
      name: 'Snatch, Clean & Jerk Open',
      lifttypes: ['Snatch', 'Clean & Jerk'],
    })
    const formula = await lifter(id, 'Mallory', [
      ['snatch', 100, 'completed'],
      ['clean_and_jerk', 130, 'completed'],
    ])
    await t.db.prisma.user.update({ where: { id: formula.user_id }, data: { name: '=HYPERLINK("http://evil", "x")' } })
    await lifter(id, 'Ben Plain', [
      ['snatch', 90, 'completed'],
      ['clean_and_jerk', 120, 'failed'],
    ])

    const early = await t.app.inject({ url: `/api/competitions/${id}/results.csv?format=csv` })
    expect(early.statusCode).toBe(409)
    expect(early.json().error).toBe(NOT_ENDED((await t.db.prisma.challenge.findUniqueOrThrow({ where: { id } })).endDate))
    expect((await t.app.inject({ url: `/api/competitions/${id}/results.csv?format=json` })).statusCode).toBe(409)

    await t.db.prisma.challenge.update({ where: { id }, data: { endDate: new Date(Date.now() - 60_000) } })
    const csv = await t.app.inject({ url: `/api/competitions/${id}/results.csv?format=csv` })
    expect(csv.statusCode, csv.body).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe('attachment; filename="snatch-clean-jerk-open-attempts.csv"')
    const lines = csv.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe(
      'Place,Name,UserId,Sex,WeightClass,BodyweightKg,Country,Team,Lift,Attempt,WeightKg,Result,Verified,DecidedBy,DecidedAt,TotalKg,Points',
    )
    expect(lines).toHaveLength(5)
    // No cell starts with a formula character; the name keeps its comma inside quotes.
    expect(csv.body).not.toMatch(/(^|,)[=+\-@]/m)
    expect(lines[1]).toMatch(/^1,"HYPERLINK\(""http:\/\/evil"", ""x""\)",\d+,M,83kg,81,,,snatch,1,100,good,no,panel,/)
    expect(lines[2]).toMatch(/,clean_and_jerk,2,130,good,no,panel,[^,]+,230,/)
    expect(lines[4]).toMatch(/^,Ben Plain,\d+,M,83kg,81,,,clean_and_jerk,2,120,no_lift,/)

    const json = await t.app.inject({ url: `/api/competitions/${id}/results.csv?format=json` })
    expect(json.statusCode, json.body).toBe(200)
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8')
    const doc = json.json() as ResultsDocument
    expect(doc.competition).toMatchObject({ id, name: 'Snatch, Clean & Jerk Open', lifts: ['clean_and_jerk', 'snatch'], format: 'open' })
    expect(doc.lifters.map((l) => [l.name, l.place, l.total, l.best])).toEqual([
      ['=HYPERLINK("http://evil", "x")', 1, 230, { snatch: 100, clean_and_jerk: 130 }],
      ['Ben Plain', null, null, { snatch: 90 }],
    ])
  })
})
