// Reads numbered events back from the outbox (live_events): what a subscribing
// client missed, or a gap the plain feed must fill. The outbox is the source of
// truth, so any node can answer for events any other node or the worker wrote.
import type { LiveEvent, Room, SubscribeResult } from '../../contract/index.ts'
import type { PrismaClient } from '../../infra/db.ts'

/** At most this many events are replayed; a client further behind refetches a REST snapshot. */
export const REPLAY_LIMIT = 1000

interface EventRow {
  room: string
  seq: number
  type: string
  payload: unknown
  createdAt: Date
}

export function toLiveEvent(row: EventRow): LiveEvent {
  return { room: row.room, seq: row.seq, type: row.type, data: row.payload, at: row.createdAt.toISOString() } as LiveEvent
}

/** The room's current number: its last committed event (0 before any). */
export async function roomSeq(prisma: PrismaClient, room: Room): Promise<number> {
  const row = await prisma.liveRoom.findUnique({ where: { room }, select: { seq: true } })
  return row?.seq ?? 0
}

/**
 * Reads a room's seq once for everyone who asks while a read is pending, starting the
 * read on the next turn of the event loop. A caller that has joined the room before
 * asking gets a seq read after its join, so an event committed in between is either
 * counted in the seq or pushed to it live: a burst of subscribers (a hall of phones
 * reconnecting) costs one query per room, not one per client.
 */
export function batchedRoomSeq(prisma: PrismaClient): (room: Room) => Promise<number> {
  const next = new Map<Room, Promise<number>>()
  return (room) => {
    let read = next.get(room)
    if (!read) {
      read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        next.delete(room) // later callers joined after this read began: they need a read of their own
        return roomSeq(prisma, room)
      })
      next.set(room, read)
    }
    return read
  }
}

/**
 * The answer to `subscribe({ room, since })`. Without `since`: the current seq, no replay.
 * With it: the events after it, in order, or `resync` when they are too many, gone, or
 * `since` is ahead of the room (a client of another database, or a bug).
 */
export async function replaySince(
  prisma: PrismaClient, room: Room, since: number | null, options: { limit?: number; readSeq?: () => Promise<number> } = {},
): Promise<SubscribeResult> {
  const limit = options.limit ?? REPLAY_LIMIT
  const seq = await (options.readSeq ?? (() => roomSeq(prisma, room)))()
  if (since === null || since === seq) return { room, seq, missed: [], resync: false }
  if (since > seq || seq - since > limit) return { room, seq, missed: [], resync: true }
  const rows = await prisma.liveEvent.findMany({ where: { room, seq: { gt: since } }, orderBy: { seq: 'asc' }, take: limit })
  // Numbers are dense (a rolled-back write gives its number back), so a hole means pruned rows.
  const contiguous = rows.every((row, i) => row.seq === since + 1 + i) && rows.length >= seq - since
  if (!contiguous) return { room, seq, missed: [], resync: true }
  const missed = rows.map(toLiveEvent)
  return { room, seq: Math.max(seq, missed.at(-1)?.seq ?? 0), missed, resync: false }
}

/** Events (after, upTo] of a room, in order. */
export async function eventsBetween(prisma: PrismaClient, room: Room, after: number, upTo: number): Promise<LiveEvent[]> {
  if (upTo <= after) return []
  const rows = await prisma.liveEvent.findMany({ where: { room, seq: { gt: after, lte: upTo } }, orderBy: { seq: 'asc' } })
  return rows.map(toLiveEvent)
}
