import { afterEach, describe, expect, it, vi } from 'vitest'
import type { NewUploadSlot, SlotUsage, UploadSlotsRepository } from '../../infra/repositories/upload-slots.repository.ts'
import { HttpError } from '../errors.ts'
import {
  RECEIVING_LEASE_MS,
  createUploadSlots,
  receivingRefusal,
  unfinishedRefusal,
  type UploadSlotLimits,
} from './upload-slots.service.ts'

const MB = 1024 * 1024
const limits: UploadSlotLimits = {
  unfinishedPerAccount: 2,
  unfinishedBytesPerAccount: 3 * MB,
  unfinishedPerAddress: 4,
  unfinishedBytesPerAddress: 6 * MB,
  concurrentPerAccount: 2,
}
const usage = (count: number, bytes = 0, firstExpiry: Date | null = null): SlotUsage => ({ count, bytes, firstExpiry })

describe('unfinished uploads: the rule', () => {
  it('allows up to the limits, the new upload counted', () => {
    expect(unfinishedRefusal({ account: usage(2, 3 * MB), address: usage(4, 6 * MB) }, MB, limits)).toBeNull()
  })

  it('names the limit met, the account before the address', () => {
    const expiry = new Date('2030-01-02T03:04:05.000Z')
    expect(unfinishedRefusal({ account: usage(3, MB, expiry), address: usage(9, 99 * MB) }, 1000, limits)).toBe(
      'You have 2 unfinished uploads: finish or cancel one before starting another (the oldest is removed at 2030-01-02T03:04:05.000Z).',
    )
    expect(unfinishedRefusal({ account: usage(2, 3.5 * MB), address: usage(1) }, 1.5 * MB, limits)).toBe(
      'Your unfinished uploads already hold 2 MB of the 3 MB you may have open at once: finish or cancel one before starting this 1.5 MB upload.',
    )
    expect(unfinishedRefusal({ account: usage(1, 1000), address: usage(5, 1000) }, 1000, limits)).toBe(
      'There are already 4 unfinished uploads from your network: finish or cancel one, or try again later.',
    )
    expect(unfinishedRefusal({ account: usage(1, MB), address: usage(3, 6 * MB + 1) }, MB, limits)).toBe(
      'Unfinished uploads from your network already hold 5 MB of the 6 MB allowed at once: finish or cancel one, or try again later.',
    )
  })
})

describe('uploads being received: the rule', () => {
  it('allows up to UPLOAD_CONCURRENT_PER_ACCOUNT at once, this one counted', () => {
    expect(receivingRefusal(usage(2), limits)).toBeNull()
    expect(receivingRefusal(usage(3), limits)).toBe('You are already sending 2 uploads at once: let one finish, then send this one.')
  })
})

/** The repository's behaviour over an array, with the clock the service is given. */
function memoryRepository() {
  const rows: NewUploadSlot[] = []
  const live = (now: Date) => rows.filter((r) => r.expiresAt > now)
  const sum = (list: NewUploadSlot[]): SlotUsage => ({
    count: list.length,
    bytes: list.reduce((n, r) => n + r.bytes, 0),
    firstExpiry: list.map((r) => r.expiresAt).sort((a, b) => +a - +b)[0] ?? null,
  })
  const repo: UploadSlotsRepository = {
    async take(slot, now) {
      rows.push(slot)
      return {
        account: sum(live(now).filter((r) => r.kind === slot.kind && r.userId === slot.userId)),
        address: sum(live(now).filter((r) => r.kind === slot.kind && r.address === slot.address)),
      }
    },
    async release(id) {
      const at = rows.findIndex((r) => r.id === id)
      if (at >= 0) rows.splice(at, 1)
    },
    async renew(id, expiresAt) {
      const row = rows.find((r) => r.id === id)
      if (row) row.expiresAt = expiresAt
      return Boolean(row)
    },
    async removeExpired(now) {
      const gone = rows.filter((r) => r.expiresAt <= now)
      for (const r of gone) rows.splice(rows.indexOf(r), 1)
      return gone.length
    },
  }
  return { rows, repo }
}

const log = { warn: vi.fn() } as unknown as Parameters<typeof createUploadSlots>[2]
const refused = async (run: () => Promise<unknown>) => {
  try {
    await run()
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, error: error.message }
    throw error
  }
  return null
}

describe('upload slots', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('keeps no row for a refused unfinished upload, and frees a closed one', async () => {
    const { rows, repo } = memoryRepository()
    const slots = createUploadSlots(repo, limits, log)
    const who = { userId: 1, address: '203.0.113.1' }
    const expires = new Date(Date.now() + 3_600_000)
    await slots.openUnfinished(who, 'a', MB, expires)
    await slots.openUnfinished(who, 'b', MB, expires)
    expect(await refused(() => slots.openUnfinished(who, 'c', MB, expires))).toMatchObject({ status: 429 })
    expect(rows.map((r) => r.id)).toEqual(['a', 'b'])
    await slots.closeUnfinished('a')
    await slots.openUnfinished(who, 'c', MB, expires)
    expect(rows.map((r) => r.id)).toEqual(['b', 'c'])
  })

  it('counts an expired unfinished upload for nothing (a slot whose release was lost lapses with its upload)', async () => {
    let now = new Date('2030-01-01T00:00:00Z')
    const { repo } = memoryRepository()
    const slots = createUploadSlots(repo, limits, log, () => now)
    const who = { userId: 1, address: '203.0.113.1' }
    const hourLater = new Date(now.getTime() + 3_600_000)
    await slots.openUnfinished(who, 'a', MB, hourLater)
    await slots.openUnfinished(who, 'b', MB, hourLater)
    expect(await refused(() => slots.openUnfinished(who, 'c', MB, new Date(now.getTime() + 7_200_000)))).toMatchObject({ status: 429 })
    now = hourLater
    await slots.openUnfinished(who, 'c', MB, new Date(now.getTime() + 3_600_000))
    expect(await slots.removeExpired()).toBe(2)
  })

  it('leases a receiving slot, renews it while the body arrives, and frees it once', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') })
    const { rows, repo } = memoryRepository()
    const slots = createUploadSlots(repo, limits, log)
    const who = { userId: 7, address: '203.0.113.9' }
    const first = await slots.receiving(who)
    await slots.receiving(who)
    expect(await refused(() => slots.receiving(who))).toEqual({
      status: 429,
      error: 'You are already sending 2 uploads at once: let one finish, then send this one.',
    })
    expect(rows).toHaveLength(2)
    expect(rows.every((r) => r.expiresAt.getTime() === Date.now() + RECEIVING_LEASE_MS)).toBe(true)
    // Renewed while the uploads run: after five leases' time they still count.
    await vi.advanceTimersByTimeAsync(5 * RECEIVING_LEASE_MS)
    expect(rows.every((r) => r.expiresAt.getTime() > Date.now())).toBe(true)
    expect(await refused(() => slots.receiving(who))).toMatchObject({ status: 429 })
    await first()
    await first()
    expect(rows).toHaveLength(1)
    await slots.receiving(who)
    expect(rows).toHaveLength(2)
  })
})
