// Live events are written to an outbox in the same transaction as the change
// they describe, numbered per room. Publishing happens after commit, so no
// client ever sees an event whose write rolled back, and a client that missed
// events can replay them from the table.
import type { LiveEvent, LiveEventData, LiveEventType, Room } from '../contract/index.ts'
import type { Prisma } from '../prisma/generated/client.ts'

type Tx = Prisma.TransactionClient

/**
 * Takes the room's row lock and reserves its next number. The lock is held
 * until commit, so writers to one room run one after another: call this FIRST
 * when the event carries state read in the same transaction (a participant
 * count), so that state includes every earlier event's write. Lock rooms in a
 * fixed order (competition rooms before the global room) to avoid deadlocks.
 */
export async function reserveSeq(tx: Tx, room: Room): Promise<number> {
  const { seq } = await tx.liveRoom.upsert({
    where: { room },
    create: { room, seq: 1 },
    update: { seq: { increment: 1 } },
  })
  return seq
}

export async function appendEvent<K extends LiveEventType>(tx: Tx, room: Room, type: K, data: LiveEventData[K], reservedSeq?: number): Promise<LiveEvent> {
  const seq = reservedSeq ?? (await reserveSeq(tx, room))
  const row = await tx.liveEvent.create({ data: { room, seq, type, payload: data as Prisma.InputJsonValue } })
  return { room, seq, type, data, at: row.createdAt.toISOString() } as LiveEvent
}

/** Where committed events go: socket.io in the server, Redis in a separate worker. */
export interface EventPublisher {
  publish(events: readonly LiveEvent[]): void
  /** Progress of a transcode, for the uploader only; not numbered, not stored. */
  progress(userId: number, progress: import('../contract/index.ts').TranscodeProgress): void
}

export const discardingPublisher: EventPublisher = { publish() {}, progress() {} }
