// Upload slots (prisma/schema.prisma, UploadSlot): uploads holding room on the server, shared by
// every node through the database. I/O only; how many are allowed is upload-slots.service.ts's.
import type { PrismaClient } from '../db.ts'

export type UploadSlotKind = 'unfinished' | 'receiving'

export interface NewUploadSlot {
  id: string
  kind: UploadSlotKind
  userId: number
  address: string
  /** Declared bytes (a resumable upload's Upload-Length); 0 where not counted. */
  bytes: number
  expiresAt: Date
}

/** What the slots of one kind hold, not yet expired. */
export interface SlotUsage {
  count: number
  bytes: number
  /** The soonest expiry among them; null when there are none. */
  firstExpiry: Date | null
}

export function createUploadSlotsRepository(prisma: PrismaClient) {
  async function usage(where: { kind: UploadSlotKind; userId?: number; address?: string }, now: Date): Promise<SlotUsage> {
    const found = await prisma.uploadSlot.aggregate({
      where: { ...where, expiresAt: { gt: now } },
      _count: { _all: true },
      _sum: { bytes: true },
      _min: { expiresAt: true },
    })
    return { count: found._count._all, bytes: Number(found._sum.bytes ?? 0n), firstExpiry: found._min.expiresAt }
  }

  return {
    /**
     * Takes a slot, then answers what the account and the address hold of its kind, it included.
     * Written before it is counted: of two takes racing for the last place each sees the other, so
     * a limit is never exceeded (both may be refused).
     */
    async take(slot: NewUploadSlot, now: Date): Promise<{ account: SlotUsage; address: SlotUsage }> {
      await prisma.uploadSlot.create({ data: { ...slot, bytes: BigInt(slot.bytes) } })
      const [account, address] = await Promise.all([
        usage({ kind: slot.kind, userId: slot.userId }, now),
        usage({ kind: slot.kind, address: slot.address }, now),
      ])
      return { account, address }
    },

    /** Gives a slot back (gone already is fine). */
    async release(id: string): Promise<void> {
      await prisma.uploadSlot.deleteMany({ where: { id } })
    },

    /** Moves a slot's expiry (a lease renewed); false when it is gone. */
    async renew(id: string, expiresAt: Date): Promise<boolean> {
      const { count } = await prisma.uploadSlot.updateMany({ where: { id }, data: { expiresAt } })
      return count > 0
    },

    /** Deletes the slots expired before `now` (they count for nothing already). Returns how many. */
    async removeExpired(now: Date): Promise<number> {
      const { count } = await prisma.uploadSlot.deleteMany({ where: { expiresAt: { lte: now } } })
      return count
    },
  }
}

export type UploadSlotsRepository = ReturnType<typeof createUploadSlotsRepository>
