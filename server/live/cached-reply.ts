// Sends an answer of a per-change cache (snapshot.ts) as HTTP: an ETag that changes with the
// answer's seq and bytes (If-None-Match → 304), and its compressed bytes made once per change and
// kept with the answer, so a popular challenge is compressed once per change, not per request.
import { createHash } from 'node:crypto'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { CachedAnswer } from './snapshot.ts'

/** Smaller answers are sent as they are: compressing them saves less than the header costs. */
export const MIN_COMPRESSED_BYTES = 1024

interface Encoded {
  etag: string
  identity: Buffer
  br?: Buffer
  gzip?: Buffer
}

// Keyed by the answer object: an answer replaced by a newer one is forgotten with it.
const encodedAnswers = new WeakMap<CachedAnswer, Encoded>()

function encodedOf(answer: CachedAnswer): Encoded {
  let encoded = encodedAnswers.get(answer)
  if (!encoded) {
    const identity = Buffer.from(answer.json)
    // The seq is part of it: the same bytes at a newer seq must still reach a client (its x-live-seq moves on).
    const etag = `"${answer.seq}-${createHash('sha1').update(identity).digest('base64url')}"`
    encoded = { etag, identity }
    encodedAnswers.set(answer, encoded)
  }
  return encoded
}

/**
 * `next` holds the same bytes as `previous` at a newer seq: it keeps the compressed forms made so
 * far (a new ETag, as its x-live-seq moved on).
 */
export function reuseEncoding(previous: CachedAnswer, next: CachedAnswer) {
  const encoded = encodedAnswers.get(previous)
  if (!encoded || previous.json !== next.json) return
  const hash = encoded.etag.slice(encoded.etag.indexOf('-') + 1, -1)
  encodedAnswers.set(next, { ...encoded, etag: `"${next.seq}-${hash}"` })
}

/** Appends Accept-Encoding to Vary, keeping what is there (CORS's Origin, for one). */
export function varyOnAcceptEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary')
  const fields = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current)
  if (/(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i.test(fields)) return
  reply.header('vary', fields ? `${fields}, Accept-Encoding` : 'Accept-Encoding')
}

/** Brotli for browsers that take it, else gzip; null for neither (or an explicit q=0). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    accepted.set(name!.trim(), q ? Number(q.slice(2)) || 0 : 1)
  }
  const weight = (name: string) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0)
  if (weight('br') > 0) return 'br'
  if (weight('gzip') > 0) return 'gzip'
  return null
}

/** True when one of the client's validators names this ETag (weak or strong, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t === etag || t === `W/${etag}`
  })
}

export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  const encoded = encodedOf(answer)
  // Revalidated on every use: the answer changes with every event of its room.
  reply.header('etag', encoded.etag).header('cache-control', 'no-cache')
  varyOnAcceptEncoding(reply)
  if (etagMatches(request.headers['if-none-match'], encoded.etag)) return reply.code(304).send()
  reply.type('application/json; charset=utf-8')
  const encoding = encoded.identity.length >= MIN_COMPRESSED_BYTES ? pickEncoding(request.headers['accept-encoding']) : null
  if (encoding === 'br') {
    // Quality 5: most of brotli's gain at a fraction of the top levels' time, paid once per change.
    encoded.br ??= brotliCompressSync(encoded.identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: encoded.identity.length },
    })
    return reply.header('content-encoding', 'br').send(encoded.br)
  }
  if (encoding === 'gzip') {
    encoded.gzip ??= gzipSync(encoded.identity, { level: 6 })
    return reply.header('content-encoding', 'gzip').send(encoded.gzip)
  }
  return reply.send(encoded.identity)
}
