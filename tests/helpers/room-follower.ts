// RoomFollower: follows a challenge in Node with the web client's own live store
// (web/src/stores/live.ts), exactly as a challenge page does. It loads web code, so the tests
// that use it are type-checked with the DOM library too (tsconfig.harness.json).
import type { LiveEvent, Participant, ParticipantListResponse, Room } from '../../contract/index.ts'
import { challengeRoom } from '../../contract/index.ts'
import { createLiveStore, type LiveStore } from '../../web/src/stores/live.ts'
import type { ClientSocket } from './live.ts'

/**
 * Follows one challenge with the web app's live store, made for this socket by
 * `createLiveStore`: the store subscribes since the REST snapshot's `x-live-seq`, orders
 * the events, refills gaps from the outbox, resyncs when told to and subscribes again
 * after a reconnect, exactly as in the browser. The follower keeps only what a challenge
 * page shows (participants with their attempts, the count) and what the tests observe.
 */
export class RoomFollower {
  readonly participants = new Map<number, Participant>()
  count = 0
  /** Every event the store applied, in application order. */
  readonly applied: LiveEvent[] = []
  /** The room's seq the followed state reflects (the snapshot's, then each applied event's). */
  seq: number | null = null
  /** REST snapshots fetched: the first, then each resync the store asked for. */
  snapshots = 0
  readonly room: Room
  readonly store: LiveStore
  #unwatch: (() => void) | null = null

  constructor(
    readonly socket: ClientSocket,
    readonly baseUrl: string,
    readonly challengeId: number,
  ) {
    this.room = challengeRoom(challengeId)
    this.store = createLiveStore({ openSocket: () => socket, accessToken: () => null, refreshSession: async () => null })
  }

  /** Subscribe answers the store applied (each replays what the state missed). */
  get replays() {
    return this.store.getState().stats.replays
  }

  /** Reconnections whose session socket.io recovered (missed packets arrive as events). */
  get recoveries() {
    return this.store.getState().stats.recoveries
  }

  async start() {
    const seq = await this.#snapshot()
    this.#unwatch = this.store.getState().watch(this.room, { seq, apply: (event) => this.#apply(event), resync: () => this.#snapshot() })
  }

  stop() {
    this.#unwatch?.()
    this.#unwatch = null
  }

  async #snapshot(): Promise<number> {
    const res = await fetch(`${this.baseUrl}/api/competitions/${this.challengeId}/participants`)
    if (!res.ok) throw new Error(`snapshot failed: ${res.status}`)
    const seq = Number(res.headers.get('x-live-seq'))
    const list = ((await res.json()) as ParticipantListResponse).participants
    this.snapshots++
    this.participants.clear()
    for (const p of list) this.participants.set(p.id, p)
    this.count = list.length
    this.seq = seq
    return seq
  }

  #apply(event: LiveEvent) {
    this.applied.push(event)
    this.seq = event.seq
    switch (event.type) {
      case 'participant.joined':
        this.participants.set(event.data.participant.id, event.data.participant)
        this.count = event.data.participants
        break
      case 'participant.left':
        this.participants.delete(event.data.participant_id)
        this.count = event.data.participants
        break
      case 'attempt.created':
      case 'attempt.updated': {
        const p = this.participants.get(event.data.attempt.participant_id)
        if (p) p.attempts = [...p.attempts.filter((a) => a.id !== event.data.attempt.id), event.data.attempt]
        break
      }
    }
  }
}
