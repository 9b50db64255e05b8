// Engagement's rules: what a comment's text may be, who may remove or report a comment (its
// author or the challenge's organiser removes it; anyone else signed in reports it, once), who
// moderates (sees report counts), who a viewer is for the view counts, and the sentence each
// refusal answers with. The I/O is infra/repositories/engagement.repository.ts's.
import { createHash } from 'node:crypto'
import { ENGAGEMENT, type ReactionId, type ViewKind } from '../../contract/index.ts'
import type { EngagementRepository, ViewerIdentity } from '../../infra/repositories/engagement.repository.ts'
import { badRequest, forbidden, notFound } from '../errors.ts'
import { clientNetwork } from '../client-network.ts'

// As NOT_BLANK_LINES (contract/common.ts), in two parts so each refusal says what is wrong.
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u
const TYPED = /^(?:[^\p{Cc}\u202D\u202E]|[\t\n\r])*$/u

const noAttempt = (attemptId: number) => notFound(`Attempt ${attemptId} does not exist.`)
const noComment = (commentId: number) => notFound(`Comment ${commentId} does not exist (it may have been removed).`)

/** A comment's text as stored: trimmed, 1 to ENGAGEMENT.commentMaxLength characters (counted as the person sees them). */
export function commentText(raw: string): string {
  const text = raw.trim()
  if (!VISIBLE.test(text)) throw badRequest('Write something before posting: the comment is empty.')
  if (!TYPED.test(text)) throw badRequest('A comment cannot hold control characters or text-direction overrides.')
  const length = [...text].length
  if (length > ENGAGEMENT.commentMaxLength) {
    throw badRequest(`A comment can be at most ${ENGAGEMENT.commentMaxLength} characters; this one has ${length}.`)
  }
  return text
}

/**
 * Who counts as one viewer: a signed-in user by their id, else the browser's own id, else (no id
 * sent) the client address. The address is kept only as a hash.
 */
export function viewerIdentity(userId: number | null, browserId: string | undefined, ip: string, salt: string): ViewerIdentity {
  const addr = createHash('sha256')
    .update(`${salt}:${clientNetwork(ip)}`)
    .digest('base64url')
    .slice(0, 22)
  if (userId !== null) return { viewer: `u:${userId}`, anonymous: false, addr }
  return { viewer: browserId ? `a:${browserId}` : `ip:${addr}`, anonymous: true, addr }
}

/** The organiser of an attempt's challenge moderates its comments (null: their account is gone, no one does). */
const moderates = (viewer: number | null, place: { organiserId: number | null }) => viewer !== null && place.organiserId === viewer

export type EngagementStore = Pick<
  EngagementRepository,
  'place' | 'listComments' | 'engagement' | 'createComment' | 'withComment' | 'commentAuthor' | 'addReport' | 'setReaction' | 'recordView'
>

export function createEngagementService(deps: { engagement: EngagementStore }) {
  const { engagement } = deps

  /** A repository answer that is null when the attempt is not there: refused. */
  const found = <T>(attemptId: number, value: T | null): T => {
    if (value === null) throw noAttempt(attemptId)
    return value
  }

  return {
    /** A page of an attempt's comments, newest first; the organiser's carries each comment's report count. */
    async listComments(attemptId: number, viewer: number | null, page: { limit: number; before?: number }) {
      const withReports = viewer !== null && moderates(viewer, found(attemptId, await engagement.place(attemptId)))
      return found(attemptId, await engagement.listComments(attemptId, page, withReports))
    },

    /** The attempt's figures, the viewer's reaction and whether they moderate its comments. */
    async figures(attemptId: number, viewer: number | null) {
      const read = found(attemptId, await engagement.engagement(attemptId, viewer))
      return { seq: read.seq, counts: read.counts, mine: read.mine, canModerate: moderates(viewer, read.place) }
    },

    /** Posts a comment as `userId` (its text checked first). */
    async comment(attemptId: number, userId: number, raw: string) {
      const text = commentText(raw)
      return found(attemptId, await engagement.createComment(attemptId, userId, text))
    },

    /** Removes a comment: its author or the organiser of its challenge only. */
    async removeComment(commentId: number, userId: number): Promise<void> {
      const done = await engagement.withComment(commentId, async (comment, remove) => {
        if (comment.authorId !== userId && comment.place.organiserId !== userId) {
          throw forbidden("Only the comment's author or the challenge's organiser can remove it.")
        }
        if (!(await remove())) throw noComment(commentId)
        return true
      })
      if (!done) throw noComment(commentId)
    },

    /** Reports a comment to the organiser, once per person; not one's own. */
    async reportComment(commentId: number, userId: number): Promise<void> {
      const author = await engagement.commentAuthor(commentId)
      if (author === null) throw noComment(commentId)
      if (author === userId) throw forbidden('You cannot report your own comment; you can delete it instead.')
      if (!(await engagement.addReport(commentId, userId))) throw noComment(commentId)
    },

    /** Sets (`kind`) or removes (null) `userId`'s reaction to an attempt. */
    async react(attemptId: number, userId: number, kind: ReactionId | null) {
      return found(attemptId, await engagement.setReaction(attemptId, userId, kind))
    },

    /** Counts a view or play of `who`, once per window (the repository's recordView). */
    async view(attemptId: number, kind: ViewKind, who: ViewerIdentity) {
      return found(attemptId, await engagement.recordView(attemptId, kind, who))
    },
  }
}

export type EngagementService = ReturnType<typeof createEngagementService>
