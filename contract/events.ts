import type { Competition, Lift, Participant } from './competitions.ts'

/** Rooms a client can subscribe to: one per challenge, one for global boards. */
export type Room = `competition:${number}` | 'global'
export const competitionRoom = (id: number): Room => `competition:${id}`
export const GLOBAL_ROOM: Room = 'global'
/** Private room of one signed-in user (transcode progress); the server joins it, clients cannot subscribe. */
export type UserRoom = `user:${number}`
export const userRoom = (userId: number): UserRoom => `user:${userId}`
/** Parses a client-supplied room name: a public room, or null. */
export function parseRoom(value: unknown): Room | null {
  if (value === GLOBAL_ROOM) return GLOBAL_ROOM
  const match = typeof value === 'string' ? /^competition:([1-9][0-9]{0,9})$/.exec(value) : null
  const id = match ? Number(match[1]) : NaN
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? competitionRoom(id) : null
}

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

/** socket.io handshake `auth`: an access token puts the socket in its user's private room; none → anonymous (public rooms only). */
export interface LiveAuth {
  token?: string
}

export interface ClientEvents {
  /**
   * Joins a room. `since`: the seq the client's state reflects (a REST snapshot's `x-live-seq`, or the last
   * applied event); the answer carries every stored event after it. Without `since`, no replay: `seq` is the
   * room's current number. Events pushed meanwhile may arrive before the answer: order them by seq.
   */
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

/** What the plain WebSocket feed (`/api/live/:competitionId`) sends: one snapshot, then the room's events in seq order. */
export type LiveFeedMessage = CompetitionSnapshot | LiveEvent | { type: 'error'; message: string }
