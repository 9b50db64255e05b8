// How much room one account (and one client address) may hold on the server with uploads:
// unfinished resumable uploads, by count and declared bytes, per account and per address; and
// POST /api/upload bodies being received at once, per account. The counts are rows of the
// database (infra/repositories/upload-slots.repository.ts), so every node sees the same ones.
//
// Per address means the client's network (server/client-network.ts: an IPv6 client by its /64), as
// every per-address count is.
import { randomBytes } from 'node:crypto'
import type { SlotUsage, UploadSlotsRepository } from '../../infra/repositories/upload-slots.repository.ts'
import { HttpError } from '../errors.ts'
import { formatBytes } from './upload.service.ts'

export interface UploadSlotLimits {
  unfinishedPerAccount: number
  unfinishedBytesPerAccount: number
  unfinishedPerAddress: number
  unfinishedBytesPerAddress: number
  concurrentPerAccount: number
}

/** A receiving slot's lease: renewed every third of it while the body arrives, so a killed process's slot lapses within it. */
export const RECEIVING_LEASE_MS = 60_000

/**
 * Why a new unfinished upload of `declared` bytes may not be kept, given what the account and the
 * address hold with it counted; null when it may.
 */
export function unfinishedRefusal(
  usage: { account: SlotUsage; address: SlotUsage },
  declared: number,
  limits: UploadSlotLimits,
): string | null {
  const { account, address } = usage
  if (account.count > limits.unfinishedPerAccount) {
    const oldest = account.firstExpiry ? ` (the oldest is removed at ${account.firstExpiry.toISOString()})` : ''
    return `You have ${limits.unfinishedPerAccount} unfinished uploads: finish or cancel one before starting another${oldest}.`
  }
  if (account.bytes > limits.unfinishedBytesPerAccount) {
    return (
      `Your unfinished uploads already hold ${formatBytes(account.bytes - declared)} of the ${formatBytes(limits.unfinishedBytesPerAccount)} ` +
      `you may have open at once: finish or cancel one before starting this ${formatBytes(declared)} upload.`
    )
  }
  if (address.count > limits.unfinishedPerAddress) {
    return `There are already ${limits.unfinishedPerAddress} unfinished uploads from your network: finish or cancel one, or try again later.`
  }
  if (address.bytes > limits.unfinishedBytesPerAddress) {
    return (
      `Unfinished uploads from your network already hold ${formatBytes(address.bytes - declared)} of the ${formatBytes(limits.unfinishedBytesPerAddress)} ` +
      'allowed at once: finish or cancel one, or try again later.'
    )
  }
  return null
}

/** Why one more upload body may not be received for this account now, given how many it is sending with it counted; null when it may. */
export function receivingRefusal(sending: SlotUsage, limits: Pick<UploadSlotLimits, 'concurrentPerAccount'>): string | null {
  if (sending.count <= limits.concurrentPerAccount) return null
  return `You are already sending ${limits.concurrentPerAccount} uploads at once: let one finish, then send this one.`
}

export interface UploadSlots {
  /** Keeps room for a new unfinished (resumable) upload `id` until `expiresAt`, or throws 429 {error}. */
  openUnfinished(who: { userId: number; address: string }, id: string, declared: number, expiresAt: Date): Promise<void>
  /** The upload was recorded, cancelled, refused or never created: its room is free. Never throws (the slot expires anyway). */
  closeUnfinished(id: string): Promise<void>
  /**
   * Counts a POST /api/upload body being received, or throws 429 {error}. Answers the function that
   * frees it (call it once the body has been read, however that ended).
   */
  receiving(who: { userId: number; address: string }): Promise<() => Promise<void>>
  /** Deletes expired slots (housekeeping: they count for nothing already). */
  removeExpired(): Promise<number>
}

export function createUploadSlots(
  slots: UploadSlotsRepository,
  limits: UploadSlotLimits,
  log: { warn(obj: object, msg: string): void },
  now: () => Date = () => new Date(),
): UploadSlots {
  /** Frees a slot; a failure is only logged (the slot expires anyway). */
  const release = (id: string) =>
    slots.release(id).catch((err: unknown) => log.warn({ err, slot: id }, 'could not free an upload slot; it expires by itself'))

  return {
    async openUnfinished({ userId, address }, id, declared, expiresAt) {
      const usage = await slots.take({ id, kind: 'unfinished', userId, address, bytes: declared, expiresAt }, now())
      const refusal = unfinishedRefusal(usage, declared, limits)
      if (refusal) {
        await release(id)
        throw new HttpError(429, refusal)
      }
    },

    closeUnfinished: (id) => release(id),

    async receiving({ userId, address }) {
      const id = `receiving-${randomBytes(12).toString('hex')}`
      const at = now()
      const usage = await slots.take(
        { id, kind: 'receiving', userId, address, bytes: 0, expiresAt: new Date(at.getTime() + RECEIVING_LEASE_MS) },
        at,
      )
      const refusal = receivingRefusal(usage.account, limits)
      if (refusal) {
        await release(id)
        throw new HttpError(429, refusal)
      }
      const renewal = setInterval(() => {
        void slots
          .renew(id, new Date(now().getTime() + RECEIVING_LEASE_MS))
          .catch((err: unknown) => log.warn({ err, slot: id }, 'could not renew an upload slot'))
      }, RECEIVING_LEASE_MS / 3)
      renewal.unref()
      let freed: Promise<void> | undefined
      return () => {
        clearInterval(renewal)
        freed ??= release(id)
        return freed
      }
    },

    removeExpired: () => slots.removeExpired(now()),
  }
}
