// A concurrency limit for work that is heavy per call (ffprobe/ffmpeg checks): at most
// `max` tasks run at once; the rest wait their turn in arrival order.

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
