// Password hashing: argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes). argon2
// runs on libuv's thread pool, which file reads (video ranges, uploads) share: a login flood must
// not take every thread. At most HASH_CONCURRENCY hashes run, HASH_QUEUE_MAX wait, and beyond that
// the answer is 503 at once.
import { hash, verify } from '@node-rs/argon2'
import { createBoundedLimiter, LimiterFullError } from '../infra/limiter.ts'
import { unavailable } from './errors.ts'

const ARGON2 = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 }
// Verifying against a real hash when the user does not exist keeps timing the same.
const DUMMY_HASH = await hash('liftarena-no-such-user', ARGON2)

const BUSY = 'The service is busy. Please try again in a moment.'

export interface Passwords {
  hash(password: string): Promise<string>
  /** Whether `password` is the one `stored` was made from; with no stored hash, false in the time a real check takes. */
  verify(stored: string | null, password: string): Promise<boolean>
}

export function createPasswords(limits: { concurrency: number; queueMax: number }): Passwords {
  const hashing = createBoundedLimiter(limits.concurrency, limits.queueMax)
  const limited = async <T>(task: () => Promise<T>): Promise<T> => {
    try {
      return await hashing(task)
    } catch (error) {
      if (error instanceof LimiterFullError) throw unavailable(BUSY)
      throw error
    }
  }
  return {
    hash: (password) => limited(() => hash(password, ARGON2)),
    verify: (stored, password) => limited(() => verify(stored ?? DUMMY_HASH, password)).then((ok) => ok && stored !== null),
  }
}
