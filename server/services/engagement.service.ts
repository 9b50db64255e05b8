// Engagement's rules that need no I/O: what a comment's text may be, who a viewer is for the view
// counts, and the sentence each refusal of the repository answers with.
import { createHash } from 'node:crypto'
import { ENGAGEMENT } from '../../contract/index.ts'
import { EngagementRefusal, type ViewerIdentity } from '../../infra/repositories/engagement.repository.ts'
import { badRequest, forbidden, notFound, type HttpError } from '../errors.ts'

// As NOT_BLANK_LINES (contract/common.ts), in two parts so each refusal says what is wrong.
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u
const TYPED = /^(?:[^\p{Cc}\u202D\u202E]|[\t\n\r])*$/u

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
  const addr = createHash('sha256').update(`${salt}:${ip}`).digest('base64url').slice(0, 22)
  if (userId !== null) return { viewer: `u:${userId}`, anonymous: false, addr }
  return { viewer: browserId ? `a:${browserId}` : `ip:${addr}`, anonymous: true, addr }
}

export function refusalAnswer(refusal: EngagementRefusal, id: number): HttpError {
  switch (refusal.code) {
    case 'no_attempt': return notFound(`Attempt ${id} does not exist.`)
    case 'no_comment': return notFound(`Comment ${id} does not exist (it may have been removed).`)
    case 'not_author': return forbidden('Only the comment\'s author or the challenge\'s organiser can remove it.')
    case 'own_comment': return forbidden('You cannot report your own comment; you can delete it instead.')
  }
}

/** Runs an engagement read or write; a refusal becomes its answer. `id`: the attempt or comment the route names. */
export async function engaged<T>(id: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof EngagementRefusal) throw refusalAnswer(error, id)
    throw error
  }
}
