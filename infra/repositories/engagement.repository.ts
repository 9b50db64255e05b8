// Engagement with an attempt's video, all of its I/O: comments and their reports, one reaction
// per person, viewers counted once per window, and the attempt's figures (engagement_counts, one
// row kept by the same transactions, so reading them is one row). Comments and reactions are
// announced to the attempt's challenge room under its lock, so the counts their events carry
// follow the room's order. Who may do what is server/services/engagement.service.ts's: these
// answer null when the attempt or comment is not there, and the service refuses.
import {
  ENGAGEMENT,
  challengeRoom,
  type Comment,
  type EngagementCounts,
  type ReactionCounts,
  type ReactionId,
} from '../../contract/index.ts'
import type { Announcer } from '../announcer.ts'
import type { Prisma, PrismaClient, Tx } from '../db.ts'
import { isMissingReference } from '../refusal.ts'
import { appendAudit, type AuditEntry } from './audit-log.ts'
import { engagementViews } from './engagement-views.ts'

const commentWithAuthor = { user: { select: { name: true } } } as const satisfies Prisma.CommentInclude
type CommentRow = Prisma.CommentGetPayload<{ include: typeof commentWithAuthor }> & { _count?: { reports: number } }

export function toComment(row: CommentRow): Comment {
  return {
    id: row.id,
    attempt_id: row.attemptId,
    user_id: row.userId,
    author_name: row.user.name,
    text: row.text,
    created_at: row.createdAt.toISOString(),
    ...(row._count ? { reports: row._count.reports } : {}),
  }
}

type CountsRow = { views: number; plays: number; comments: number } & ReactionCounts
/** Advisory lock namespaces (first key) of one person's reaction to an attempt and one address's anonymous views. */
const REACTION_LOCK = 0x4c41_5201
const NO_COUNTS: CountsRow = { views: 0, plays: 0, comments: 0, fire: 0, strong: 0, clap: 0, wow: 0 }
const reactionsOf = (row: CountsRow): ReactionCounts => ({ fire: row.fire, strong: row.strong, clap: row.clap, wow: row.wow })
export const countsOf = (row: CountsRow | null): EngagementCounts => {
  const r = row ?? NO_COUNTS
  return { views: r.views, plays: r.plays, comments: r.comments, reactions: reactionsOf(r) }
}

/** Adds to an attempt's counters (creating its row) and answers them as they are now. */
async function bump(tx: Tx, attemptId: number, delta: Partial<CountsRow>): Promise<CountsRow> {
  const d = { ...Object.fromEntries(Object.keys(NO_COUNTS).map((k) => [k, 0])), ...delta } as CountsRow
  const [row] = await tx.$queryRaw<CountsRow[]>`
    INSERT INTO engagement_counts (attempt_id, views, plays, comments, fire, strong, clap, wow)
    VALUES (${attemptId}, ${d.views}, ${d.plays}, ${d.comments}, ${d.fire}, ${d.strong}, ${d.clap}, ${d.wow})
    ON CONFLICT (attempt_id) DO UPDATE SET
      views = engagement_counts.views + EXCLUDED.views, plays = engagement_counts.plays + EXCLUDED.plays,
      comments = engagement_counts.comments + EXCLUDED.comments, fire = engagement_counts.fire + EXCLUDED.fire,
      strong = engagement_counts.strong + EXCLUDED.strong, clap = engagement_counts.clap + EXCLUDED.clap, wow = engagement_counts.wow + EXCLUDED.wow
    RETURNING views, plays, comments, fire, strong, clap, wow`
  return row!
}

export interface AttemptPlace {
  challengeId: number
  /** The challenge's organiser (null when their account is gone): they moderate its comments. */
  organiserId: number | null
}

async function placeOf(client: Pick<PrismaClient, 'attempt'>, attemptId: number): Promise<AttemptPlace | null> {
  const row = await client.attempt.findUnique({
    where: { id: attemptId },
    select: { participant: { select: { challengeId: true, challenge: { select: { createdById: true } } } } },
  })
  return row && { challengeId: row.participant.challengeId, organiserId: row.participant.challenge.createdById }
}

export interface ViewerIdentity {
  /** `u:<user id>` or `a:<browser id>`. */
  viewer: string
  anonymous: boolean
  /** A hash of the client address. */
  addr: string
}

export interface EngagementOptions {
  viewWindowMs: number
  anonymousPerAddress: number
}
const DEFAULTS: EngagementOptions = {
  viewWindowMs: ENGAGEMENT.viewWindowHours * 3_600_000,
  anonymousPerAddress: ENGAGEMENT.anonymousViewersPerAddress,
}

export function createEngagementRepository(prisma: PrismaClient, announcer: Announcer, options: EngagementOptions = DEFAULTS) {
  return {
    place: (attemptId: number) => placeOf(prisma, attemptId),

    /**
     * A page of an attempt's comments, newest first, with the room's seq and the total, read in one
     * REPEATABLE READ snapshot (events after the seq apply on top). With `withReports`, each comment's report count.
     */
    async listComments(attemptId: number, page: { limit: number; before?: number }, withReports: boolean) {
      const read = await prisma.$transaction(
        async (tx) => {
          const place = await placeOf(tx, attemptId)
          if (!place) return null
          // One after another: a transaction's queries share its one connection.
          const head = await tx.liveRoom.findUnique({ where: { room: challengeRoom(place.challengeId) }, select: { seq: true } })
          const rows: CommentRow[] = await tx.comment.findMany({
            where: { attemptId, ...(page.before ? { id: { lt: page.before } } : {}) },
            include: { ...commentWithAuthor, ...(withReports ? { _count: { select: { reports: true } } } : {}) },
            orderBy: { id: 'desc' },
            take: page.limit + 1,
          })
          const counts = await tx.engagementCount.findUnique({ where: { attemptId }, select: { comments: true } })
          return [head, rows, counts] as const
        },
        { isolationLevel: 'RepeatableRead' },
      )
      if (!read) return null
      const [head, rows, counts] = read
      const more = rows.length > page.limit
      const shown = rows.slice(0, page.limit)
      return {
        seq: head?.seq ?? 0,
        comments: shown.map(toComment),
        total: counts?.comments ?? 0,
        nextBefore: more ? shown.at(-1)!.id : undefined,
      }
    },

    /** The attempt's figures and `userId`'s reaction, with the room's seq, in one snapshot; null when there is no such attempt. */
    async engagement(attemptId: number, userId: number | null) {
      return prisma.$transaction(
        async (tx) => {
          const place = await placeOf(tx, attemptId)
          if (!place) return null
          const head = await tx.liveRoom.findUnique({ where: { room: challengeRoom(place.challengeId) }, select: { seq: true } })
          const counts = await tx.engagementCount.findUnique({ where: { attemptId } })
          const mine =
            userId === null
              ? null
              : await tx.reaction.findUnique({ where: { attemptId_userId: { attemptId, userId } }, select: { kind: true } })
          return { seq: head?.seq ?? 0, place, counts: countsOf(counts), mine: (mine?.kind ?? null) as ReactionId | null }
        },
        { isolationLevel: 'RepeatableRead' },
      )
    },

    /** Stores a comment (text already checked) and announces it with the attempt's new count; null when there is no such attempt. */
    createComment(attemptId: number, userId: number, text: string): Promise<{ comment: Comment; comments: number } | null> {
      return announcer.write(async (tx, announce) => {
        const place = await placeOf(tx, attemptId)
        if (!place) return null
        const room = challengeRoom(place.challengeId)
        await announce.lock(room)
        const comment = toComment(await tx.comment.create({ data: { attemptId, userId, text }, include: commentWithAuthor }))
        const { comments } = await bump(tx, attemptId, { comments: 1 })
        await announce(room, 'comment.created', { competition_id: place.challengeId, attempt_id: attemptId, comment, comments })
        return { comment, comments }
      })
    },

    /**
     * Runs `work` in one write on the comment, given its author and place (null: no such comment).
     * `remove` deletes it under its challenge room's lock and announces it; false when another
     * removal got there first (of two deletes at once, one removes it and the other finds it gone).
     */
    withComment<T>(
      commentId: number,
      work: (
        comment: { authorId: number; attemptId: number; text: string; place: AttemptPlace },
        remove: (audit?: AuditEntry) => Promise<boolean>,
      ) => Promise<T>,
    ): Promise<T | null> {
      return announcer.write(async (tx, announce) => {
        const found = await tx.comment.findUnique({ where: { id: commentId }, select: { attemptId: true, userId: true, text: true } })
        if (!found) return null
        const place = (await placeOf(tx, found.attemptId))!
        return work({ authorId: found.userId, attemptId: found.attemptId, text: found.text, place }, async (audit) => {
          const room = challengeRoom(place.challengeId)
          await announce.lock(room)
          const removed = await tx.comment.deleteMany({ where: { id: commentId } })
          if (removed.count === 0) return false
          // A site administrator's removal is logged in the same transaction (docs/moderation.md).
          if (audit) await appendAudit(tx, audit)
          const { comments } = await bump(tx, found.attemptId, { comments: -1 })
          // Its creation event stays in the outbox for replays: without its words, so a removed comment cannot be read back.
          await tx.$executeRaw`
            UPDATE live_events SET payload = jsonb_set(payload, '{comment,text}', '""')
            WHERE room = ${room} AND type = 'comment.created' AND (payload->'comment'->>'id')::int = ${commentId}`
          await announce(room, 'comment.deleted', {
            competition_id: place.challengeId,
            attempt_id: found.attemptId,
            comment_id: commentId,
            comments,
          })
          return true
        })
      })
    },

    /** Who wrote the comment; null when there is no such comment. */
    async commentAuthor(commentId: number): Promise<number | null> {
      return (await prisma.comment.findUnique({ where: { id: commentId }, select: { userId: true } }))?.userId ?? null
    },

    /** Records `userId`'s report of a comment, once (a repeat changes nothing); false when the comment is gone. */
    async addReport(commentId: number, userId: number): Promise<boolean> {
      try {
        await prisma.commentReport.createMany({ data: [{ commentId, userId }], skipDuplicates: true })
        return true
      } catch (error) {
        // Removed between the caller's read and the insert.
        if (isMissingReference(error)) return false
        throw error
      }
    },

    /**
     * Sets (`kind`) or removes (null) `userId`'s reaction. A change is announced with every count as
     * it is now; setting the reaction one already has changes nothing and announces nothing. Null when there is no such attempt.
     */
    setReaction(
      attemptId: number,
      userId: number,
      kind: ReactionId | null,
    ): Promise<{ reactions: ReactionCounts; mine: ReactionId | null } | null> {
      return announcer.write(async (tx, announce) => {
        const place = await placeOf(tx, attemptId)
        if (!place) return null
        // The person's reaction first (their own clicks queue here, even before they have a row: a row
        // lock alone would let two first reactions both count), then the room: the order every writer takes.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${REACTION_LOCK}::int, hashtext(${`${attemptId}:${userId}`}::text))`
        const [held] = await tx.$queryRaw<{ kind: ReactionId }[]>`
          SELECT kind FROM reactions WHERE attempt_id = ${attemptId} AND user_id = ${userId} FOR UPDATE`
        const before = held?.kind ?? null
        if (before === kind) {
          const counts = await tx.engagementCount.findUnique({ where: { attemptId } })
          return { reactions: countsOf(counts).reactions, mine: kind }
        }
        const room = challengeRoom(place.challengeId)
        await announce.lock(room)
        const where = { attemptId_userId: { attemptId, userId } }
        if (kind === null) await tx.reaction.delete({ where })
        else await tx.reaction.upsert({ where, create: { attemptId, userId, kind }, update: { kind, updatedAt: new Date() } })
        const delta: Partial<CountsRow> = {}
        if (before) delta[before] = -1
        if (kind) delta[kind] = (delta[kind] ?? 0) + 1
        const reactions = reactionsOf(await bump(tx, attemptId, delta))
        await announce(room, 'reactions.changed', { competition_id: place.challengeId, attempt_id: attemptId, reactions })
        return { reactions, mine: kind }
      })
    },

    ...engagementViews(prisma, options, bump),
  }
}

export type EngagementRepository = ReturnType<typeof createEngagementRepository>
