// The own-data document's shape on a stored fixture: every part mapped, the password hash and token
// version never in it; tests/server/routes/account-data.routes.test.ts reads it from PostgreSQL.
import { describe, expect, it } from 'vitest'
import { createAccountDataService, toAccountData } from './account-data.service.ts'

const at = new Date('2026-11-01T10:00:00Z')
const stored = {
  user: {
    id: 3,
    name: 'Anna',
    username: 'anna',
    email: 'anna@example.com',
    passwordHash: '$argon2id$secret',
    tokenVersion: 4,
    country: 'NO',
    weightClass: null,
    bio: null,
    createdAt: at,
    sex: 'F',
    judgeCertifiedAt: at,
  },
  entries: [
    {
      id: 9,
      userId: 3,
      challengeId: 2,
      weightClass: '63kg',
      gender: 'F',
      bodyweight: 61.2,
      joinedAt: at,
      challenge: { name: 'Winter Open' },
      attempts: [{ id: 40, liftType: 'squat', weight: 120, status: 'completed', createdAt: at, decidedAt: at, appealReason: null }],
    },
  ],
  organised: [{ id: 2, name: 'Winter Open', startDate: at, endDate: at, createdAt: at }],
  votes: [{ attemptId: 41, good: false, reason: 'depth', note: null, createdAt: at, attempt: { participant: { challengeId: 5 } } }],
  comments: [{ id: 7, attemptId: 40, text: 'Felt light.', createdAt: at }],
  reactions: [{ attemptId: 40, kind: 'fire', updatedAt: at }],
} as never

describe('the own-data document', () => {
  it('maps every part and never carries the password hash', () => {
    const data = toAccountData(stored, false, at)
    expect(data.account).toMatchObject({ id: 3, email: 'anna@example.com', sex: 'F', certified_judge: true, is_admin: false })
    expect(data.entries[0]!.attempts[0]).toEqual({
      id: 40,
      lift_type: 'squat',
      weight: 120,
      status: 'completed',
      uploaded_at: at.toISOString(),
      decided_at: at.toISOString(),
      appeal_reason: null,
    })
    expect(data.votes).toEqual([
      { attempt_id: 41, competition_id: 5, good: false, reason: 'depth', note: null, voted_at: at.toISOString() },
    ])
    expect(data.reactions).toEqual([{ attempt_id: 40, kind: 'fire', reacted_at: at.toISOString() }])
    expect(JSON.stringify(data)).not.toMatch(/argon2|secret|tokenVersion|token_version/)
  })

  it('answers 404 for an account that is gone', async () => {
    const service = createAccountDataService({ accountData: { of: async () => null }, isAdmin: () => false })
    await expect(service.export(3)).rejects.toThrow('The account of this token no longer exists.')
  })
})
