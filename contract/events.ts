import type { Competition, Lift, Participant } from './competitions.ts'

/** Rooms a client can subscribe to: one per challenge, one for global boards. */
export type Room = `competition:${number}` | 'global'
export const competitionRoom = (id: number): Room => `competition:${id}`
export const GLOBAL_ROOM: Room = 'global'

export interface LiveEventData {
  'participant.joined': { competition_id: number; participant: Participant; participants: number }
  'attempt.created': { competition_id: number; attempt: Lift }
  'attempt.updated': { competition_id: number; attempt: Lift }
  'leaderboard.changed': { competition_id: number }
  /** Published to the global room, so challenge lists can show it without reload. */
  'competition.created': { competition: Competition }
}
export type LiveEventType = keyof LiveEventData

/** One numbered event of a room. `seq` grows by exactly 1 per event in that room. */
export type LiveEvent = {
  [K in LiveEventType]: { room: Room; seq: number; type: K; data: LiveEventData[K]; at: string }
}[LiveEventType]

export interface TranscodeProgress {
  attempt_id: number
  /** 0–100 */
  percent: number
  state: 'pending' | 'processing' | 'ready' | 'failed'
}

export type Ack<T> = (answer: { data: T } | { error: string }) => void

/** What a subscribe returns: the events after `since`, or a resync order when they are gone. */
export interface SubscribeResult {
  room: Room
  seq: number
  /** Events after the client's `since`, in order. */
  missed: LiveEvent[]
  /** True when the client must refetch a REST snapshot (too far behind). */
  resync: boolean
}

export interface ServerEvents {
  event: (event: LiveEvent) => void
  'transcode:progress': (progress: TranscodeProgress) => void
}

export interface ClientEvents {
  subscribe: (request: { room: Room; since?: number | null }, ack: Ack<SubscribeResult>) => void
  unsubscribe: (request: { room: Room }) => void
}

/** A snapshot for the plain WebSocket feed and for resyncs: state plus the room's seq it reflects. */
export interface CompetitionSnapshot {
  type: 'snapshot'
  room: Room
  seq: number
  participants: Participant[]
  count: number
}
