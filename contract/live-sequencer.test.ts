import { describe, expect, it } from 'vitest'
import { RoomSequencer } from './live-sequencer.ts'

const e = (seq: number, tag = '') => ({ seq, tag })
const seqs = (events: { seq: number }[]) => events.map((event) => event.seq)

describe('RoomSequencer', () => {
  it('releases events that follow its seq at once, in order', () => {
    const s = new RoomSequencer<{ seq: number }>(4)
    expect(seqs(s.push(e(5)))).toEqual([5])
    expect(seqs(s.push(e(6)))).toEqual([6])
    expect(s.seq).toBe(6)
    expect(s.pendingCount).toBe(0)
    expect(s.gap).toBeNull()
  })

  it('drops duplicates and events its state already covers', () => {
    const s = new RoomSequencer<{ seq: number; tag: string }>(2)
    expect(s.push(e(2))).toEqual([])
    expect(s.push(e(1))).toEqual([])
    expect(s.push(e(3, 'first'))).toEqual([e(3, 'first')])
    expect(s.push(e(3, 'again'))).toEqual([])
    // An early event sent twice is held once and released once.
    expect(s.push(e(5, 'early'))).toEqual([])
    expect(s.push(e(5, 'early again'))).toEqual([])
    expect(s.pendingCount).toBe(1)
    expect(s.push(e(4))).toEqual([e(4), e(5, 'early again')])
    expect(s.seq).toBe(5)
  })

  it('holds early events until the gap before them fills, then releases the run in order', () => {
    const s = new RoomSequencer<{ seq: number }>(10)
    expect(s.push(e(13))).toEqual([])
    expect(s.push(e(12))).toEqual([])
    expect(s.push(e(15))).toEqual([])
    expect(s.seq).toBe(10)
    expect(s.pendingCount).toBe(3)
    expect(seqs(s.push(e(11)))).toEqual([11, 12, 13])
    // 14 is still missing: 15 waits.
    expect(s.seq).toBe(13)
    expect(s.pendingCount).toBe(1)
    expect(seqs(s.pushAll([e(16), e(14)]))).toEqual([14, 15, 16])
    expect(s.pendingCount).toBe(0)
  })

  it('reports the missing numbers while later events wait', () => {
    const s = new RoomSequencer<{ seq: number }>(3)
    s.push(e(9))
    s.push(e(6))
    expect(s.gap).toEqual({ after: 3, upTo: 5 })
    s.pushAll([e(4), e(5)])
    expect(s.gap).toEqual({ after: 6, upTo: 8 })
    s.push(e(7))
    s.push(e(8))
    expect(s.gap).toBeNull()
    expect(s.seq).toBe(9)
  })

  it('holds everything until a snapshot says where the room is, then releases what follows it', () => {
    const s = new RoomSequencer<{ seq: number }>(null)
    expect(s.seq).toBeNull()
    expect(s.push(e(7))).toEqual([])
    expect(s.push(e(8))).toEqual([])
    expect(s.push(e(5))).toEqual([])
    expect(s.gap).toBeNull() // no seq yet: nothing is known to be missing
    expect(seqs(s.reset(6))).toEqual([7, 8])
    expect(s.seq).toBe(8)
    expect(s.pendingCount).toBe(0) // 5 was covered by the snapshot
  })

  it('restarts from a newer snapshot: forgets what it covers, keeps and releases what follows', () => {
    const s = new RoomSequencer<{ seq: number }>(1)
    s.pushAll([e(3), e(4), e(9), e(11)])
    expect(s.gap).toEqual({ after: 1, upTo: 2 })
    expect(seqs(s.reset(8))).toEqual([9])
    expect(s.seq).toBe(9)
    expect(s.gap).toEqual({ after: 9, upTo: 10 })
    expect(s.pendingCount).toBe(1)
    // A snapshot ahead of the state skips what it covers (10) and releases what follows (11).
    expect(seqs(s.reset(10))).toEqual([11])
    expect(seqs(s.push(e(12)))).toEqual([12])
  })

  it('says when so many events wait on a gap that the holder should resync', () => {
    const s = new RoomSequencer<{ seq: number }>(0, 3)
    s.pushAll([e(2), e(3), e(4)])
    expect(s.pendingCount).toBe(3)
    expect(s.overflowing).toBe(false)
    s.push(e(5))
    expect(s.overflowing).toBe(true)
    expect(seqs(s.reset(5))).toEqual([])
    expect(s.overflowing).toBe(false)
    expect(s.pendingCount).toBe(0)
  })
})
