// PostgreSQL text cannot hold the NUL character (U+0000): a query carrying one fails inside
// the database ("invalid byte sequence"), which would answer 500. No field of ours has a use
// for it, so any string in the body, query or path that contains one is refused up front
// with a 400 that names the field.
import fp from 'fastify-plugin'
import type { FastifyInstance } from 'fastify'
import { badRequest } from '../../errors.ts'

const MAX_DEPTH = 32

/** The path of the first string containing U+0000 (`name`, `lifttypes.1`), or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return path ? `${path}.${JSON.stringify(key)}` : JSON.stringify(key)
    const found = findNul(child, path ? `${path}.${key}` : key, depth + 1)
    if (found) return found
  }
  return null
}

export default fp(async function textGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const field = findNul(request.params) ?? findNul(request.query) ?? findNul(request.body)
    if (field) throw badRequest(`${field} must not contain NUL characters (\\u0000).`)
  })
})
