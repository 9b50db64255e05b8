// Revalidation and compression of the API's whole text answers to reads (issue 17): a strong ETag
// (a hash of the bytes) with If-None-Match → 304, and brotli (gzip for clients without it) from
// MIN_COMPRESSED_BYTES up. Answers that arrive encoded are theirs already: the per-change caches
// (live/cached-reply.ts) and the web client's precompressed files. Streams pass untouched: stored
// media and its 206s (the /video proxy), static files. socket.io answers on the raw server, not here.
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib'
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { MIN_COMPRESSED_BYTES, etagMatches, pickEncoding, varyOnAcceptEncoding } from '../../live/cached-reply.ts'

/** JSON, text, XML and SVG shrink; media and other binaries are already compressed. */
const COMPRESSIBLE = /^\s*(?:text\/[^;\s]+|application\/(?:[\w.-]+\+)?(?:json|xml)|image\/svg\+xml)\s*(?:;|$)/i

// Quality 4: paid on every request, it costs no more than gzip -6 and is a third smaller. A ~500 KB
// answer: ~3 ms for 9 % of its size; gzip -6 ~5 ms for 15 %; quality 5 ~6 ms for 8 %.
const brotliOptions = (size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size } })
const GZIP_OPTIONS = { level: 6 }

// Larger answers are compressed on libuv's thread pool so the event loop keeps serving (live events
// among them); smaller ones in place, where the hand-off would cost more than the work (~0.2 ms vs ~0.07 ms).
const OFF_LOOP_BYTES = 64 * 1024
const brotliOffLoop = promisify(brotliCompress)
const gzipOffLoop = promisify(gzip)

function compress(body: Buffer, encoding: 'br' | 'gzip'): Buffer | Promise<Buffer> {
  const offLoop = body.length >= OFF_LOOP_BYTES
  if (encoding === 'br')
    return offLoop ? brotliOffLoop(body, brotliOptions(body.length)) : brotliCompressSync(body, brotliOptions(body.length))
  return offLoop ? gzipOffLoop(body, GZIP_OPTIONS) : gzipSync(body, GZIP_OPTIONS)
}

export default fp(async function httpCaching(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    if (reply.hasHeader('content-encoding') || !COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload
    const status = reply.statusCode
    // Other successes and redirects (none are whole text reads today) are left as routes send them.
    if (status !== 200 && status < 400) return payload

    const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload)
    const compressible = body.length >= MIN_COMPRESSED_BYTES
    if (compressible) varyOnAcceptEncoding(reply)

    // Errors get no validator: they are not worth keeping. Personal answers (Authorization) do, without
    // Vary: Authorization — the ETag hashes the bytes, so another user's answer never matches, and
    // no-cache makes every use revalidate; shared caches do not keep authorized answers without `public`.
    // An answer with its own Cache-Control (no-store included) keeps it; the ETag is harmless there.
    // No API answer sets a cookie (sign-in is a bearer token), so none needs leaving out for one.
    if (status === 200) {
      if (!reply.hasHeader('etag')) reply.header('etag', `"${createHash('sha1').update(body).digest('base64url')}"`)
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache')
      if (etagMatches(request.headers['if-none-match'], String(reply.getHeader('etag')))) {
        reply.code(304).removeHeader('content-type').removeHeader('content-length')
        // No body. A HEAD must get '' rather than null: Fastify's own HEAD onSend reads the payload.
        return request.method === 'HEAD' ? '' : null
      }
    }

    // Personal answers are compressed too: another site cannot make a browser send the bearer token,
    // so it cannot probe their compressed length (BREACH).
    const encoding = compressible ? pickEncoding(request.headers['accept-encoding']) : null
    if (!encoding) return payload
    // The length of the compressed bytes is set by Fastify (or its HEAD hook) from what is returned.
    reply.header('content-encoding', encoding).removeHeader('content-length')
    return compress(body, encoding)
  })
})
