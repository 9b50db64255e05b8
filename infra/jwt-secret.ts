// The secret that signs access tokens. There is no built-in one: a secret in the
// repository would let anyone forge a token for any user.
//
// - JWT_SECRET, when set, is used (32+ characters).
// - Otherwise a random secret is generated on first start and kept in DATA_DIR/jwt-secret
//   (mode 0600). It is created with O_EXCL under a temporary name and linked into place,
//   so processes starting together agree: the first link wins, the others read it.
// - NODE_ENV=production with REDIS_URL (several servers and workers, possibly on other
//   hosts) requires JWT_SECRET: a file per host would give each node its own secret.
// - Where no secret can be kept (DATA_DIR not writable), production refuses to start;
//   elsewhere the process signs with a secret of its own (sessions end at restart).
import { randomBytes } from 'node:crypto'
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const JWT_SECRET_FILE = 'jwt-secret'
const MIN_LENGTH = 32

export function resolveJwtSecret(env: NodeJS.ProcessEnv, dataDir: string, fail: (message: string) => Error): string {
  const given = env.JWT_SECRET
  if (given !== undefined && given !== '') {
    if (given.length < MIN_LENGTH) throw fail(`JWT_SECRET must be at least ${MIN_LENGTH} characters long`)
    return given
  }
  const production = env.NODE_ENV === 'production'
  if (production && env.REDIS_URL) {
    throw fail('Set JWT_SECRET (32+ random characters): with REDIS_URL several servers and workers must sign and verify with one secret')
  }
  try {
    return keptSecret(dataDir)
  } catch (error) {
    const reason = `no JWT_SECRET is set and none can be kept in DATA_DIR (${join(dataDir, JWT_SECRET_FILE)}: ${(error as Error).message})`
    if (production) throw fail(`Set JWT_SECRET (32+ random characters): ${reason}`)
    console.warn(`Warning: ${reason}; signing with a secret of this process only (logins end when it stops).`)
    return randomBytes(48).toString('base64url')
  }
}

/** The secret kept in dataDir, created on first use. */
export function keptSecret(dataDir: string): string {
  const file = join(dataDir, JWT_SECRET_FILE)
  const existing = readSecret(file)
  if (existing !== undefined) return existing
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  // Written whole under a private name, then linked into place: a reader never sees a half-written file.
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`
  writeFileSync(temp, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' })
  try {
    linkSync(temp, file) // fails with EEXIST when another process was first
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    unlinkSync(temp)
  }
  const secret = readSecret(file)
  if (secret === undefined) throw new Error(`${file} holds fewer than ${MIN_LENGTH} characters`)
  return secret
}

function readSecret(file: string): string | undefined {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  const secret = text.trim()
  if (secret.length < MIN_LENGTH) throw new Error(`it holds fewer than ${MIN_LENGTH} characters; delete it to make a new one`)
  return secret
}
