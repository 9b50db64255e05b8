// The outbox (live_events, numbered per room in live_rooms): all of its I/O. Events are
// appended only through infra/announcer.ts, in the transaction of the write they describe;
// the live layer reads them back here (what a subscriber missed, a gap the plain feed must
// fill, the rooms' heads), from any node, for events any other node or the worker wrote.
import {
  GLOBAL_ROOM,
  type LiveEvent,
  type LiveEventData,
  type LiveEventType,
  type Room,
  type SubscribeResult,
} from '../../contract/index.ts'
import { WRITE_TRANSACTION, type Prisma, type PrismaClient, type Tx } from '../db.ts'

/** At most this many events are replayed; a client further behind refetches a REST snapshot. */
export const REPLAY_LIMIT = 1000

type EventRow = Prisma.LiveEventGetPayload<object>

export function toLiveEvent(row: EventRow): LiveEvent {
  return { room: row.room, seq: row.seq, type: row.type, data: row.payload, at: row.createdAt.toISOString() } as LiveEvent
}

/**
 * Takes the room's row lock and reserves its next number. The lock is held until commit, so
 * writers to one room run one after another (see Announce.lock for why and in which order).
 */
export async function reserveSeq(tx: Tx, room: Room): Promise<number> {
  const { seq } = await tx.liveRoom.upsert({
    where: { room },
    create: { room, seq: 1 },
    update: { seq: { increment: 1 } },
  })
  return seq
}

/** Writes one event in `tx` (announcer.ts is the only caller). */
export async function appendEvent<K extends LiveEventType>(
  tx: Tx,
  room: Room,
  type: K,
  data: LiveEventData[K],
  reservedSeq?: number,
): Promise<LiveEvent> {
  const seq = reservedSeq ?? (await reserveSeq(tx, room))
  const row = await tx.liveEvent.create({ data: { room, seq, type, payload: data as Prisma.InputJsonValue } })
  return toLiveEvent(row)
}

/**
 * Rooms numbered after commit. Every write to any challenge also tells the global room, so
 * numbering its events in the write's transaction would make every write on the platform
 * wait for the one before it (the room's row lock). Its events are appended unnumbered and
 * numbered by `numberPending` once the write has committed. Challenge rooms stay numbered
 * in the transaction: their events carry state (a count) that must follow the lock order.
 */
export const numberedAfterCommit = (room: Room): boolean => room === GLOBAL_ROOM

/** Writes one unnumbered event of a room numbered after commit, in `tx` (announcer.ts is the only caller). */
export async function appendPending<K extends LiveEventType>(tx: Tx, room: Room, type: K, data: LiveEventData[K]): Promise<void> {
  await tx.livePendingEvent.create({ data: { room, type, payload: data as Prisma.InputJsonValue } })
}

/**
 * Numbers the room's committed unnumbered events, oldest first, and answers them. Under the
 * room's row lock, held only for this short transaction: of several callers at once, one
 * numbers everything committed so far and the others find nothing left. Any process may call
 * it (the writer after its commit, a sweep after a writer died before it could).
 */
export function numberPending(prisma: PrismaClient, room: Room): Promise<LiveEvent[]> {
  return prisma.$transaction(async (tx) => {
    // Taken before the rows are read, so every row a previous numbering left is visible (read committed).
    const [head] = await tx.$queryRaw<{ seq: number }[]>`
      INSERT INTO live_rooms (room, seq) VALUES (${room}, 0)
      ON CONFLICT (room) DO UPDATE SET seq = live_rooms.seq
      RETURNING seq`
    const rows = await tx.$queryRaw<{ id: number; type: string; payload: Prisma.JsonValue; created_at: Date }[]>`
      DELETE FROM live_pending_events WHERE room = ${room} RETURNING id, type, payload, created_at`
    if (rows.length === 0) return []
    rows.sort((a, b) => a.id - b.id)
    const first = head!.seq + 1
    const numbered = rows.map((row, i) => ({
      room,
      seq: first + i,
      type: row.type,
      payload: row.payload as Prisma.InputJsonValue,
      createdAt: row.created_at,
    }))
    await tx.liveEvent.createMany({ data: numbered })
    await tx.liveRoom.update({ where: { room }, data: { seq: first + rows.length - 1 } })
    return numbered.map((row) => toLiveEvent({ ...row, payload: row.payload as Prisma.JsonValue }))
  }, WRITE_TRANSACTION)
}

export function createLiveEventsRepository(prisma: PrismaClient) {
  /** The room's current number: its last committed event (0 before any). */
  async function roomSeq(room: Room, client: Pick<PrismaClient, 'liveRoom'> = prisma): Promise<number> {
    const row = await client.liveRoom.findUnique({ where: { room }, select: { seq: true } })
    return row?.seq ?? 0
  }

  return {
    roomSeq,

    /**
     * Numbers what writers left unnumbered for over a second (a writer numbers its own at once;
     * one that died after its commit could not): the sweep's repair. See numberPending.
     */
    async numberAbandoned(): Promise<LiveEvent[]> {
      const rooms = await prisma.$queryRaw<{ room: Room }[]>`
        SELECT DISTINCT room FROM live_pending_events WHERE created_at < now() - interval '1 second'`
      const events: LiveEvent[] = []
      for (const { room } of rooms) events.push(...(await numberPending(prisma, room)))
      return events
    },

    /** The current numbers of several rooms at once (rooms with no event yet are absent). */
    async roomSeqs(rooms: readonly Room[]): Promise<Map<Room, number>> {
      const rows = await prisma.liveRoom.findMany({ where: { room: { in: [...rooms] } }, select: { room: true, seq: true } })
      return new Map(rows.map((row) => [row.room as Room, row.seq]))
    },

    /** Events (after, upTo] of a room, in order. */
    async between(room: Room, after: number, upTo: number): Promise<LiveEvent[]> {
      if (upTo <= after) return []
      const rows = await prisma.liveEvent.findMany({ where: { room, seq: { gt: after, lte: upTo } }, orderBy: { seq: 'asc' } })
      return rows.map(toLiveEvent)
    },

    /**
     * The answer to `subscribe({ room, since })`. Without `since`: the current seq, no replay.
     * With it: the events after it, in order, or `resync` when they are too many, gone, or
     * `since` is ahead of the room (a client of another database, or a bug).
     */
    async replaySince(
      room: Room,
      since: number | null,
      options: { limit?: number; readSeq?: () => Promise<number> } = {},
    ): Promise<SubscribeResult> {
      const limit = options.limit ?? REPLAY_LIMIT
      const seq = await (options.readSeq ?? (() => roomSeq(room)))()
      if (since === null || since === seq) return { room, seq, missed: [], resync: false }
      if (since > seq || seq - since > limit) return { room, seq, missed: [], resync: true }
      const rows = await prisma.liveEvent.findMany({ where: { room, seq: { gt: since } }, orderBy: { seq: 'asc' }, take: limit })
      // Numbers are dense (a rolled-back write gives its number back), so a hole means pruned rows.
      const contiguous = rows.every((row, i) => row.seq === since + 1 + i) && rows.length >= seq - since
      if (!contiguous) return { room, seq, missed: [], resync: true }
      const missed = rows.map(toLiveEvent)
      return { room, seq: Math.max(seq, missed.at(-1)?.seq ?? 0), missed, resync: false }
    },

    /**
     * Retention (infra/retention.ts): deletes a room's events only when they are both beyond the
     * newest `keep` of the room (REPLAY_LIMIT: a `since` further back is answered resync anyway)
     * and older than `minAgeMs` (a client offline for a while still replays). A subscriber whose
     * `since` falls in what was deleted finds the hole and is answered resync (replaySince); the
     * room's seq lives in live_rooms and is untouched. Batches of `batch` rows, each its own short
     * statement; stops between batches once `signal` aborts. Answers how many rows went.
     */
    async pruneOld(options: { minAgeMs: number; keep?: number; batch: number; signal?: AbortSignal }): Promise<number> {
      const keep = options.keep ?? REPLAY_LIMIT
      // Only rooms with more than `keep` events; the cutoff is read once (a room moving on meanwhile keeps more, never less).
      const rooms = await prisma.$queryRaw<{ room: string; cutoff: number }[]>`
        SELECT room, seq - ${keep}::int AS cutoff FROM live_rooms WHERE seq > ${keep}::int`
      let deleted = 0
      for (const { room, cutoff } of rooms) {
        const [{ lo }] = (await prisma.$queryRaw<{ lo: number | null }[]>`SELECT min(seq) AS lo FROM live_events WHERE room = ${room}`) as [
          { lo: number | null },
        ]
        // Primary-key ranges of `batch` numbers from the oldest, each its own short DELETE.
        for (let from = lo ?? cutoff + 1; from <= cutoff; from += options.batch) {
          if (options.signal?.aborted) return deleted
          const to = Math.min(from + options.batch - 1, cutoff)
          const n = await prisma.$executeRaw`
            DELETE FROM live_events WHERE room = ${room} AND seq >= ${from}::int AND seq <= ${to}::int
              AND created_at < now() - ${options.minAgeMs} * interval '1 millisecond'`
          deleted += n
          // A row of the range stayed: it is younger than minAgeMs, and the later ones are too, so this room
          // is done for now. A range merely short of rows (nothing left in it) goes on.
          if (
            n < to - from + 1 &&
            (
              await prisma.$queryRaw<unknown[]>`
            SELECT 1 FROM live_events WHERE room = ${room} AND seq >= ${from}::int AND seq <= ${to}::int LIMIT 1`
            ).length > 0
          )
            break
        }
      }
      return deleted
    },
  }
}

export type LiveEventsRepository = ReturnType<typeof createLiveEventsRepository>
