// Engagement with an attempt's video: comments, reactions and the analytics figures (views, plays).
// The spec's client showed fixed samples here and made no calls; these are our own routes
// (server/routes/engagement.routes.ts). Comments and reactions are announced to the attempt's
// challenge room (contract/events.ts: comment.created, comment.deleted, reactions.changed).
import { Type, type Static } from 'typebox'
import { IdParam, Literals } from './common.ts'

/** The reactions a viewer can give a video: one per person, changing replaces it. */
export const REACTIONS = ['fire', 'strong', 'clap', 'wow'] as const
export type ReactionId = (typeof REACTIONS)[number]
export const REACTION_EMOJI: Record<ReactionId, string> = { fire: '🔥', strong: '💪', clap: '👏', wow: '😮' }
export const REACTION_NAMES: Record<ReactionId, string> = { fire: 'Fire', strong: 'Strong', clap: 'Applause', wow: 'Wow' }

export const ENGAGEMENT = {
  /** A comment is 1 to this many characters once trimmed. */
  commentMaxLength: 500,
  /** Comments per page, newest first, unless `limit` says otherwise. */
  commentsPage: 20,
  commentsPageMax: 100,
  /** A viewer counts once per attempt (and per kind: view, play) within this window. */
  viewWindowHours: 12,
  /** Anonymous browsers counted per client address, per attempt and kind, within the window (ids are the client's own to pick). */
  anonymousViewersPerAddress: 5,
} as const

export const ReactionIdSchema = Literals(REACTIONS)

/** How many people gave each reaction. */
export const ReactionCounts = Type.Object({ fire: Type.Integer(), strong: Type.Integer(), clap: Type.Integer(), wow: Type.Integer() })
export type ReactionCounts = Static<typeof ReactionCounts>

export const Comment = Type.Object({
  id: Type.Integer(),
  attempt_id: Type.Integer(),
  user_id: Type.Integer(),
  author_name: Type.String(),
  /** Plain text as typed (trimmed): clients show it as text, never as HTML. */
  text: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  /** How many people reported it: only in answers to whoever can remove it (the challenge's organiser). */
  reports: Type.Optional(Type.Integer()),
})
export type Comment = Static<typeof Comment>

export const CommentsQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ENGAGEMENT.commentsPageMax })),
    /** `next_before` of the previous page: comments older than this one. */
    before: Type.Optional(IdParam),
  },
  { additionalProperties: false },
)
export type CommentsQuery = Static<typeof CommentsQuery>

/** GET /attempts/:id/comments: newest first, with the x-live-seq header of the challenge room. */
export const CommentsPage = Type.Object({
  comments: Type.Array(Comment),
  /** Present when there are older comments: pass as `before` for the next page. */
  next_before: Type.Optional(Type.Integer()),
  /** How many comments the attempt has. */
  total: Type.Integer(),
})
export type CommentsPage = Static<typeof CommentsPage>

export const CommentBody = Type.Object(
  {
    /** 1–500 characters once trimmed (checked by the server with a sentence saying which). */
    text: Type.String({ maxLength: 10_000 }),
  },
  { additionalProperties: false },
)
export type CommentBody = Static<typeof CommentBody>

/** POST /attempts/:id/comments: the stored comment and the attempt's comment count now. */
export const CommentResponse = Type.Object({ comment: Comment, comments: Type.Integer() })
export type CommentResponse = Static<typeof CommentResponse>

export const EngagementCounts = Type.Object({
  /** Viewers who opened the video page (each once per window). */
  views: Type.Integer(),
  /** Viewers who started the video (each once per window). */
  plays: Type.Integer(),
  comments: Type.Integer(),
  reactions: ReactionCounts,
})
export type EngagementCounts = Static<typeof EngagementCounts>

/** GET /attempts/:id/engagement: the figures, the caller's own reaction, and whether they moderate its comments. */
export const EngagementResponse = Type.Object({
  attempt_id: Type.Integer(),
  counts: EngagementCounts,
  mine: Type.Union([ReactionIdSchema, Type.Null()]),
  /** True for the challenge's organiser: they may remove any comment and see report counts. */
  can_moderate: Type.Boolean(),
})
export type EngagementResponse = Static<typeof EngagementResponse>

export const ReactionBody = Type.Object({ reaction: ReactionIdSchema }, { additionalProperties: false })
export type ReactionBody = Static<typeof ReactionBody>

/** PUT and DELETE /attempts/:id/reaction: the counts now and the caller's reaction (null: none). */
export const ReactionResponse = Type.Object({
  attempt_id: Type.Integer(),
  reactions: ReactionCounts,
  mine: Type.Union([ReactionIdSchema, Type.Null()]),
})
export type ReactionResponse = Static<typeof ReactionResponse>

export const VIEW_KINDS = ['view', 'play'] as const
export type ViewKind = (typeof VIEW_KINDS)[number]

export const ViewBody = Type.Object(
  {
    kind: Literals(VIEW_KINDS),
    /** A signed-out browser's own random id (kept in localStorage); ignored when signed in. */
    viewer: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })),
  },
  { additionalProperties: false },
)
export type ViewBody = Static<typeof ViewBody>

/** POST /attempts/:id/views: whether this one counted (a repeat within the window does not), and the figures now. */
export const ViewResponse = Type.Object({ counted: Type.Boolean(), views: Type.Integer(), plays: Type.Integer() })
export type ViewResponse = Static<typeof ViewResponse>

export const CommentIdParams = Type.Object({ id: IdParam })
