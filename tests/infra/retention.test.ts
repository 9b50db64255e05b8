// The retention sweep (infra/retention.ts) on the real app and a real PostgreSQL database: old
// live events beyond the replay window go while each room's newest events and its seq stay (a
// subscriber asking for what went is answered resync), views past the dedupe window go, and
// refresh tokens ended long enough ago go while live ones stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom, ENGAGEMENT, type Room } from '../../contract/index.ts'
import { REPLAY_LIMIT } from '../../infra/repositories/live-events.repository.ts'
import { ENDED_TOKEN_MIN_KEEP_MS, startRetention, type RetentionCounts } from '../../infra/retention.ts'
import {
  connectClient,
  createLifters,
  createOngoingChallenge,
  join,
  startLiveServer,
  subscribe,
  type ClientSocket,
  type LiveTestServer,
} from '../helpers/live.ts'

let t: LiveTestServer
const sockets: ClientSocket[] = []
const quiet = { info() {}, warn() {} }
const HOUR = 3_600_000
const at = (ms: number) => new Date(Date.now() + ms)

beforeAll(async () => {
  t = await startLiveServer()
})
afterAll(async () => {
  for (const s of sockets) s.close()
  await t?.close()
})

/** One sweep as the server runs it (small batches, so the batching loops are exercised). */
async function sweep(batch = 7): Promise<RetentionCounts> {
  const retention = startRetention(t.app.repos, {
    accessTokenTtlSeconds: t.config.accessTokenTtlSeconds,
    refreshReuseGraceSeconds: 30,
    batch,
    log: quiet,
  })
  try {
    return await retention.run()
  } finally {
    await retention.stop()
  }
}

/** Events `from`..`to` of a room written `ageMs` ago, and the room's seq at `seq`. */
async function events(room: Room, from: number, to: number, ageMs: number, seq = to) {
  await t.db.prisma.$executeRaw`
    INSERT INTO live_events (room, seq, type, payload, created_at)
    SELECT ${room}, g, 'participant.joined', '{}'::jsonb, now() - ${ageMs} * interval '1 millisecond' FROM generate_series(${from}::int, ${to}::int) g`
  await t.db.prisma
    .$executeRaw`INSERT INTO live_rooms (room, seq) VALUES (${room}, ${seq}) ON CONFLICT (room) DO UPDATE SET seq = EXCLUDED.seq`
}

async function seqsOf(room: Room): Promise<{ min: number | null; max: number | null; n: number }> {
  const [row] = await t.db.prisma.$queryRaw<{ min: number | null; max: number | null; n: number }[]>`
    SELECT min(seq) AS min, max(seq) AS max, count(*)::int AS n FROM live_events WHERE room = ${room}`
  return row!
}

describe('live events', () => {
  it('go when beyond the replay window and a day old; each room keeps its newest, its seq, and a resync for what went', async () => {
    const [busy, young, quietRoom] = await Promise.all([
      createOngoingChallenge(t.db.prisma, 'Busy'),
      createOngoingChallenge(t.db.prisma, 'Young'),
      createOngoingChallenge(t.db.prisma, 'Quiet'),
    ])
    const [a, b, c] = [challengeRoom(busy), challengeRoom(young), challengeRoom(quietRoom)]
    // Busy: 1,005 events two days old, then 5 recent ones. Young: 1,200 recent. Quiet: 50 two days old.
    await events(a, 1, REPLAY_LIMIT + 5, 48 * HOUR, REPLAY_LIMIT + 10)
    await events(a, REPLAY_LIMIT + 6, REPLAY_LIMIT + 10, 0)
    await events(b, 1, 1200, HOUR)
    await events(c, 1, 50, 48 * HOUR)
    const s = await connectClient(t.url)
    sockets.push(s)
    // Today, before any sweep: `since` 9 of the busy room is further back than a replay reaches.
    expect(await subscribe(s, a, 9)).toEqual({ room: a, seq: 1010, missed: [], resync: true })

    expect((await sweep()).liveEvents).toBe(10)
    // The newest REPLAY_LIMIT of the busy room stay, the room's seq with them; the others keep everything.
    expect(await seqsOf(a)).toEqual({ min: 11, max: 1010, n: REPLAY_LIMIT })
    expect(await seqsOf(b)).toEqual({ min: 1, max: 1200, n: 1200 })
    expect(await seqsOf(c)).toEqual({ min: 1, max: 50, n: 50 })
    expect(await t.app.repos.liveEvents.roomSeq(a)).toBe(1010)
    // Everything a replay may be asked for is still there; a `since` in what went is answered as before.
    const replay = await subscribe(s, a, 10)
    expect([replay.resync, replay.seq, replay.missed.length, replay.missed[0]?.seq, replay.missed.at(-1)?.seq]).toEqual([
      false,
      1010,
      REPLAY_LIMIT,
      11,
      1010,
    ])
    expect(await subscribe(s, a, 9)).toEqual({ room: a, seq: 1010, missed: [], resync: true })
    expect(await subscribe(s, a, 0)).toEqual({ room: a, seq: 1010, missed: [], resync: true })
    // The room numbers on from its seq: the next event is 1011, not a number that went.
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    expect((await join(t.url, lifter!, busy)).status).toBe(201)
    expect(await t.app.repos.liveEvents.roomSeq(a)).toBe(1011)
    // The window moves with the room: its oldest kept event (11) is now one beyond it. Then nothing more.
    expect((await sweep()).liveEvents).toBe(1)
    expect(await seqsOf(a)).toEqual({ min: 12, max: 1011, n: REPLAY_LIMIT })
    expect((await subscribe(s, a, 11)).missed.length).toBe(REPLAY_LIMIT)
    expect((await sweep()).liveEvents).toBe(0)

    // A smaller window leaves a hole a `since` within the replay limit falls into: resync, never a silent gap.
    expect(await t.app.repos.liveEvents.pruneOld({ minAgeMs: 24 * HOUR, keep: 3, batch: 4 })).toBe(47 + 994)
    expect(await seqsOf(c)).toEqual({ min: 48, max: 50, n: 3 })
    expect(await subscribe(s, c, 10)).toEqual({ room: c, seq: 50, missed: [], resync: true })
    expect((await subscribe(s, c, 47)).missed.map((e) => e.seq)).toEqual([48, 49, 50])
    // Even a window of one keeps the room's newest row, and its seq.
    await t.app.repos.liveEvents.pruneOld({ minAgeMs: 24 * HOUR, keep: 1, batch: 4 })
    expect(await seqsOf(c)).toEqual({ min: 50, max: 50, n: 1 })
    expect(await subscribe(s, c, 50)).toEqual({ room: c, seq: 50, missed: [], resync: false })
    expect(await subscribe(s, c, 48)).toEqual({ room: c, seq: 50, missed: [], resync: true })
  })
})

describe('views', () => {
  it('go once the dedupe window is over; those inside it stay and still dedupe', async () => {
    const id = await createOngoingChallenge(t.db.prisma, 'Views')
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    const participant = await t.db.prisma.participant.create({
      data: { userId: lifter!.userId, challengeId: id, weightClass: '83kg', gender: 'M' },
    })
    const attempt = await t.db.prisma.attempt.create({
      data: { participantId: participant.id, liftType: 'Squat', attemptNumber: 1, weight: 100 },
    })
    const windowMs = ENGAGEMENT.viewWindowHours * HOUR
    const rows = [
      ['a:old', windowMs + HOUR],
      ['a:older', 3 * windowMs],
      ['a:inside', windowMs - HOUR],
      ['a:now', 0],
    ] as const
    for (const [viewer, ageMs] of rows) {
      await t.db.prisma.$executeRaw`
        INSERT INTO attempt_views (attempt_id, kind, viewer, addr, counted_at) VALUES (${attempt.id}, 'view', ${viewer}, 'x', now() - ${ageMs} * interval '1 millisecond')`
    }

    expect((await sweep(1)).views).toBe(2)
    const left = await t.db.prisma.attemptView.findMany({ where: { attemptId: attempt.id }, orderBy: { viewer: 'asc' } })
    expect(left.map((v) => v.viewer)).toEqual(['a:inside', 'a:now'])
    // Counting is as before: a viewer whose row went counts again, one inside the window does not.
    const who = (viewer: string) => ({ viewer, anonymous: false, addr: 'x' })
    expect((await t.app.repos.engagement.recordView(attempt.id, 'view', who('a:old')))!.counted).toBe(true)
    expect((await t.app.repos.engagement.recordView(attempt.id, 'view', who('a:inside')))!.counted).toBe(false)
  })
})

describe('refresh tokens', () => {
  it('go a day after they expired or were revoked; live ones, rotated ones still live and recently ended ones stay', async () => {
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    const userId = lifter!.userId
    const rows = {
      live: { expiresAt: at(30 * 24 * HOUR) },
      rotatedLive: { expiresAt: at(29 * 24 * HOUR), rotatedAt: at(-HOUR) },
      expiredLongAgo: { expiresAt: at(-ENDED_TOKEN_MIN_KEEP_MS - HOUR) },
      expiredRecently: { expiresAt: at(-HOUR) },
      revokedLongAgo: { expiresAt: at(20 * 24 * HOUR), revokedAt: at(-ENDED_TOKEN_MIN_KEEP_MS - HOUR) },
      revokedRecently: { expiresAt: at(20 * 24 * HOUR), revokedAt: at(-60_000) },
    }
    for (const [name, row] of Object.entries(rows)) {
      await t.db.prisma.refreshToken.create({ data: { userId, familyId: `family-${userId}`, tokenHash: `${userId}-${name}`, ...row } })
    }

    expect((await sweep(1)).refreshTokens).toBe(2)
    const left = await t.db.prisma.refreshToken.findMany({ where: { familyId: `family-${userId}` }, orderBy: { id: 'asc' } })
    expect(left.map((r) => r.tokenHash.split('-')[1])).toEqual(['live', 'rotatedLive', 'expiredRecently', 'revokedRecently'])
  })
})

describe('password reset links', () => {
  it('go a day after they expired or were used; unused live ones and recently ended ones stay', async () => {
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    const userId = lifter!.userId
    const rows = {
      live: { expiresAt: at(HOUR) },
      expiredLongAgo: { expiresAt: at(-ENDED_TOKEN_MIN_KEEP_MS - HOUR) },
      expiredRecently: { expiresAt: at(-HOUR) },
      usedLongAgo: { expiresAt: at(-ENDED_TOKEN_MIN_KEEP_MS + HOUR), usedAt: at(-ENDED_TOKEN_MIN_KEEP_MS - HOUR) },
      usedRecently: { expiresAt: at(HOUR), usedAt: at(-60_000) },
    }
    for (const [name, row] of Object.entries(rows)) {
      await t.db.prisma.passwordReset.create({ data: { userId, tokenHash: `${userId}-${name}`, ...row } })
    }
    expect((await sweep()).passwordResets).toBe(2)
    const left = await t.db.prisma.passwordReset.findMany({ where: { userId }, orderBy: { id: 'asc' } })
    expect(left.map((r) => r.tokenHash.split('-')[1])).toEqual(['live', 'expiredRecently', 'usedRecently'])
  })
})

describe('email verification links', () => {
  it('go a day after they expired or were used; unused live ones and recently ended ones stay', async () => {
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    const userId = lifter!.userId
    const rows = {
      live: { expiresAt: at(HOUR) },
      expiredLongAgo: { expiresAt: at(-ENDED_TOKEN_MIN_KEEP_MS - HOUR) },
      expiredRecently: { expiresAt: at(-HOUR) },
      usedLongAgo: { expiresAt: at(-ENDED_TOKEN_MIN_KEEP_MS + HOUR), usedAt: at(-ENDED_TOKEN_MIN_KEEP_MS - HOUR) },
      usedRecently: { expiresAt: at(HOUR), usedAt: at(-60_000) },
    }
    for (const [name, row] of Object.entries(rows)) {
      await t.db.prisma.emailVerification.create({ data: { userId, email: 'x@example.com', tokenHash: `${userId}-${name}`, ...row } })
    }
    expect((await sweep()).emailVerifications).toBe(2)
    const left = await t.db.prisma.emailVerification.findMany({ where: { userId }, orderBy: { id: 'asc' } })
    expect(left.map((r) => r.tokenHash.split('-')[1])).toEqual(['live', 'expiredRecently', 'usedRecently'])
  })
})

describe('the server', () => {
  it('sweeps at start', async () => {
    const [lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 1)
    await t.db.prisma.refreshToken.create({
      data: { userId: lifter!.userId, familyId: 'f', tokenHash: `${lifter!.userId}-gone`, expiresAt: at(-2 * ENDED_TOKEN_MIN_KEEP_MS) },
    })
    const second = await startLiveServer({ env: { DATABASE_URL: t.config.databaseUrl! } })
    try {
      await expect.poll(() => t.db.prisma.refreshToken.count({ where: { tokenHash: `${lifter!.userId}-gone` } })).toBe(0)
    } finally {
      await second.close()
    }
  })
})
