// The repositories' I/O contract with the services, on real PostgreSQL: a unique violation comes
// back as the domain's Refusal (409), a missing row as null (nothing written), and a Refusal the
// service throws inside a locked write rolls the whole write back, its reserved event number too.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../../infra/db.ts'
import { createAnnouncer } from '../../../infra/announcer.ts'
import { discardingPublisher } from '../../../infra/live-publisher.ts'
import { Refusal } from '../../../infra/refusal.ts'
import { ALREADY_JOINED } from '../../../infra/repositories/participants.repository.ts'
import { createRepositories, type Repositories } from '../../../infra/repositories/index.ts'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'

let database: TestDatabase
let db: Database
let repos: Repositories
beforeAll(async () => {
  database = await createTestDatabase()
  db = await openDatabase({ databaseUrl: database.url, dataDir: mkdtempSync(join(tmpdir(), 'liftarena-repos-')) }, { migrate: true })
  repos = createRepositories(db.prisma, discardingPublisher, '/api')
}, 120_000)
afterAll(async () => {
  await db?.close()
  await database?.drop()
})

let n = 0
async function user() {
  n += 1
  return repos.users.create({
    name: `Lifter ${n}`,
    email: `l${n}@example.com`,
    username: `lifter${n}`,
    passwordHash: 'x',
    country: null,
    weightClass: null,
    bio: null,
    sex: null,
  })
}
async function challenge(createdById: number) {
  return db.prisma.challenge.create({
    data: {
      name: 'Open',
      location: 'Gym',
      startDate: new Date(Date.now() + 86_400_000),
      endDate: new Date(Date.now() + 8 * 86_400_000),
      liftTypes: ['Squat'],
      weightClasses: [],
      createdById,
    },
  })
}
const roomSeq = async (challengeId: number) =>
  (await db.prisma.liveRoom.findUnique({ where: { room: `competition:${challengeId}` } }))?.seq ?? 0
const refusalOf = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof Refusal ? { code: error.code, message: error.message } : error),
  )

describe('repositories under the services', () => {
  it('answer a second account with the same email or username as a conflict', async () => {
    const first = await user()
    expect(
      await refusalOf(
        repos.users.create({
          name: 'Twin',
          email: first.email,
          username: 'twin',
          passwordHash: 'x',
          country: null,
          weightClass: null,
          bio: null,
          sex: null,
        }),
      ),
    ).toEqual({ code: 'conflict', message: 'An account with this email or username already exists. Log in instead.' })
  })

  it('answer a second join as a conflict, and write nothing for it', async () => {
    const lifter = await user()
    const { id } = await challenge(lifter.id)
    const entry = { userId: lifter.id, challengeId: id, weightClass: '83kg', gender: 'M', bodyweight: null }
    const answer = () => ({}) as never
    expect(await repos.participants.join(entry, false, answer)).toMatchObject({ count: 1 })
    const seq = await roomSeq(id)
    expect(await refusalOf(repos.participants.join(entry, false, answer))).toEqual({ code: 'conflict', message: ALREADY_JOINED })
    expect(await roomSeq(id)).toBe(seq)
    expect(await db.prisma.participant.count({ where: { challengeId: id } })).toBe(1)
  })

  it('roll a locked write back when the service refuses inside it; answer null for an entry or attempt that is not there', async () => {
    const lifter = await user()
    const { id } = await challenge(lifter.id)
    await repos.participants.join(
      { userId: lifter.id, challengeId: id, weightClass: '83kg', gender: 'M', bodyweight: null },
      false,
      () => ({}) as never,
    )
    const seq = await roomSeq(id)
    const refusal = new Refusal('conflict', 'not now')
    await expect(
      repos.participants.withEntryLocked(
        { userId: lifter.id, challengeId: id, answer: () => ({}) as never, forRemoval: true },
        async (entry) => {
          await entry.remove()
          throw refusal
        },
      ),
    ).rejects.toBe(refusal)
    expect(await db.prisma.participant.count({ where: { challengeId: id } })).toBe(1)
    expect(await roomSeq(id)).toBe(seq)
    const stranger = await user()
    expect(
      await repos.participants.withEntryLocked({ userId: stranger.id, challengeId: id, answer: () => ({}) as never }, async () => 'ran'),
    ).toBeNull()
    expect(await repos.judging.withAttemptLocked(2_000_000, async () => 'ran')).toBeNull()
    expect(await repos.judging.withPanelLocked(2_000_000, async () => 'ran')).toBeNull()
  })
})

describe('writes that meet on one attempt', () => {
  it("a transcode finishing while a judge's write holds the attempt waits for it: both land, none is aborted as a deadlock", async () => {
    const lifter = await user()
    const { id } = await challenge(lifter.id)
    const entry = await db.prisma.participant.create({ data: { userId: lifter.id, challengeId: id, weightClass: '83kg', gender: 'M' } })
    const attempt = await db.prisma.attempt.create({
      data: {
        participantId: entry.id,
        liftType: 'squat',
        attemptNumber: 1,
        weight: 100,
        status: 'pending',
        processingState: 'processing',
        originalKey: 'originals/x.mp4',
      },
    })
    const seq = await roomSeq(id)
    let finished: Promise<boolean> | undefined
    // The judge's write takes the room, lets the transcode start, then changes the attempt's row.
    const judged = repos.judging.withAttemptLocked(attempt.id, async (locked) => {
      finished = repos.attempts.markReady(attempt.id, { renditions: { '360p': 'renditions/x-360.mp4' }, posterKey: null })
      await new Promise((resolve) => setTimeout(resolve, 300))
      await locked.openAppeal('Depth looked high', new Date())
      return 'judged'
    })
    expect(await judged).toBe('judged')
    expect(await finished).toBe(true)
    const row = await db.prisma.attempt.findUniqueOrThrow({ where: { id: attempt.id } })
    expect(row).toMatchObject({ processingState: 'ready', appealState: 'open' })
    // One event each, numbered in turn: nothing reserved and lost.
    expect(await roomSeq(id)).toBe(seq + 2)
    // A finished attempt is not changed again, and nothing is announced for it.
    expect(await repos.attempts.markFailed(attempt.id, 'late')).toBe(false)
    expect(await roomSeq(id)).toBe(seq + 2)
  })
})

describe("a lifter's date of birth", () => {
  const answer = () => ({}) as never
  const fixed = new Refusal('conflict', 'has results')
  const noResults = (account: { hasResults: boolean }) => {
    if (account.hasResults) throw fixed
  }

  it('is announced to every entry room (locked in order of challenge id) and the boards', async () => {
    const lifter = await user()
    const ids = [(await challenge(lifter.id)).id, (await challenge(lifter.id)).id]
    for (const id of [...ids].reverse()) {
      await repos.participants.join(
        { userId: lifter.id, challengeId: id, weightClass: '83kg', gender: 'M', bodyweight: null },
        false,
        answer,
      )
    }
    const seqs = await Promise.all(ids.map(roomSeq))
    await repos.participants.setBirthDate(lifter.id, new Date('1980-05-05'), answer, noResults)
    expect(await Promise.all(ids.map(roomSeq))).toEqual(seqs.map((s) => s + 1))
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: lifter.id } })).birthDate).toEqual(new Date('1980-05-05'))
  })

  it('is refused when a result lands while it waits for the room: the check runs with the rooms held, nothing is written', async () => {
    const lifter = await user()
    const { id } = await challenge(lifter.id)
    await repos.participants.join({ userId: lifter.id, challengeId: id, weightClass: '83kg', gender: 'M', bodyweight: null }, false, answer)
    const entry = await db.prisma.participant.findFirstOrThrow({ where: { userId: lifter.id, challengeId: id } })
    const announcer = createAnnouncer(db.prisma, discardingPublisher)
    let locked!: () => void
    const roomHeld = new Promise<void>((resolve) => (locked = resolve))
    // A judge's write: holds the room, records a result, commits 300 ms later.
    const judged = announcer.write(async (tx, announce) => {
      await announce.lock(`competition:${id}`)
      await tx.attempt.create({ data: { participantId: entry.id, liftType: 'squat', attemptNumber: 1, weight: 100, status: 'completed' } })
      locked()
      await new Promise((resolve) => setTimeout(resolve, 300))
      await announce(`competition:${id}`, 'participant.updated', { competition_id: id, participant: {} as never })
    })
    await roomHeld
    const seq = (await roomSeq(id)) + 1 // the judge's event
    expect(await refusalOf(repos.participants.setBirthDate(lifter.id, new Date('1980-05-05'), answer, noResults))).toEqual({
      code: 'conflict',
      message: 'has results',
    })
    await judged
    expect(await roomSeq(id)).toBe(seq)
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: lifter.id } })).birthDate).toBeNull()
  })
})

describe('a write PostgreSQL aborts', () => {
  it('runs again after a deadlock or write conflict (nothing of it was written), and gives up after four tries; any other error at once', async () => {
    const announcer = createAnnouncer(db.prisma, discardingPublisher)
    const conflict = () => Object.assign(new Error('Transaction failed due to a write conflict or a deadlock.'), { code: 'P2034' })
    let runs = 0
    expect(
      await announcer.write(async () => {
        runs += 1
        if (runs < 3) throw conflict()
        return runs
      }),
    ).toBe(3)
    runs = 0
    await expect(
      announcer.write(async () => {
        runs += 1
        throw conflict()
      }),
    ).rejects.toMatchObject({ code: 'P2034' })
    expect(runs).toBe(4)
    runs = 0
    await expect(
      announcer.write(async () => {
        runs += 1
        throw new Refusal('conflict', 'no')
      }),
    ).rejects.toBeInstanceOf(Refusal)
    expect(runs).toBe(1)
  })
})
