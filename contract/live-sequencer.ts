// Orders one room's live events by their seq: each is released exactly once,
// in order; early ones wait until the gap before them fills. Pure (no I/O, no
// timers), so every live client shares it: the server's plain feed
// (server/live/feed.ts) and the web app's live store (web/src/stores/live.ts),
// which the live tests drive against a real server.

export interface Sequenced {
  seq: number
}

export class RoomSequencer<E extends Sequenced> {
  #seq: number | null
  readonly #pending = new Map<number, E>()

  /** `seq`: the number the holder's state reflects; null until a snapshot says (events wait). */
  constructor(
    seq: number | null = null,
    readonly maxPending = 10_000,
  ) {
    this.#seq = seq
  }

  /** The last released seq, or null before the first snapshot. */
  get seq(): number | null {
    return this.#seq
  }

  get pendingCount(): number {
    return this.#pending.size
  }

  /** True when so many events wait on a gap that the holder should resync from a snapshot. */
  get overflowing(): boolean {
    return this.#pending.size > this.maxPending
  }

  /** The missing numbers (after, upTo] while later events wait; null when nothing waits. */
  get gap(): { after: number; upTo: number } | null {
    if (this.#seq === null || this.#pending.size === 0) return null
    let lowest = Infinity
    for (const seq of this.#pending.keys()) if (seq < lowest) lowest = seq
    return { after: this.#seq, upTo: lowest - 1 }
  }

  /** Takes one event; returns the events now releasable, in order (empty for a duplicate or an early one). */
  push(event: E): E[] {
    if (this.#seq !== null && event.seq <= this.#seq) return []
    this.#pending.set(event.seq, event)
    return this.#drain()
  }

  pushAll(events: Iterable<E>): E[] {
    const released: E[] = []
    for (const event of events) released.push(...this.push(event))
    return released
  }

  /** Restarts from a snapshot at `seq`: forgets what it already covers and releases what follows it in order. */
  reset(seq: number): E[] {
    this.#seq = seq
    for (const key of this.#pending.keys()) if (key <= seq) this.#pending.delete(key)
    return this.#drain()
  }

  #drain(): E[] {
    const released: E[] = []
    if (this.#seq === null) return released
    for (let next = this.#pending.get(this.#seq + 1); next; next = this.#pending.get(this.#seq + 1)) {
      this.#pending.delete(next.seq)
      this.#seq = next.seq
      released.push(next)
    }
    return released
  }
}
