// Moderation's rules on in-memory fakes; tests/server/live/moderation.nodes.test.ts plays them on two
// nodes with PostgreSQL, Redis and socket.io.
import { describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../infra/repositories/audit-log.ts'
import { Refusal, statusOf } from '../errors.ts'
import {
  ADMIN_NOT_BANNABLE,
  ALREADY_BANNED,
  NOT_BANNED,
  NO_REPORTS,
  NO_VIDEO,
  REASON_NEEDED,
  createModerationService,
} from './moderation.service.ts'

function setup() {
  const users = [
    { id: 1, username: 'boss' },
    { id: 2, username: 'spammer' },
  ]
  const banned = new Set<number>()
  const audit: AuditEntry[] = []
  const deleted: string[] = []
  let dismissed = false
  const service = createModerationService({
    adminUsernames: ['boss'],
    users: {
      find: async (id) => users.find((u) => u.id === id) ?? null,
      findByUsername: async (name) => users.find((u) => u.username === name) ?? null,
    },
    moderation: {
      setBanned: async (userId, ban, entry) => {
        if (banned.has(userId) === !!ban) return false
        if (ban) banned.add(userId)
        else banned.delete(userId)
        audit.push(entry)
        return true
      },
      log: async () => [],
      removeVideo: async (attemptId, entry) => {
        if (attemptId === 8) return []
        if (attemptId !== 3) return null
        audit.push(entry('attempt 3 (Anna, squat 150 kg)'))
        return ['videos/3.mp4', 'posters/3.jpg']
      },
      dismissReports: async (commentId, entry) => {
        if (commentId !== 5) return null
        if (dismissed) return false
        dismissed = true
        audit.push(entry('on attempt 3: buy pills'))
        return true
      },
      reports: async () => [],
    },
    storage: { delete: async (key) => void deleted.push(key) },
    engagement: {
      withComment: async (commentId, work) =>
        commentId === 5
          ? work({ authorId: 2, attemptId: 3, text: 'buy pills', place: { challengeId: 1, organiserId: 9 } as never }, async (entry) => {
              if (entry) audit.push(entry)
              return true
            })
          : null,
    },
  })
  return { service, banned, audit, deleted }
}

const refused = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (e: unknown) => (e instanceof Refusal ? { status: statusOf(e), error: e.message } : e),
  )

describe('moderation', () => {
  it('bans with a reason, once; never an administrator; logs who, what and why', async () => {
    const { service, banned, audit } = setup()
    expect(await refused(service.ban(1, 'spammer', '  '))).toEqual({ status: 400, error: REASON_NEEDED })
    expect(await refused(service.ban(1, 'boss', 'coup'))).toEqual({ status: 403, error: ADMIN_NOT_BANNABLE })
    expect(await refused(service.ban(1, 'nobody', 'x'))).toMatchObject({ status: 404 })
    expect(await service.ban(1, 'SPAMMER', ' Spam links ')).toBe(2)
    expect(banned.has(2)).toBe(true)
    expect(await refused(service.ban(1, 'spammer', 'again'))).toEqual({ status: 409, error: ALREADY_BANNED })
    await service.unban(1, 'spammer', 'Appeal')
    expect(await refused(service.unban(1, 'spammer', 'Appeal'))).toEqual({ status: 409, error: NOT_BANNED })
    expect(audit.map((a) => [a.adminUsername, a.action, a.targetLabel, a.reason])).toEqual([
      ['boss', 'ban', 'spammer', 'Spam links'],
      ['boss', 'unban', 'spammer', 'Appeal'],
    ])
  })

  it('removes any comment, logging its words; an unknown one answers 404', async () => {
    const { service, audit } = setup()
    await service.removeComment(1, 5, 'Spam')
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'remove_comment',
        targetType: 'comment',
        targetId: 5,
        targetLabel: 'on attempt 3: buy pills',
        reason: 'Spam',
      }),
    ])
    expect(await refused(service.removeComment(1, 6, 'Spam'))).toMatchObject({ status: 404 })
  })

  it('takes a video down with a reason, deleting its files after; no video answers 409, no attempt 404', async () => {
    const { service, audit, deleted } = setup()
    expect(await refused(service.removeVideo(1, 3, ''))).toEqual({ status: 400, error: REASON_NEEDED })
    await service.removeVideo(1, 3, 'Nudity')
    expect(deleted).toEqual(['videos/3.mp4', 'posters/3.jpg'])
    expect(audit).toEqual([expect.objectContaining({ action: 'remove_video', targetType: 'attempt', targetId: 3, reason: 'Nudity' })])
    expect(await refused(service.removeVideo(1, 8, 'x'))).toEqual({ status: 409, error: NO_VIDEO })
    expect(await refused(service.removeVideo(1, 9, 'x'))).toMatchObject({ status: 404 })
  })

  it("dismisses a comment's reports once, logged", async () => {
    const { service, audit } = setup()
    await service.dismissReports(1, 5, 'Fair criticism')
    expect(await refused(service.dismissReports(1, 5, 'again'))).toEqual({ status: 409, error: NO_REPORTS })
    expect(await refused(service.dismissReports(1, 6, 'x'))).toMatchObject({ status: 404 })
    expect(audit.map((a) => a.action)).toEqual(['dismiss_reports'])
  })
})
