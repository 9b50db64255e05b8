// Who may change or cancel a challenge, on an in-memory locked challenge; the rules themselves are
// challenges.service.test.ts's, the real lock and events tests/server/routes/challenge-control.routes.test.ts's.
import { describe, expect, it } from 'vitest'
import type { ChallengeRow, LockedChallenge } from '../../infra/repositories/challenges.repository.ts'
import { Refusal, statusOf } from '../errors.ts'
import { NOT_ORGANISER, createChallengeControlService } from './challenge-control.service.ts'
import { CONTROL_REFUSED } from './challenges.service.ts'

const NOW = new Date('2030-03-01T12:00:00Z')
const DAY = 86_400_000

function setup(lifts = 0) {
  const row = {
    id: 5,
    name: 'Spring Open',
    location: 'Gym',
    description: 'Spring Open',
    image: null,
    createdAt: NOW,
    createdById: 1,
    gender: 'M',
    ranking: 'class',
    format: 'open',
    liftTypes: ['Squat'],
    weightClasses: ['83kg'],
    judgesMayLift: false,
    publishJudgeNames: false,
    declarationWindowMinutes: 60,
    prizeCurrency: null,
    prizeFirst: null,
    prizeSecond: null,
    prizeThird: null,
    registrationDeadline: null,
    requireVerifiedEmail: false,
    startDate: new Date(NOW.getTime() - DAY),
    endDate: new Date(NOW.getTime() + 3 * DAY),
    _count: { participants: 2 },
  } as ChallengeRow
  const writes: string[] = []
  const service = createChallengeControlService({
    now: () => NOW,
    challenges: {
      async withChallengeLocked(id, _answer, work) {
        if (id !== 5) return null
        const locked: LockedChallenge = {
          row,
          recordedLifts: async () => lifts,
          update: async (data) => {
            writes.push(`update ${JSON.stringify(data)}`)
            return { ...row, ...data } as ChallengeRow
          },
          cancel: async () => {
            writes.push('cancel')
            return [7, 8]
          },
        }
        return work(locked)
      },
    },
  })
  return { service, writes }
}

const refused = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: unknown) => (e instanceof Refusal ? { status: statusOf(e), error: e.message } : e),
  )

describe('challenge control', () => {
  it('lets only the organiser change or cancel, and answers 404 for a challenge that is not there', async () => {
    const { service, writes } = setup()
    expect(await refused(service.edit(2, 5, { end_date: '2030-03-09' }))).toEqual({ status: 403, error: NOT_ORGANISER })
    expect(await refused(service.cancel(2, 5))).toEqual({ status: 403, error: NOT_ORGANISER })
    expect(await refused(service.cancel(1, 6))).toMatchObject({ status: 404 })
    expect(writes).toEqual([])
    expect((await service.edit(1, 5, { end_date: '2030-03-09' })).end_date).toBe('2030-03-09T23:59:59.999Z')
    expect(await service.cancel(1, 5)).toEqual({ name: 'Spring Open', lifters: [7, 8] })
    expect(writes).toEqual(['update {"endDate":"2030-03-09T23:59:59.999Z"}', 'cancel'])
  })

  it('refuses a cancel once a lift is recorded, writing nothing', async () => {
    const { service, writes } = setup(1)
    expect(await refused(service.cancel(1, 5))).toEqual({ status: 409, error: CONTROL_REFUSED.hasLifts })
    expect(writes).toEqual([])
  })
})
