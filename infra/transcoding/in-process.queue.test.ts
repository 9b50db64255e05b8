// The in-process queue (no Redis), without the database or ffmpeg: order, concurrency,
// retries with backoff, dedupe by attempt id, and shutdown.
import { describe, expect, it } from 'vitest'
import { createInProcessTranscodeQueue } from './in-process.queue.ts'
import { PermanentJobError, silentLog as silent } from './jobs.ts'

describe('in-process queue policy', () => {
  it('retries with exponential backoff, tells the last try it is the last, and dedupes by attempt id', async () => {
    const queue = createInProcessTranscodeQueue({ config: { workerConcurrency: 2 }, log: silent, policy: { backoffMs: 40, attempts: 3 } })
    const seen: Array<{ id: number; attempt: number; final: boolean; at: number }> = []
    const started = Date.now()
    queue.start(async (job) => {
      seen.push({ id: job.data.attemptId, attempt: job.attempt, final: job.isFinalAttempt, at: Date.now() - started })
      if (job.data.attemptId === 1 && job.attempt < 3) throw new Error('flaky')
      if (job.data.attemptId === 2) throw new Error('always')
    })
    await Promise.all([queue.enqueue({ attemptId: 1 }), queue.enqueue({ attemptId: 1 }), queue.enqueue({ attemptId: 2 })])
    await queue.idle()
    await queue.enqueue({ attemptId: 1 }) // finished: still a no-op
    await queue.idle()
    await queue.close()
    const one = seen.filter((s) => s.id === 1)
    expect(one.map((s) => [s.attempt, s.final])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ])
    expect(one[1]!.at - one[0]!.at).toBeGreaterThanOrEqual(35)
    expect(one[2]!.at - one[1]!.at).toBeGreaterThanOrEqual(75)
    expect(seen.filter((s) => s.id === 2)).toHaveLength(3)
  })

  it('close() lets a running job finish within the grace, else aborts it without counting a failure', async () => {
    const queue = createInProcessTranscodeQueue({ config: { workerConcurrency: 1 }, log: silent, policy: { shutdownGraceMs: 50 } })
    let reason: unknown
    queue.start(
      (job) =>
        new Promise((_, reject) =>
          job.signal.addEventListener('abort', () => {
            reason = job.signal.reason
            reject(job.signal.reason)
          }),
        ),
    )
    await queue.enqueue({ attemptId: 123456 })
    await new Promise((r) => setTimeout(r, 20))
    await queue.close()
    expect((reason as Error).name).toBe('ShutdownError')
  })
})

describe('in-process queue order', () => {
  it('runs jobs in enqueue order, those enqueued before start() first, never more at once than the concurrency', async () => {
    const queue = createInProcessTranscodeQueue({ config: { workerConcurrency: 2 }, log: silent })
    const started: number[] = []
    let running = 0
    let most = 0
    await queue.enqueue({ attemptId: 30 })
    await queue.enqueue({ attemptId: 10 })
    queue.start(async (job) => {
      started.push(job.data.attemptId)
      most = Math.max(most, ++running)
      await new Promise((r) => setTimeout(r, 5))
      running--
    })
    for (const attemptId of [20, 50, 40]) await queue.enqueue({ attemptId })
    await queue.idle()
    await queue.close()
    expect(started).toEqual([30, 10, 20, 50, 40])
    expect(most).toBe(2)
  })

  it('does not retry a job that failed for good (PermanentJobError)', async () => {
    const queue = createInProcessTranscodeQueue({ config: { workerConcurrency: 1 }, log: silent, policy: { backoffMs: 1, attempts: 3 } })
    let calls = 0
    queue.start(async () => {
      calls++
      throw new PermanentJobError('not a video')
    })
    await queue.enqueue({ attemptId: 7 })
    await queue.idle()
    await queue.enqueue({ attemptId: 7 }) // finished (failed): a repeat enqueue is a no-op
    await queue.idle()
    await queue.close()
    expect(calls).toBe(1)
  })
})

describe('in-process queue fairness (by lifter)', () => {
  it("one lifter's five uploads do not all run before another lifter's one: they take turns", async () => {
    const queue = createInProcessTranscodeQueue({ config: { workerConcurrency: 1 }, log: silent })
    const order: string[] = []
    for (let i = 1; i <= 5; i++) await queue.enqueue({ attemptId: i, userId: 1 })
    await queue.enqueue({ attemptId: 6, userId: 2 })
    await queue.enqueue({ attemptId: 7, userId: 2 })
    queue.start(async (job) => {
      order.push(`u${job.data.userId}:${job.data.attemptId}`)
      await new Promise((r) => setTimeout(r, 2))
    })
    await queue.idle()
    await queue.close()
    expect(order).toEqual(['u1:1', 'u2:6', 'u1:2', 'u2:7', 'u1:3', 'u1:4', 'u1:5'])
  })

  it("never runs two of one lifter's jobs at once, whatever the concurrency; other lifters use the free slots", async () => {
    const queue = createInProcessTranscodeQueue({ config: { workerConcurrency: 3 }, log: silent })
    const runningPerUser = new Map<number, number>()
    let mostForOneUser = 0
    const startedBeforeLast: number[] = []
    let userOneDone = 0
    queue.start(async (job) => {
      const user = job.data.userId!
      runningPerUser.set(user, (runningPerUser.get(user) ?? 0) + 1)
      mostForOneUser = Math.max(mostForOneUser, runningPerUser.get(user)!)
      if (user !== 1 && userOneDone < 4) startedBeforeLast.push(job.data.attemptId)
      await new Promise((r) => setTimeout(r, 10))
      runningPerUser.set(user, runningPerUser.get(user)! - 1)
      if (user === 1) userOneDone++
    })
    for (let i = 1; i <= 5; i++) await queue.enqueue({ attemptId: i, userId: 1 })
    await queue.enqueue({ attemptId: 10, userId: 2 })
    await queue.enqueue({ attemptId: 20, userId: 3 })
    await queue.idle()
    await queue.close()
    expect(mostForOneUser).toBe(1)
    expect(startedBeforeLast.sort()).toEqual([10, 20])
  })
})
