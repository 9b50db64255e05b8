// A concurrency limit for work that is heavy per call (ffprobe/ffmpeg checks): at most
// `max` tasks run at once; the rest wait their turn in arrival order. createBoundedLimiter
// also bounds the waiting line (password hashing: a flood is refused, not queued without end).

export function createLimiter(max: number) {
  let active = 0
  const waiting: Array<() => void> = []
  return async function limit<T>(task: () => Promise<T>): Promise<T> {
    if (active < max) active++
    else await new Promise<void>((resolve) => waiting.push(resolve)) // the finishing task hands over its slot
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else active--
    }
  }
}

/** Thrown by a bounded limiter's `limit` when every slot is busy and its queue is full. */
export class LimiterFullError extends Error {
  constructor() {
    super('The limiter is full: every slot is busy and the queue is full.')
  }
}

/**
 * createLimiter with a bound on the waiting line: at most `max` tasks run at once, at most
 * `maxWaiting` wait their turn, and a task arriving when both are full is refused at once
 * with LimiterFullError (the caller answers "busy") instead of queuing without end.
 */
export function createBoundedLimiter(max: number, maxWaiting: number) {
  const limit = createLimiter(max)
  let admitted = 0 // running + waiting
  return async function tryLimit<T>(task: () => Promise<T>): Promise<T> {
    if (admitted >= max + maxWaiting) throw new LimiterFullError()
    admitted++
    try {
      return await limit(task)
    } finally {
      admitted--
    }
  }
}
