// Live events and the socket protocol, as TypeBox schemas: the server validates what
// clients send with them (server/live/socket-server.ts), and every type below is derived
// from its schema, so the two cannot drift apart.
import { Type, type Static } from 'typebox'
import { Literals } from './common.ts'
import { Challenge, Lift, Participant, Standing } from './challenges.ts'
import type { ProcessingState } from './lifts.ts'
import { Comment, ReactionCounts } from './engagement.ts'
import { Declaration } from './meets.ts'
import { HallPlatformView } from './hall.ts'
import { RecordRow } from './records.ts'

/** The largest id or seq the database stores (PostgreSQL integer). */
const MAX_INT = 2_147_483_647

/** Rooms a client can subscribe to: one per challenge, one for global boards. */
export type Room = `competition:${number}` | 'global'
export const challengeRoom = (id: number): Room => `competition:${id}`
export const GLOBAL_ROOM: Room = 'global'
/** Private room of one signed-in user (transcode progress); the server joins it, clients cannot subscribe. */
export type UserRoom = `user:${number}`
export const userRoom = (userId: number): UserRoom => `user:${userId}`
/** Parses a client-supplied room name: a public room, or null. */
export function parseRoom(value: unknown): Room | null {
  if (value === GLOBAL_ROOM) return GLOBAL_ROOM
  const match = typeof value === 'string' ? /^competition:([1-9][0-9]{0,9})$/.exec(value) : null
  const id = match ? Number(match[1]) : NaN
  return Number.isSafeInteger(id) && id <= MAX_INT ? challengeRoom(id) : null
}

/** A public room's name: `global` or `competition:<id>` with an id the database can hold. */
export const Room = Type.Refine(
  Type.Unsafe<Room>(Type.String({ maxLength: 22, pattern: '^(global|competition:[1-9][0-9]{0,9})$' })),
  (value) => parseRoom(value) === value,
  () => 'a room is "global" or "competition:<id>"',
)

/** A room's event number: 1, 2, 3… per room; 0 for a room without events. */
const Seq = Type.Integer({ minimum: 0, maximum: MAX_INT })
const Id = Type.Integer()

/** What each event type carries. */
export const LiveEventData = {
  'participant.joined': Type.Object({ competition_id: Id, participant: Participant, participants: Type.Integer() }),
  /**
   * A lifter left before the start (they had no attempts): drop them and re-rank. `participant_id` is
   * their Participant.id (the user id); `weight_class` the class they left, `participants` the new count.
   */
  'participant.left': Type.Object({
    competition_id: Id,
    participant_id: Id,
    user_id: Id,
    weight_class: Type.String(),
    participants: Type.Integer(),
  }),
  'attempt.created': Type.Object({ competition_id: Id, attempt: Lift }),
  'attempt.updated': Type.Object({ competition_id: Id, attempt: Lift }),
  'leaderboard.changed': Type.Object({ competition_id: Id }),
  /** A judge voted: counts only (votes are blind until the decision). */
  'attempt.voted': Type.Object({ competition_id: Id, attempt_id: Id, votes_cast: Type.Integer(), votes_needed: Type.Integer() }),
  /** The organiser changed the panel (`judges`: how many now sit on it; 1 is the organiser alone). */
  'panel.changed': Type.Object({ competition_id: Id, judges: Type.Integer() }),
  /**
   * The attempt was decided (or an appeal changed the decision): its lights, reasons and who decided,
   * and where its lifter stands now (bests, total, points; places follow by contract/ranking.ts).
   */
  'attempt.judged': Type.Object({ competition_id: Id, attempt: Lift, standing: Standing }),
  /** A lifter's entry changed (their bodyweight): the participant as the answer shows them. */
  'participant.updated': Type.Object({ competition_id: Id, participant: Participant }),
  /** Published to the global room, so challenge lists can show it without reload. */
  'competition.created': Type.Object({ competition: Challenge }),
  /** The organiser changed the challenge (docs/challenge-control.md): in its room and the global room, as it is now. */
  'competition.updated': Type.Object({ competition: Challenge }),
  /** The organiser cancelled the challenge before any lift was recorded: it is gone (its room and the global room). */
  'competition.cancelled': Type.Object({ competition_id: Id, name: Type.String() }),
  /** A comment on one of the challenge's attempts (`comments`: the attempt's count now). */
  'comment.created': Type.Object({ competition_id: Id, attempt_id: Id, comment: Comment, comments: Type.Integer() }),
  /** A comment was removed (by its author or the organiser). */
  'comment.deleted': Type.Object({ competition_id: Id, attempt_id: Id, comment_id: Id, comments: Type.Integer() }),
  /** An attempt's reaction counts changed: all of them, as they are now. */
  'reactions.changed': Type.Object({ competition_id: Id, attempt_id: Id, reactions: ReactionCounts }),
  /** A meet's lifter declared the weight of an attempt, or the rulebook's default was declared for them when their window passed. */
  'attempt.declared': Type.Object({ competition_id: Id, declaration: Declaration }),
  /** Hall mode: a platform changed (a call, the clock, a press, the lights, a declaration): the platform as boards show it. */
  'hall.changed': Type.Object({ competition_id: Id, platform: HallPlatformView }),
  /**
   * A verified result set a platform record (docs/records.md), in the challenge's room and the global
   * room: the record as the records page shows it (`previous`: the record it broke, null for a first).
   */
  'record.set': Type.Object({ competition_id: Id, record: RecordRow }),
}
export type LiveEventData = { [K in keyof typeof LiveEventData]: Static<(typeof LiveEventData)[K]> }
export type LiveEventType = keyof LiveEventData

/** Talk about an attempt: numbered in the challenge's room, but no participant, attempt or count changes with it. */
const TALK_EVENTS: ReadonlySet<string> = new Set<LiveEventType>(['comment.created', 'comment.deleted', 'reactions.changed'])
export const isTalkEvent = (type: string): boolean => TALK_EVENTS.has(type)

function liveEvent<K extends LiveEventType>(type: K) {
  return Type.Object({ room: Room, seq: Seq, type: Type.Literal(type), data: LiveEventData[type], at: Type.String() })
}
export const ParticipantJoinedEvent = liveEvent('participant.joined')
export const ParticipantLeftEvent = liveEvent('participant.left')
export const AttemptCreatedEvent = liveEvent('attempt.created')
export const AttemptUpdatedEvent = liveEvent('attempt.updated')
export const LeaderboardChangedEvent = liveEvent('leaderboard.changed')
export const ChallengeCreatedEvent = liveEvent('competition.created')
export const ChallengeUpdatedEvent = liveEvent('competition.updated')
export const ChallengeCancelledEvent = liveEvent('competition.cancelled')
export const AttemptVotedEvent = liveEvent('attempt.voted')
export const AttemptJudgedEvent = liveEvent('attempt.judged')
export const PanelChangedEvent = liveEvent('panel.changed')
export const ParticipantUpdatedEvent = liveEvent('participant.updated')
export const CommentCreatedEvent = liveEvent('comment.created')
export const CommentDeletedEvent = liveEvent('comment.deleted')
export const ReactionsChangedEvent = liveEvent('reactions.changed')
export const AttemptDeclaredEvent = liveEvent('attempt.declared')
export const HallChangedEvent = liveEvent('hall.changed')
export const RecordSetEvent = liveEvent('record.set')

/** One numbered event of a room. `seq` grows by exactly 1 per event in that room. */
export const LiveEvent = Type.Union([
  ParticipantJoinedEvent,
  AttemptCreatedEvent,
  AttemptUpdatedEvent,
  LeaderboardChangedEvent,
  ChallengeCreatedEvent,
  AttemptVotedEvent,
  AttemptJudgedEvent,
  PanelChangedEvent,
  ParticipantUpdatedEvent,
  ParticipantLeftEvent,
  CommentCreatedEvent,
  CommentDeletedEvent,
  ReactionsChangedEvent,
  AttemptDeclaredEvent,
  HallChangedEvent,
  RecordSetEvent,
  ChallengeUpdatedEvent,
  ChallengeCancelledEvent,
])
export type LiveEvent = Static<typeof LiveEvent>

/** Progress of one transcode, sent to its uploader only (not numbered, not stored). */
export const TranscodeProgress = Type.Object({
  attempt_id: Id,
  /** 0–100 */
  percent: Type.Number({ minimum: 0, maximum: 100 }),
  /** The attempt's ProcessingState (never 'none': an attempt without a video is not transcoded). */
  state: Literals(['pending', 'processing', 'ready', 'failed'] as const satisfies readonly Exclude<ProcessingState, 'none'>[]),
})
export type TranscodeProgress = Static<typeof TranscodeProgress>

/** An acknowledgement: `{ data }`, or `{ error }` with one sentence for the client. */
export type Ack<T> = (answer: { data: T } | { error: string }) => void

/**
 * `subscribe`: joins a room. `since`: the seq the client's state reflects (a REST snapshot's `x-live-seq`,
 * or the last applied event); the answer carries every stored event after it. Without `since`, no replay.
 */
export const SubscribeRequest = Type.Object(
  { room: Room, since: Type.Optional(Type.Union([Seq, Type.Null()])) },
  { additionalProperties: false },
)
export type SubscribeRequest = Static<typeof SubscribeRequest>

/** What a subscribe returns: the events after `since`, or a resync order when they are gone. */
export const SubscribeResult = Type.Object({
  room: Room,
  seq: Seq,
  /** Events after the client's `since`, in order. */
  missed: Type.Array(LiveEvent),
  /** True when the client must refetch a REST snapshot (too far behind). */
  resync: Type.Boolean(),
})
export type SubscribeResult = Static<typeof SubscribeResult>

/** `unsubscribe`: leaves a public room. The acknowledgement is optional. */
export const UnsubscribeRequest = Type.Object({ room: Room }, { additionalProperties: false })
export type UnsubscribeRequest = Static<typeof UnsubscribeRequest>
export const UnsubscribeResult = Type.Object({ room: Room })
export type UnsubscribeResult = Static<typeof UnsubscribeResult>

/** To a judge's private room: their queue changed (refetch GET /judge/queue). Not numbered, not stored. */
export const JudgeQueueChange = Type.Object({ competition_id: Id, attempt_id: Id })
export type JudgeQueueChange = Static<typeof JudgeQueueChange>

/**
 * To a challenge's room: how many sockets (open screens: tabs, projector boards) follow it now,
 * summed over every server node. Not numbered, not stored: sent when it changes (at most every
 * ~2 s per room) and to each socket right after it subscribes.
 */
export const Presence = Type.Object({ room: Room, watching: Type.Integer({ minimum: 0 }) })
export type Presence = Static<typeof Presence>

export interface ServerEvents {
  event: (event: LiveEvent) => void
  'transcode:progress': (progress: TranscodeProgress) => void
  'judge:queue': (change: JudgeQueueChange) => void
  presence: (presence: Presence) => void
}

/** socket.io handshake `auth`: an access token puts the socket in its user's private room; none → anonymous (public rooms only). */
export const LiveAuth = Type.Object({ token: Type.Optional(Type.String()) })
export type LiveAuth = Static<typeof LiveAuth>

export interface ClientEvents {
  /**
   * See SubscribeRequest. Events pushed meanwhile may arrive before the answer: order them by seq.
   * Send it again after every reconnect, with `since` = the last applied seq, even when socket.io
   * says the session was recovered: an event broadcast while the session was being restored
   * reaches neither the restored packets nor the socket.
   */
  subscribe: (request: SubscribeRequest, ack: Ack<SubscribeResult>) => void
  unsubscribe: (request: UnsubscribeRequest, ack?: Ack<UnsubscribeResult>) => void
}

/** A snapshot for the plain WebSocket feed and for resyncs: state plus the room's seq it reflects. */
export const ChallengeSnapshot = Type.Object({
  type: Type.Literal('snapshot'),
  room: Room,
  seq: Seq,
  participants: Type.Array(Participant),
  count: Type.Integer(),
})
export type ChallengeSnapshot = Static<typeof ChallengeSnapshot>

/** The plain feed's last word before it closes (an unknown challenge, the feed unavailable). */
export const LiveFeedError = Type.Object({ type: Type.Literal('error'), message: Type.String() })
export type LiveFeedError = Static<typeof LiveFeedError>

/** What the plain WebSocket feed (`/api/live/:competitionId`) sends: one snapshot, then the room's events in seq order. */
export const LiveFeedMessage = Type.Union([ChallengeSnapshot, LiveEvent, LiveFeedError])
export type LiveFeedMessage = Static<typeof LiveFeedMessage>
