// The last line of defence against a lost publish. Clients find a missing event
// when a later one arrives (a seq gap) or when they reconnect; but if the LAST
// event of a room never reached this node (the process that committed it crashed
// before publishing, or Redis refused the write), nothing would reveal it.
//
// So each node remembers, per room with local listeners, the highest seq it has
// delivered, and one timer per node compares those with the outbox in a single
// query. An event committed for a whole interval and still not delivered here is
// read from the outbox and delivered to this node's listeners only. Per room and
// per node, never per client; idle rooms cost one row in that query.
//
// The same sweep numbers global-room events whose writer died between its commit and
// numbering them (infra/announcer.ts): they are published to every node like any other.
import type { LiveEvent, Room } from '../../contract/index.ts'
import type { LiveEventsRepository } from '../../infra/repositories/live-events.repository.ts'

export interface HeadWatchDeps {
  /** The outbox: the rooms' heads, and the events to redeliver. */
  liveEvents: Pick<LiveEventsRepository, 'roomSeqs' | 'between' | 'numberAbandoned'>
  /** Publishes events numbered by the sweep to every node's listeners. */
  publish(events: LiveEvent[]): void
  /** Rooms with listeners on this node right now. */
  rooms(): Iterable<Room>
  /** Delivers recovered events to this node's listeners only. */
  redeliver(events: LiveEvent[]): void
  log?: { warn(obj: object, msg: string): void }
  intervalMs?: number
}

export class HeadWatch {
  readonly #heads = new Map<Room, number>()
  /** The outbox's seq seen at the previous sweep, for rooms that were behind it then. */
  readonly #behind = new Map<Room, number>()
  #timer: NodeJS.Timeout | null = null
  #sweeping: Promise<void> | null = null

  constructor(private readonly deps: HeadWatchDeps) {}

  start() {
    this.#timer ??= setInterval(() => void this.sweep(), this.deps.intervalMs ?? 5_000)
    this.#timer.unref()
  }

  stop() {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }

  /** A room gets its first listener here, at a state that includes every event up to `seq`. */
  baseline(room: Room, seq: number) {
    if (!this.#heads.has(room)) this.#heads.set(room, seq)
  }

  /** An event delivered to this node's listeners. */
  delivered(event: LiveEvent) {
    const head = this.#heads.get(event.room)
    if (head !== undefined && event.seq > head) this.#heads.set(event.room, event.seq)
  }

  /** One comparison with the outbox (tests call it directly instead of waiting for the timer). */
  sweep(): Promise<void> {
    this.#sweeping ??= this.#sweep().finally(() => {
      this.#sweeping = null
    })
    return this.#sweeping
  }

  async #sweep() {
    try {
      const numbered = await this.deps.liveEvents.numberAbandoned()
      if (numbered.length > 0) {
        this.deps.log?.warn({ events: numbered.length }, 'live: numbered events a writer left unnumbered')
        this.deps.publish(numbered)
      }
    } catch (error) {
      this.deps.log?.warn({ err: error }, 'live: numbering left events failed')
    }
    const rooms = new Set(this.deps.rooms())
    for (const room of this.#heads.keys()) if (!rooms.has(room)) this.#heads.delete(room)
    for (const room of this.#behind.keys()) if (!rooms.has(room)) this.#behind.delete(room)
    if (rooms.size === 0) return
    try {
      const seqs = await this.deps.liveEvents.roomSeqs([...rooms])
      for (const [room, seq] of seqs) {
        const head = this.#heads.get(room)
        if (head === undefined) {
          this.#heads.set(room, seq)
          continue
        }
        if (seq <= head) {
          this.#behind.delete(room)
          continue
        }
        // Give publishes in flight one interval; repair only what was already committed last time.
        const before = this.#behind.get(room)
        this.#behind.set(room, seq)
        if (before === undefined || before <= head) continue
        const missed = await this.deps.liveEvents.between(room, head, before)
        if (missed.length === 0) continue
        this.deps.log?.warn({ room, after: head, upTo: before }, 'live: re-delivering events this node never received')
        this.deps.redeliver(missed)
        for (const event of missed) this.delivered(event)
      }
    } catch (error) {
      this.deps.log?.warn({ err: error }, 'live: outbox head check failed')
    }
  }
}
