// A registration import's preview over the API against PostgreSQL (docs/registration-import.md): the
// organiser's CSV before the start, each row ready (entering an account, or inviting an address) or named
// with its reason; a hostile file refused whole; nobody else may preview, nor after the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegistrationImportPreview } from '../../../contract/index.ts'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../../helpers/app.ts'

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(async () => {
  await t?.close()
})

type User = Awaited<ReturnType<typeof registerUser>>
const preview = (user: User, id: number, csv: string) =>
  t.app.inject({ method: 'POST', url: `/api/competitions/${id}/entries/import/preview`, headers: user.auth, payload: { csv } })

describe('registration import preview', () => {
  it('names every bad row and tells what the import would do with the good ones', async () => {
    const organiser = await registerUser(t.app, 'Import Organiser')
    const later = { start: 3, end: 9 }
    const id = await createChallenge(t.app, organiser.access_token, { weightclasses: ['83kg', '93kg'] }, later)
    const known = await registerUser(t.app, 'Known Lifter')
    const entered = await registerUser(t.app, 'Entered Lifter')
    const email = async (u: User) => (await t.db.prisma.user.findUniqueOrThrow({ where: { id: u.user_id } })).email
    // One account has entered already.
    await t.db.prisma.participant.create({ data: { challengeId: id, userId: entered.user_id, weightClass: '83kg', gender: 'M' } })
    const csv = [
      'Name,Sex,BirthDate,WeightClassKg,Equipment,Team,Email',
      `Known Lifter,M,1995-03-02,83kg,Raw,Iron Club,${(await email(known)).toUpperCase()}`,
      'New Lifter,M,,93kg,,,new.lifter@example.org',
      `Entered Lifter,M,,83kg,,,${await email(entered)}`,
      'Too Heavy,M,,105kg,,,heavy@example.org',
      'Suited,M,,93kg,equipped,,suited@example.org',
      '"=cmd|\' /C calc\'!A0",M,,83kg,,,evil@example.org',
      'No Mail,M,,83kg,,,',
    ].join('\r\n')
    const res = await preview(organiser, id, csv)
    expect(res.statusCode, res.body).toBe(200)
    const answer = res.json() as RegistrationImportPreview
    expect(answer.entrants.map((e) => [e.row, e.name, e.action, e.team])).toEqual([
      // Known or not, the same answer: a preview does not tell which addresses have accounts.
      [2, 'Known Lifter', 'enter_or_invite', 'Iron Club'],
      [3, 'New Lifter', 'enter_or_invite', null],
    ])
    expect(answer.problems).toEqual([
      { row: 4, error: `${await email(entered)} has entered this challenge already.` },
      { row: 5, error: "weight_class must be one of this challenge's: 83kg, 93kg." },
      { row: 6, error: 'equipment must be classic: this challenge has no equipped division.' },
      { row: 7, error: 'name starts with "=", as a spreadsheet formula does: such cells are refused.' },
      { row: 8, error: 'email is empty: an entry is an account, found or invited by its address.' },
    ])
    // Nothing was written.
    expect(await t.db.prisma.participant.count({ where: { challengeId: id } })).toBe(1)

    // A hostile file is refused whole; only the organiser previews.
    const hostile = await preview(organiser, id, 'name,sex,weight_class\n"never closed,M,83kg')
    expect([hostile.statusCode, hostile.json().error]).toEqual([400, 'The file is not valid CSV: a quoted cell is never closed.'])
    // A division the row's birth date does not give is refused, as a join would refuse it.
    const divisions = await preview(
      organiser,
      id,
      'name,sex,birth_date,weight_class,division,email\nOld Junior,M,1970-01-01,83kg,junior,oj@example.org',
    )
    expect(divisions.statusCode, divisions.body).toBe(200)
    expect((divisions.json() as RegistrationImportPreview).problems).toEqual([
      { row: 2, error: expect.stringMatching(/^division junior is not one this lifter is in at the challenge's start: /) },
    ])
    // A file of 400 rows (over the app's default 8 KiB body) is read; one over the file cap is refused with its sentence,
    // and a body over the route's limit answers 413 before it is parsed.
    const many = ['name,sex,weight_class,email', ...Array.from({ length: 400 }, (_, i) => `Lifter ${i},M,83kg,many${i}@example.org`)]
    const big = await preview(organiser, id, many.join('\r\n'))
    expect(big.statusCode, big.body).toBe(200)
    expect((big.json() as RegistrationImportPreview).entrants).toHaveLength(400)
    const over = await preview(organiser, id, 'x'.repeat(200 * 1024))
    expect([over.statusCode, over.json().error]).toEqual([400, 'csv must be at most 131072 characters.'])
    const huge = await preview(organiser, id, 'x'.repeat(300 * 1024))
    expect(huge.statusCode).toBe(413)
    expect(typeof huge.json().error).toBe('string')
    const stranger = await preview(known, id, csv)
    expect([stranger.statusCode, stranger.json().error]).toEqual([403, "Only this challenge's organiser may import its entries."])
  })

  it('refuses after the start', async () => {
    const organiser = await registerUser(t.app, 'Late Organiser')
    const id = await createChallenge(t.app, organiser.access_token)
    const res = await preview(organiser, id, 'name,sex,weight_class\nA,M,83kg')
    expect([res.statusCode, res.json().error]).toEqual([409, 'Entries are imported before the challenge starts: this one has started.'])
  })
})
