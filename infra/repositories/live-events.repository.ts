// The outbox (live_events, numbered per room in live_rooms): all of its I/O. Events are
// appended only through infra/announcer.ts, in the transaction of the write they describe;
// the live layer reads them back here (what a subscriber missed, a gap the plain feed must
// fill, the rooms' heads), from any node, for events any other node or the worker wrote.
import type { LiveEvent, LiveEventData, LiveEventType, Room, SubscribeResult } from '../../contract/index.ts'
import type { Prisma, PrismaClient, Tx } from '../db.ts'

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
export async function appendEvent<K extends LiveEventType>(tx: Tx, room: Room, type: K, data: LiveEventData[K], reservedSeq?: number): Promise<LiveEvent> {
  const seq = reservedSeq ?? (await reserveSeq(tx, room))
  const row = await tx.liveEvent.create({ data: { room, seq, type, payload: data as Prisma.InputJsonValue } })
  return toLiveEvent(row)
}

export function createLiveEventsRepository(prisma: PrismaClient) {
  /** The room's current number: its last committed event (0 before any). */
  async function roomSeq(room: Room, client: Pick<PrismaClient, 'liveRoom'> = prisma): Promise<number> {
    const row = await client.liveRoom.findUnique({ where: { room }, select: { seq: true } })
    return row?.seq ?? 0
  }

  return {
    roomSeq,

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
    async replaySince(room: Room, since: number | null, options: { limit?: number; readSeq?: () => Promise<number> } = {}): Promise<SubscribeResult> {
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
  }
}

export type LiveEventsRepository = ReturnType<typeof createLiveEventsRepository>
