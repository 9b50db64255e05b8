// Comments, reactions and view counts on a real server and database, with real socket.io
// clients: who may write, remove and report; the text limits and the per-account rate limit;
// one reaction per person; views counted once per viewer; and the live events, numbered in the
// challenge room and published only once their write has committed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ENGAGEMENT,
  challengeRoom,
  type CommentResponse,
  type CommentsPage,
  type EngagementResponse,
  type LiveEvent,
  type ReactionResponse,
  type ViewResponse,
} from '../../../contract/index.ts'
import {
  collectEvents,
  connectClient,
  createLifters,
  join,
  sleep,
  startLiveServer,
  subscribe,
  waitUntil,
  type ClientSocket,
  type Lifter,
  type LiveTestServer,
} from '../../helpers/live.ts'

let t: LiveTestServer
const sockets: ClientSocket[] = []

beforeAll(async () => {
  t = await startLiveServer({ env: { RATE_LIMIT_COMMENTS_PER_MINUTE: '5' } })
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await t?.close()
})

interface Call<B = Record<string, unknown>> {
  status: number
  body: B & { error?: string }
  seq: number | null
}
async function api<B = Record<string, unknown>>(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Call<B>> {
  const res = await fetch(`${t.url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  const seq = res.headers.get('x-live-seq')
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Call<B>['body'], seq: seq === null ? null : Number(seq) }
}

/** An organiser's challenge with one lifter's attempt, two more people, and a spectator socket in its room. */
async function setting() {
  const [organiser, lifter, fan, other] = await createLifters(t.db.prisma, t.config.jwtSecret, 4, 'Engaged')
  const row = await t.db.prisma.challenge.create({
    data: {
      name: 'Comment Open',
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
  const participant = await t.db.prisma.participant.findFirstOrThrow({
    where: { challengeId: row.id, userId: lifter!.userId },
    include: { user: { select: { name: true } } },
  })
  const { attemptId } = await t.app.repos.attempts.record(
    participant,
    { liftType: 'squat', weight: 180 },
    (id) => `attempts/${id}/original.mp4`,
    async () => {},
  )
  const spectator = await connectClient(t.url)
  sockets.push(spectator)
  const events = collectEvents(spectator)
  await subscribe(spectator, challengeRoom(row.id), null)
  return { challengeId: row.id, attemptId, organiser: organiser!, lifter: lifter!, fan: fan!, other: other!, events }
}

const comment = (attemptId: number, who: Lifter, text: string) =>
  api<CommentResponse>('POST', `/attempts/${attemptId}/comments`, who.token, { text })
const ofType = <K extends LiveEvent['type']>(events: LiveEvent[], type: K) =>
  events.filter((e): e is Extract<LiveEvent, { type: K }> => e.type === type)

describe('comments', () => {
  it('are written by signed-in users only, read by anyone newest first in pages, and announced live after commit', async () => {
    const s = await setting()
    expect(await api('POST', `/attempts/${s.attemptId}/comments`, undefined, { text: 'Hi' })).toMatchObject({ status: 401 })
    // Who writes comes from the token: a user_id in the body is not part of the request.
    expect(await api('POST', `/attempts/${s.attemptId}/comments`, s.fan.token, { text: 'Hi', user_id: s.lifter.userId })).toMatchObject({
      status: 400,
    })

    // The moment the event arrives, the comment can be read: it was published after its write committed.
    const readOnArrival: Promise<CommentsPage> = new Promise((resolve) => {
      s.events.length = 0
      const watcher = setInterval(() => {
        if (ofType(s.events, 'comment.created').length === 0) return
        clearInterval(watcher)
        void api<CommentsPage>('GET', `/attempts/${s.attemptId}/comments`).then((r) => resolve(r.body))
      }, 1)
    })
    const first = await comment(s.attemptId, s.fan, '  Great depth! <b>not bold</b>  ')
    expect(first.status).toBe(201)
    expect(first.body.comment).toMatchObject({
      attempt_id: s.attemptId,
      user_id: s.fan.userId,
      author_name: 'Engaged 3',
      text: 'Great depth! <b>not bold</b>',
    })
    expect(first.body.comments).toBe(1)
    expect((await readOnArrival).comments.map((c) => c.id)).toEqual([first.body.comment.id])
    const [created] = ofType(s.events, 'comment.created')
    expect(created!.data).toEqual({ competition_id: s.challengeId, attempt_id: s.attemptId, comment: first.body.comment, comments: 1 })
    expect(created!.room).toBe(challengeRoom(s.challengeId))

    for (const text of ['two', 'three']) expect((await comment(s.attemptId, s.lifter, text)).status).toBe(201)
    const page1 = await api<CommentsPage>('GET', `/attempts/${s.attemptId}/comments?limit=2`)
    expect(page1.status).toBe(200)
    expect(page1.body.comments.map((c) => c.text)).toEqual(['three', 'two'])
    expect(page1.body.total).toBe(3)
    expect(page1.body.comments[0]).not.toHaveProperty('reports') // only the organiser sees report counts
    const page2 = await api<CommentsPage>('GET', `/attempts/${s.attemptId}/comments?limit=2&before=${page1.body.next_before}`)
    expect(page2.body.comments.map((c) => c.text)).toEqual(['Great depth! <b>not bold</b>'])
    expect(page2.body.next_before).toBeUndefined()

    // x-live-seq is the room's seq the answer reflects: subscribing since it replays exactly what came after.
    expect(page1.seq).toBe(ofType(s.events, 'comment.created').at(-1)!.seq)
    const late = await connectClient(t.url)
    sockets.push(late)
    const fourth = await comment(s.attemptId, s.other, 'four')
    const replay = await subscribe(late, challengeRoom(s.challengeId), page1.seq)
    expect(replay.missed.map((e) => e.type === 'comment.created' && e.data.comment.id)).toEqual([fourth.body.comment.id])
  })

  it('are 1–500 characters once trimmed, refused with a sentence and no event otherwise', async () => {
    const s = await setting()
    expect(await comment(s.attemptId, s.fan, '   \n ')).toMatchObject({
      status: 400,
      body: { error: 'Write something before posting: the comment is empty.' },
    })
    expect(await comment(s.attemptId, s.other, '\u200b\u200b')).toMatchObject({
      status: 400,
      body: { error: 'Write something before posting: the comment is empty.' },
    })
    expect(await comment(s.attemptId, s.other, 'Nice \u202eknil')).toMatchObject({
      status: 400,
      body: { error: 'A comment cannot hold control characters or text-direction overrides.' },
    })
    expect(await comment(s.attemptId, s.fan, 'x'.repeat(ENGAGEMENT.commentMaxLength + 1))).toMatchObject({
      status: 400,
      body: { error: `A comment can be at most 500 characters; this one has 501.` },
    })
    // Counted as characters a person sees: 500 emoji are 1000 UTF-16 units and still fit.
    expect((await comment(s.attemptId, s.fan, '💪'.repeat(500))).status).toBe(201)
    // Lines and a family emoji (joined by zero-width joiners) are text people type.
    expect((await comment(s.attemptId, s.other, 'Great lift!\nDepth 👨\u200d👩\u200d👧')).status).toBe(201)
    expect(await comment(MAX_ID, s.fan, 'hello')).toMatchObject({ status: 404, body: { error: `Attempt ${MAX_ID} does not exist.` } })
    await waitUntil(() => s.events.length >= 2, 'the two events')
    await sleep(100)
    expect(s.events.map((e) => e.type)).toEqual(['comment.created', 'comment.created'])
  })

  it('are removed by their author or the organiser only, and the removal is announced with the new count', async () => {
    const s = await setting()
    const a = (await comment(s.attemptId, s.fan, 'by the fan')).body.comment
    const b = (await comment(s.attemptId, s.other, 'by the other')).body.comment
    expect(await api('DELETE', `/comments/${a.id}`, s.other.token)).toEqual({
      status: 403,
      body: { error: "Only the comment's author or the challenge's organiser can remove it." },
      seq: null,
    })
    expect(await api('DELETE', `/comments/${a.id}`, s.lifter.token)).toMatchObject({ status: 403 }) // the attempt's lifter is not a moderator
    expect(await api('DELETE', `/comments/${a.id}`)).toMatchObject({ status: 401 })
    expect((await api('DELETE', `/comments/${a.id}`, s.fan.token)).status).toBe(204)
    expect((await api('DELETE', `/comments/${b.id}`, s.organiser.token)).status).toBe(204)
    expect(await api('DELETE', `/comments/${b.id}`, s.organiser.token)).toMatchObject({
      status: 404,
      body: { error: `Comment ${b.id} does not exist (it may have been removed).` },
    })
    await waitUntil(() => ofType(s.events, 'comment.deleted').length === 2, 'two removals')
    expect(ofType(s.events, 'comment.deleted').map((e) => e.data)).toEqual([
      { competition_id: s.challengeId, attempt_id: s.attemptId, comment_id: a.id, comments: 1 },
      { competition_id: s.challengeId, attempt_id: s.attemptId, comment_id: b.id, comments: 0 },
    ])
    expect((await api<CommentsPage>('GET', `/attempts/${s.attemptId}/comments`)).body).toEqual({ comments: [], total: 0 })
    const seqs = s.events.map((e) => e.seq)
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i)) // numbered one after another in the room
  })

  it("once removed cannot be read back from the room's replay", async () => {
    const s = await setting()
    const before = (await api('GET', `/attempts/${s.attemptId}/comments`)).seq!
    const abusive = (await comment(s.attemptId, s.fan, 'something abusive')).body.comment
    expect((await api('DELETE', `/comments/${abusive.id}`, s.organiser.token)).status).toBe(204)
    // A client subscribing from before the comment gets its creation and removal, without its words.
    const late = await connectClient(t.url)
    sockets.push(late)
    const replay = await subscribe(late, challengeRoom(s.challengeId), before)
    const created = ofType(replay.missed, 'comment.created')
    expect(created.map((e) => e.data.comment.id)).toEqual([abusive.id])
    expect(created[0]!.data.comment.text).toBe('')
    expect(ofType(replay.missed, 'comment.deleted').map((e) => e.data.comment_id)).toEqual([abusive.id])
    expect(JSON.stringify(replay.missed)).not.toContain('abusive')
  })

  it("are reported once per person (never one's own), and the organiser sees how many reported each", async () => {
    const s = await setting()
    const c = (await comment(s.attemptId, s.fan, 'rude words')).body.comment
    expect(await api('POST', `/comments/${c.id}/reports`, s.fan.token)).toMatchObject({
      status: 403,
      body: { error: 'You cannot report your own comment; you can delete it instead.' },
    })
    expect(await api('POST', `/comments/${c.id}/reports`)).toMatchObject({ status: 401 })
    for (const who of [s.other, s.other, s.lifter]) expect((await api('POST', `/comments/${c.id}/reports`, who.token)).status).toBe(204)
    expect(await api('POST', `/comments/${MAX_ID}/reports`, s.other.token)).toMatchObject({ status: 404 })
    expect(await t.db.prisma.commentReport.count({ where: { commentId: c.id } })).toBe(2)
    const asOrganiser = await api<CommentsPage>('GET', `/attempts/${s.attemptId}/comments`, s.organiser.token)
    expect(asOrganiser.body.comments[0]).toMatchObject({ id: c.id, reports: 2 })
    const asFan = await api<CommentsPage>('GET', `/attempts/${s.attemptId}/comments`, s.fan.token)
    expect(asFan.body.comments[0]).not.toHaveProperty('reports')
    expect((await api<EngagementResponse>('GET', `/attempts/${s.attemptId}/engagement`, s.organiser.token)).body.can_moderate).toBe(true)
    expect((await api<EngagementResponse>('GET', `/attempts/${s.attemptId}/engagement`, s.fan.token)).body.can_moderate).toBe(false)
  })

  it('are limited per account per minute (RATE_LIMIT_COMMENTS_PER_MINUTE), with a sentence saying how long to wait', async () => {
    const s = await setting()
    for (let i = 0; i < 5; i++) expect((await comment(s.attemptId, s.fan, `comment ${i}`)).status).toBe(201)
    const refused = await comment(s.attemptId, s.fan, 'one too many')
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(/^You are commenting too fast\. Please wait \d+ seconds and try again\.$/)
    expect((await comment(s.attemptId, s.other, 'someone else still can')).status).toBe(201)
  })
})

describe('reactions', () => {
  it('are one per person: a new one replaces it, the same again changes nothing, DELETE removes it; counts go out live', async () => {
    const s = await setting()
    const react = (who: Lifter, reaction: string) =>
      api<ReactionResponse>('PUT', `/attempts/${s.attemptId}/reaction`, who.token, { reaction })
    expect(await react(s.fan, 'fire')).toMatchObject({
      status: 200,
      body: { attempt_id: s.attemptId, mine: 'fire', reactions: { fire: 1, strong: 0, clap: 0, wow: 0 } },
    })
    expect((await react(s.other, 'fire')).body.reactions).toEqual({ fire: 2, strong: 0, clap: 0, wow: 0 })
    expect((await react(s.fan, 'strong')).body).toMatchObject({ mine: 'strong', reactions: { fire: 1, strong: 1, clap: 0, wow: 0 } })
    expect((await react(s.fan, 'strong')).body).toMatchObject({ mine: 'strong', reactions: { fire: 1, strong: 1, clap: 0, wow: 0 } })
    expect(await react(s.fan, 'heart')).toMatchObject({ status: 400 })
    expect(await react({ userId: 0, token: '' }, 'fire')).toMatchObject({ status: 401 })

    const mine = await api<EngagementResponse>('GET', `/attempts/${s.attemptId}/engagement`, s.fan.token)
    expect(mine.body).toMatchObject({
      attempt_id: s.attemptId,
      mine: 'strong',
      counts: { reactions: { fire: 1, strong: 1, clap: 0, wow: 0 } },
    })
    expect((await api<EngagementResponse>('GET', `/attempts/${s.attemptId}/engagement`)).body.mine).toBeNull()

    expect((await api<ReactionResponse>('DELETE', `/attempts/${s.attemptId}/reaction`, s.fan.token)).body).toMatchObject({
      mine: null,
      reactions: { fire: 1, strong: 0 },
    })
    expect((await api<ReactionResponse>('DELETE', `/attempts/${s.attemptId}/reaction`, s.fan.token)).body).toMatchObject({
      mine: null,
      reactions: { fire: 1, strong: 0 },
    })
    expect(await t.db.prisma.reaction.count({ where: { attemptId: s.attemptId } })).toBe(1)

    // Four changes, four events (the repeats announced nothing); the GET's seq already covers them.
    await waitUntil(() => ofType(s.events, 'reactions.changed').length >= 4, 'four reaction events')
    await sleep(100)
    expect(ofType(s.events, 'reactions.changed').map((e) => e.data.reactions.fire * 10 + e.data.reactions.strong)).toEqual([10, 20, 11, 10])
    expect(mine.seq).toBe(ofType(s.events, 'reactions.changed')[2]!.seq)
  })

  it('from many people at once add up, each change announced with the counts after it', async () => {
    const s = await setting()
    const people = await createLifters(t.db.prisma, t.config.jwtSecret, 12, 'Crowd')
    await Promise.all(people.map((p, i) => api('PUT', `/attempts/${s.attemptId}/reaction`, p.token, { reaction: i % 2 ? 'clap' : 'wow' })))
    await waitUntil(() => ofType(s.events, 'reactions.changed').length === 12, 'twelve events')
    const events = ofType(s.events, 'reactions.changed').sort((a, b) => a.seq - b.seq)
    // In seq order the total grows by one each time: no event carries counts older than the one before it.
    expect(events.map((e) => e.data.reactions.clap + e.data.reactions.wow)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1))
    expect(events.at(-1)!.data.reactions).toEqual({ fire: 0, strong: 0, clap: 6, wow: 6 })
  })

  it('from one person sent 20 times at once count once (their first reaction has no row to lock yet)', async () => {
    const s = await setting()
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api<ReactionResponse>('PUT', `/attempts/${s.attemptId}/reaction`, s.fan.token, { reaction: 'fire' }),
      ),
    )
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200))
    const figures = await api<EngagementResponse>('GET', `/attempts/${s.attemptId}/engagement`, s.fan.token)
    expect(figures.body.counts.reactions).toEqual({ fire: 1, strong: 0, clap: 0, wow: 0 })
    await waitUntil(() => ofType(s.events, 'reactions.changed').length >= 1, 'the reaction announced')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(ofType(s.events, 'reactions.changed').map((e) => e.data.reactions.fire)).toEqual([1])
  })
})

describe('views and plays', () => {
  it('count each viewer once per window: a user by account, a signed-out browser by its id, a few ids per address at most', async () => {
    const s = await setting()
    const view = (body: Record<string, unknown>, token?: string) => api<ViewResponse>('POST', `/attempts/${s.attemptId}/views`, token, body)
    expect((await view({ kind: 'view' }, s.fan.token)).body).toEqual({ counted: true, views: 1, plays: 0 })
    expect((await view({ kind: 'view' }, s.fan.token)).body).toEqual({ counted: false, views: 1, plays: 0 })
    expect((await view({ kind: 'view', viewer: 'pretend-to-be-new-1' }, s.fan.token)).body.counted).toBe(false) // signed in: the account counts, not the id
    expect((await view({ kind: 'play' }, s.fan.token)).body).toEqual({ counted: true, views: 1, plays: 1 })
    // Ten fresh anonymous ids from one address: only the first few count.
    const anonymous = []
    for (let i = 0; i < 10; i++) anonymous.push((await view({ kind: 'view', viewer: `browser-id-${i}-abcdef` })).body.counted)
    expect(anonymous).toEqual(Array.from({ length: 10 }, (_, i) => i < ENGAGEMENT.anonymousViewersPerAddress))
    expect((await view({ kind: 'view', viewer: 'browser-id-0-abcdef' })).body.counted).toBe(false)
    expect(await view({ kind: 'stare' })).toMatchObject({ status: 400 })
    expect(await api('POST', `/attempts/${MAX_ID}/views`, undefined, { kind: 'view' })).toMatchObject({ status: 404 })

    await comment(s.attemptId, s.fan, 'counted too')
    await api('PUT', `/attempts/${s.attemptId}/reaction`, s.other.token, { reaction: 'clap' })
    const figures = await api<EngagementResponse>('GET', `/attempts/${s.attemptId}/engagement`)
    expect(figures.body.counts).toEqual({
      views: 1 + ENGAGEMENT.anonymousViewersPerAddress,
      plays: 1,
      comments: 1,
      reactions: { fire: 0, strong: 0, clap: 1, wow: 0 },
    })
  })

  it('count a burst of fresh anonymous ids from one address no more than the cap', async () => {
    const s = await setting()
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        api<ViewResponse>('POST', `/attempts/${s.attemptId}/views`, undefined, { kind: 'view', viewer: `burst-${i}-0123456789` }),
      ),
    )
    expect(answers.filter((a) => a.body.counted).length).toBe(ENGAGEMENT.anonymousViewersPerAddress)
    const figures = await api<EngagementResponse>('GET', `/attempts/${s.attemptId}/engagement`)
    expect(figures.body.counts.views).toBe(ENGAGEMENT.anonymousViewersPerAddress)
  })

  it('count again once the window has passed', async () => {
    const s = await setting()
    const view = () => api<ViewResponse>('POST', `/attempts/${s.attemptId}/views`, s.fan.token, { kind: 'view' })
    expect((await view()).body.counted).toBe(true)
    await t.db.prisma.attemptView.updateMany({
      where: { attemptId: s.attemptId },
      data: { countedAt: new Date(Date.now() - ENGAGEMENT.viewWindowHours * 3_600_000 - 1000) },
    })
    expect((await view()).body).toEqual({ counted: true, views: 2, plays: 0 })
  })
})

describe("the challenge's summary while people talk", () => {
  it('is not read again for comments and reactions: the same answer moves on to their seq, while a join reads it again', async () => {
    const s = await setting()
    const summary = async (etag?: string) => {
      const res = await fetch(`${t.url}/api/competitions/${s.challengeId}/summary`, { headers: etag ? { 'if-none-match': etag } : {} })
      return {
        status: res.status,
        seq: Number(res.headers.get('x-live-seq')),
        etag: res.headers.get('etag')!,
        body: res.status === 200 ? await res.text() : '',
      }
    }
    const first = await summary()
    const reads = vi.spyOn(t.app.repos.participants, 'listWithSeq')
    try {
      // Each waits until the spectator heard it: by then this node has noted the event.
      expect((await comment(s.attemptId, s.fan, 'Strong!')).status).toBe(201)
      await waitUntil(() => ofType(s.events, 'comment.created').length === 1, 'the comment event')
      expect((await api('PUT', `/attempts/${s.attemptId}/reaction`, s.other.token, { reaction: 'fire' })).status).toBe(200)
      await waitUntil(() => ofType(s.events, 'reactions.changed').length === 1, 'the reaction event')
      const talked = await summary(first.etag)
      expect(talked.status, 'the seq moved on: not a 304').toBe(200)
      expect(talked.seq).toBe(first.seq + 2)
      expect(talked.body).toBe(first.body)
      expect(reads).not.toHaveBeenCalled()
      // Served again past the cache's unchecked 100 ms: the database confirms the seq, nothing more.
      await sleep(150)
      expect((await summary(talked.etag)).status).toBe(304)
      expect(reads).not.toHaveBeenCalled()

      const [late] = await createLifters(t.db.prisma, t.config.jwtSecret, 1, 'Late Talker')
      expect((await join(t.url, late!, s.challengeId)).status).toBe(201)
      await waitUntil(() => s.events.some((e) => e.type === 'participant.joined'), 'the join event')
      const joined = await summary(talked.etag)
      expect(joined.seq).toBe(first.seq + 3)
      expect(JSON.parse(joined.body).count).toBe(JSON.parse(first.body).count + 1)
      expect(reads).toHaveBeenCalledTimes(1)
    } finally {
      reads.mockRestore()
    }
  })
})

const MAX_ID = 2147483647
