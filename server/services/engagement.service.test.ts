import { describe, expect, it } from 'vitest'
import type { AttemptPlace } from '../../infra/repositories/engagement.repository.ts'
import { Refusal, statusOf } from '../errors.ts'
import { commentText, createEngagementService, viewerIdentity, type EngagementStore } from './engagement.service.ts'

describe('commentText', () => {
  it('trims, and refuses empty or over-long text with a sentence; counts what a person sees as characters', () => {
    expect(commentText('  Strong lockout!\n')).toBe('Strong lockout!')
    expect(() => commentText(' \n\t ')).toThrow('Write something before posting: the comment is empty.')
    expect(commentText('👏'.repeat(500))).toHaveLength(1000)
    expect(() => commentText('a'.repeat(501))).toThrow('A comment can be at most 500 characters; this one has 501.')
  })
})

describe('viewerIdentity', () => {
  it('is the account when signed in, else the browser id, else the address; the address only as a salted hash', () => {
    const signedIn = viewerIdentity(7, 'browser-123456', '203.0.113.9', 'salt')
    expect(signedIn).toMatchObject({ viewer: 'u:7', anonymous: false })
    expect(signedIn.addr).not.toContain('203.0.113.9')
    expect(viewerIdentity(null, 'browser-123456', '203.0.113.9', 'salt')).toMatchObject({
      viewer: 'a:browser-123456',
      anonymous: true,
      addr: signedIn.addr,
    })
    const byAddress = viewerIdentity(null, undefined, '203.0.113.9', 'salt')
    expect(byAddress.viewer).toBe(`ip:${signedIn.addr}`)
    expect(viewerIdentity(null, undefined, '203.0.113.9', 'other salt').addr).not.toBe(signedIn.addr)
  })

  it('counts an IPv6 client by its /64 (at most 5 browser ids per address: before, each address of a /64 had its own 5)', () => {
    const one = viewerIdentity(null, undefined, '2001:db8:1:2::1', 'salt')
    expect(viewerIdentity(null, undefined, '2001:db8:1:2:ffff:eeee:dddd:cccc', 'salt')).toEqual(one)
    expect(viewerIdentity(null, undefined, '2001:db8:1:3::1', 'salt').addr).not.toBe(one.addr)
  })
})

/** The repository in memory: attempts and their places, comments by id, reports as a set. */
function fakeEngagement() {
  const places = new Map<number, AttemptPlace>([[1, { challengeId: 10, organiserId: 100 }]])
  const comments = new Map<number, { attemptId: number; authorId: number; text: string }>()
  const reports = new Set<string>()
  let nextId = 1
  const store: EngagementStore = {
    place: async (attemptId) => places.get(attemptId) ?? null,
    async listComments(attemptId, _page, withReports) {
      if (!places.has(attemptId)) return null
      const rows = [...comments].filter(([, c]) => c.attemptId === attemptId)
      return {
        seq: 0,
        total: rows.length,
        nextBefore: undefined,
        comments: rows.map(([id, c]) => ({
          id,
          attempt_id: attemptId,
          user_id: c.authorId,
          author_name: 'A',
          text: c.text,
          created_at: '',
          ...(withReports ? { reports: [...reports].filter((r) => r.startsWith(`${id}:`)).length } : {}),
        })),
      }
    },
    async engagement(attemptId, userId) {
      const place = places.get(attemptId)
      return place
        ? {
            seq: 0,
            place,
            counts: { views: 0, plays: 0, comments: 0, reactions: { fire: 0, strong: 0, clap: 0, wow: 0 } },
            mine: userId === null ? null : 'fire',
          }
        : null
    },
    async createComment(attemptId, userId, text) {
      if (!places.has(attemptId)) return null
      const id = nextId++
      comments.set(id, { attemptId, authorId: userId, text })
      return { comment: { id, attempt_id: attemptId, user_id: userId, author_name: 'A', text, created_at: '' }, comments: 1 }
    },
    async withComment(commentId, work) {
      const found = comments.get(commentId)
      if (!found) return null
      return work({ authorId: found.authorId, attemptId: found.attemptId, text: '', place: places.get(found.attemptId)! }, async () =>
        comments.delete(commentId),
      )
    },
    commentAuthor: async (commentId) => comments.get(commentId)?.authorId ?? null,
    async addReport(commentId, userId) {
      if (!comments.has(commentId)) return false
      reports.add(`${commentId}:${userId}`)
      return true
    },
    setReaction: async (attemptId, _userId, kind) =>
      places.has(attemptId) ? { reactions: { fire: kind === 'fire' ? 1 : 0, strong: 0, clap: 0, wow: 0 }, mine: kind } : null,
    recordView: async (attemptId) => (places.has(attemptId) ? { counted: true, views: 1, plays: 0 } : null),
  }
  return { store, comments, reports }
}

/** What a refused call answers: its status and sentence. */
const refused = (work: Promise<unknown>) =>
  work.then(
    () => null,
    (error: unknown) => (error instanceof Refusal ? { status: statusOf(error), error: error.message } : error),
  )

describe('the engagement service', () => {
  const LIFTER = 7
  const ORGANISER = 100
  const STRANGER = 8

  it("refuses reporting one's own comment with its status and sentence, and a missing attempt or comment with 404", async () => {
    const { store, reports } = fakeEngagement()
    const service = createEngagementService({ engagement: store })
    const { comment } = await service.comment(1, LIFTER, '  Strong lockout! ')
    expect(comment.text).toBe('Strong lockout!')
    expect(await refused(service.reportComment(comment.id, LIFTER))).toEqual({
      status: 403,
      error: 'You cannot report your own comment; you can delete it instead.',
    })
    await service.reportComment(comment.id, STRANGER)
    expect(reports.size).toBe(1)
    expect(await refused(service.reportComment(99, STRANGER))).toEqual({
      status: 404,
      error: 'Comment 99 does not exist (it may have been removed).',
    })
    expect(await refused(service.comment(2, LIFTER, 'hi'))).toEqual({ status: 404, error: 'Attempt 2 does not exist.' })
    expect(await refused(service.react(2, LIFTER, 'fire'))).toMatchObject({ status: 404 })
    expect(await refused(service.view(2, 'view', { viewer: 'u:7', anonymous: false, addr: 'x' }))).toMatchObject({ status: 404 })
    expect(await refused(service.comment(1, LIFTER, ' \n '))).toEqual({
      status: 400,
      error: 'Write something before posting: the comment is empty.',
    })
  })

  it('lets the author or the organiser remove a comment, no one else', async () => {
    const { store, comments } = fakeEngagement()
    const service = createEngagementService({ engagement: store })
    const first = (await service.comment(1, LIFTER, 'one')).comment.id
    const second = (await service.comment(1, LIFTER, 'two')).comment.id
    expect(await refused(service.removeComment(first, STRANGER))).toEqual({
      status: 403,
      error: "Only the comment's author or the challenge's organiser can remove it.",
    })
    await service.removeComment(first, LIFTER)
    await service.removeComment(second, ORGANISER)
    expect(comments.size).toBe(0)
    expect(await refused(service.removeComment(first, LIFTER))).toMatchObject({ status: 404 })
  })

  it('shows report counts and moderation to the organiser only', async () => {
    const { store } = fakeEngagement()
    const service = createEngagementService({ engagement: store })
    const { comment } = await service.comment(1, LIFTER, 'spam')
    await service.reportComment(comment.id, STRANGER)
    expect((await service.listComments(1, ORGANISER, { limit: 10 })).comments[0]).toMatchObject({ reports: 1 })
    expect((await service.listComments(1, STRANGER, { limit: 10 })).comments[0]).not.toHaveProperty('reports')
    expect((await service.listComments(1, null, { limit: 10 })).comments[0]).not.toHaveProperty('reports')
    expect((await service.figures(1, ORGANISER)).canModerate).toBe(true)
    expect((await service.figures(1, STRANGER)).canModerate).toBe(false)
    expect(await service.figures(1, null)).toMatchObject({ canModerate: false, mine: null })
    expect(await refused(service.listComments(2, null, { limit: 10 }))).toMatchObject({ status: 404 })
  })
})
