// The entry rules (join, leave, bodyweight) against in-memory repositories: one challenge, its
// entries and their attempts as plain objects; a refusal inside a locked write changes nothing.
import { describe, expect, it } from 'vitest'
import type { Participant } from '../../contract/index.ts'
import type { ChallengeRow } from '../../infra/repositories/challenges.repository.ts'
import type { LockedEntry, ParticipantRow } from '../../infra/repositories/participants.repository.ts'
import { Refusal, statusOf } from '../errors.ts'
import { LEAVE_REFUSED, assertCanJoin, createEntriesService, NOT_JOINED, type EntriesDeps } from './entries.service.ts'
import { VERIFIED_REQUIRED } from './email-verification.service.ts'

const DAY = 86_400_000
const NOW = new Date('2030-03-01T12:00:00Z')

function challenge(over: Partial<ChallengeRow> = {}): ChallengeRow {
  return {
    id: 5,
    name: 'Spring Open',
    location: 'Gym',
    description: '',
    image: null,
    createdAt: NOW,
    createdById: 1,
    gender: 'M',
    ranking: 'class',
    liftTypes: ['Squat', 'Bench Press', 'Deadlift'],
    weightClasses: ['83kg', '93kg'],
    judgesMayLift: false,
    publishJudgeNames: false,
    startDate: new Date(NOW.getTime() + DAY),
    endDate: new Date(NOW.getTime() + 8 * DAY),
    _count: { participants: 0 },
    ...over,
  } as ChallengeRow
}

function fakes(row = challenge()) {
  const entries = new Map<number, { weightClass: string; gender: string; bodyweight: number | null; attempts: { judged: boolean }[] }>()
  const sexes = new Map<number, string | null>([
    [7, null],
    [8, 'F'],
  ])
  const judges = new Set<number>()
  const verified = new Set<number>()
  const rowOf = (userId: number) =>
    ({
      userId,
      challengeId: row.id,
      weightClass: entries.get(userId)!.weightClass,
      user: { name: `User ${userId}`, country: null },
      attempts: [],
      joinedAt: NOW,
      gender: entries.get(userId)!.gender,
      bodyweight: entries.get(userId)!.bodyweight,
    }) as unknown as ParticipantRow
  const deps: EntriesDeps = {
    apiBase: '/api',
    now: () => NOW,
    challenges: { find: async (id) => (id === row.id ? row : null) },
    judging: { isJudge: async (_id, userId) => judges.has(userId) },
    users: { find: async (id) => (sexes.has(id) ? { sex: sexes.get(id) ?? null, emailVerifiedAt: verified.has(id) ? NOW : null } : null) },
    participants: {
      async join(data, setsAccountSex, answer) {
        if (setsAccountSex) {
          if (sexes.get(data.userId) === null) sexes.set(data.userId, data.gender)
          if (sexes.get(data.userId) !== data.gender) return null
        }
        if (entries.has(data.userId)) throw new Refusal('conflict', 'You have already joined this challenge.')
        entries.set(data.userId, { weightClass: data.weightClass, gender: data.gender, bodyweight: data.bodyweight, attempts: [] })
        return { participant: answer(rowOf(data.userId)), count: entries.size }
      },
      findLifter: async (userId) => (entries.has(userId) ? { weightClass: entries.get(userId)!.weightClass } : null),
      async withEntryLocked(entry, work) {
        const found = entries.get(entry.userId)
        if (!found) return null
        const before = structuredClone(found)
        const locked: LockedEntry = {
          attempts: async () => found.attempts.length,
          judgedAttempts: async () => found.attempts.filter((a) => a.judged).length,
          async setBodyweight(bodyweight) {
            found.bodyweight = bodyweight
            return { ...entry.answer(rowOf(entry.userId)), bodyweight } as Participant
          },
          async remove() {
            entries.delete(entry.userId)
            return { count: entries.size, weightClass: found.weightClass }
          },
        }
        try {
          return await work(locked)
        } catch (error) {
          entries.set(entry.userId, before)
          throw error
        }
      },
    },
  }
  return { deps, entries, sexes, judges, verified }
}

const refused = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof Refusal ? { status: statusOf(error), error: error.message } : error),
  )

describe('the entries service', () => {
  it('lets only verified addresses join a challenge whose organiser requires them, with the sentence', async () => {
    const { deps, entries, verified } = fakes(challenge({ requireVerifiedEmail: true }))
    const service = createEntriesService(deps)
    expect(await refused(service.join(7, { competition_id: 5, weight_class: '83kg' }))).toEqual({ status: 403, error: VERIFIED_REQUIRED })
    expect(entries.size).toBe(0)
    verified.add(7)
    await service.join(7, { competition_id: 5, weight_class: '83kg' })
    expect(entries.has(7)).toBe(true)
  })

  it("joins in one of the challenge's classes, once; a first join sets the account's sex", async () => {
    const { deps, entries, sexes } = fakes()
    const service = createEntriesService(deps)
    expect(await refused(service.join(7, { competition_id: 5, weight_class: '59kg' }))).toMatchObject({
      status: 400,
      error: expect.stringContaining('83kg, 93kg'),
    })
    const joined = await service.join(7, { competition_id: 5, weight_class: '83kg', bodyweight: 82.5 })
    expect(joined).toMatchObject({ challengeId: 5, gender: 'M', count: 1 })
    expect(entries.get(7)).toMatchObject({ weightClass: '83kg', bodyweight: 82.5 })
    expect(sexes.get(7)).toBe('M')
    expect(await refused(service.join(7, { competition_id: 5, weight_class: '83kg' }))).toEqual({
      status: 409,
      error: 'You have already joined this challenge.',
    })
    expect(await refused(service.join(7, { competition_id: 6, weight_class: '83kg' }))).toEqual({
      status: 404,
      error: 'Challenge 6 does not exist.',
    })
  })

  it("refuses a judge unless judges may lift, a category other than the account's, and an ended challenge", async () => {
    const { deps, judges } = fakes()
    judges.add(7)
    expect(await refused(createEntriesService(deps).join(7, { competition_id: 5, weight_class: '83kg' }))).toEqual({
      status: 409,
      error: 'You judge this challenge, so you cannot lift in it unless the organiser allows judges to lift.',
    })
    expect(await refused(createEntriesService(deps).join(8, { competition_id: 5, weight_class: '83kg' }))).toEqual({
      status: 409,
      error: 'This challenge is for men; your account competes with the women.',
    })
    const ended = fakes(challenge({ startDate: new Date(NOW.getTime() - 9 * DAY), endDate: new Date(NOW.getTime() - DAY) }))
    expect(await refused(createEntriesService(ended.deps).join(7, { competition_id: 5, weight_class: '83kg' }))).toEqual({
      status: 409,
      error: 'This challenge has ended',
    })
  })

  it('refuses a join whose account sex another join set a moment before', async () => {
    const { deps, sexes } = fakes()
    const race = {
      ...deps,
      participants: {
        ...deps.participants,
        join: async (...args: Parameters<EntriesDeps['participants']['join']>) => {
          sexes.set(7, 'F')
          return deps.participants.join(...args)
        },
      },
    }
    expect(await refused(createEntriesService(race).join(7, { competition_id: 5, weight_class: '83kg' }))).toEqual({
      status: 409,
      error: "Your account's sex was set by another of your joins a moment ago; please try again.",
    })
  })

  it('leaves only before the start and with no lift recorded', async () => {
    const { deps, entries } = fakes()
    const service = createEntriesService(deps)
    expect(await refused(service.leave(7, 5))).toEqual({ status: 404, error: NOT_JOINED })
    await service.join(7, { competition_id: 5, weight_class: '83kg' })
    entries.get(7)!.attempts.push({ judged: false })
    expect(await refused(service.leave(7, 5))).toEqual({ status: 409, error: LEAVE_REFUSED.hasAttempts })
    expect(entries.has(7)).toBe(true)
    entries.get(7)!.attempts.length = 0
    expect(await service.leave(7, 5)).toEqual({ count: 0 })
    const started = fakes(challenge({ startDate: new Date(NOW.getTime() - DAY) }))
    await createEntriesService({ ...started.deps, now: () => new Date(NOW.getTime() - 2 * DAY) }).join(7, {
      competition_id: 5,
      weight_class: '83kg',
    })
    expect(await refused(createEntriesService(started.deps).leave(7, 5))).toEqual({ status: 409, error: LEAVE_REFUSED.started })
  })

  it('changes the bodyweight within the class until a lift is judged', async () => {
    const { deps, entries } = fakes()
    const service = createEntriesService(deps)
    expect(await refused(service.setBodyweight(7, 5, 80))).toEqual({ status: 404, error: NOT_JOINED })
    await service.join(7, { competition_id: 5, weight_class: '83kg' })
    expect(await refused(service.setBodyweight(7, 5, 95))).toMatchObject({ status: 400 })
    expect(await service.setBodyweight(7, 5, 81)).toMatchObject({ bodyweight: 81 })
    entries.get(7)!.attempts.push({ judged: true })
    expect(await refused(service.setBodyweight(7, 5, 80))).toEqual({
      status: 409,
      error: 'Your bodyweight is fixed once one of your lifts has been judged.',
    })
    expect(entries.get(7)!.bodyweight).toBe(81)
  })
})

describe('the joining rule', () => {
  const now = Date.now()
  it('a challenge that ended, or a class it lacks, cannot be joined', () => {
    const open = { startDate: new Date(now - 86_400_000), endDate: new Date(now + 86_400_000), weightClasses: ['83kg', '93kg'] }
    expect(() => assertCanJoin(open, '83kg')).not.toThrow()
    expect(() => assertCanJoin({ ...open, weightClasses: [] }, '59kg')).not.toThrow()
    expect(() => assertCanJoin(open, '59kg')).toThrow(/83kg, 93kg/)
    expect(() => assertCanJoin({ ...open, endDate: new Date(now - 1000) }, '83kg')).toThrow('This challenge has ended')
  })
})
