// Stored files only some people may see (docs/video-checks.md: the take checks are never public). Today one:
// the plate check's contact sheet, which only the attempt's judges and the challenge's organiser see. Its
// key is guessable (attempts/<id>/plates.jpg), so the media route serves it only with a signature that
// the judge's queue (the one answer that carries it, to exactly those people) puts in its URL: an <img>
// on the judge's desk cannot send a bearer token. The signature names the key and an expiry.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { mediaUrl } from '../../infra/attempt-view.ts'
import { attemptKeys } from '../../infra/storage.ts'

/** How long a signed URL reads its file: a judging session, refreshed with every queue answer. */
export const PRIVATE_MEDIA_TTL_SECONDS = 4 * 60 * 60

export interface PrivateMediaDeps {
  /** The server's signing secret (JWT_SECRET); the signature's own purpose is mixed in. */
  secret: string
  apiBase: string
  now?: () => number
}

export function createPrivateMedia(deps: PrivateMediaDeps) {
  const now = deps.now ?? Date.now
  const signature = (key: string, expires: number) =>
    createHmac('sha256', deps.secret).update(`private-media\n${key}\n${expires}`).digest('base64url')

  return {
    /** Whether a stored key is one only some people may read (an attempt's contact sheet). */
    isPrivate(key: string): boolean {
      const attemptId = attemptKeys.attemptOf(key)
      return attemptId !== null && key === attemptKeys.contactSheet(attemptId)
    },

    /** The media URL of a private key, signed for PRIVATE_MEDIA_TTL_SECONDS: only for an answer to those who may see it. */
    signedUrl(key: string): string {
      const expires = Math.floor(now() / 1000) + PRIVATE_MEDIA_TTL_SECONDS
      return `${mediaUrl(deps.apiBase, key)}?expires=${expires}&signature=${signature(key, expires)}`
    },

    /** Whether a request's `expires` and `signature` let it read `key`: signed for this key and not expired. */
    mayRead(key: string, query: { expires?: string; signature?: string }): boolean {
      const expires = Number(query.expires)
      if (!query.signature || !Number.isSafeInteger(expires) || expires * 1000 < now()) return false
      const given = Buffer.from(query.signature)
      const wanted = Buffer.from(signature(key, expires))
      return given.length === wanted.length && timingSafeEqual(given, wanted)
    },
  }
}

export type PrivateMedia = ReturnType<typeof createPrivateMedia>
