// Live events are written to an outbox in the same transaction as the change
// they describe, numbered per room. Publishing happens after commit, so no
// client ever sees an event whose write rolled back, and a client that missed
// events can replay them from the table.
import type { LiveEvent, LiveEventData, LiveEventType, Room } from '../contract/index.ts'
import type { Prisma } from '../prisma/generated/client.ts'

type Tx = Prisma.TransactionClient

export async function appendEvent<K extends LiveEventType>(tx: Tx, room: Room, type: K, data: LiveEventData[K]): Promise<LiveEvent> {
  // The upsert takes a row lock on the room, so concurrent writers get consecutive numbers in commit order.
  const { seq } = await tx.liveRoom.upsert({
    where: { room },
    create: { room, seq: 1 },
    update: { seq: { increment: 1 } },
  })
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
