import { describe, expect, it } from 'vitest'
import { LimiterFullError, createBoundedLimiter, createLimiter } from './limiter.ts'

const tick = () => new Promise((resolve) => setImmediate(resolve))

function gate() {
  let resolve: () => void = () => {}
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

describe('createLimiter', () => {
  it('runs at most `max` tasks at once and the rest in arrival order, through failures', async () => {
    const limit = createLimiter(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const gates = Array.from({ length: 6 }, gate)
    const runs = gates.map((g, i) =>
      limit(async () => {
        started.push(i)
        running++
        most = Math.max(most, running)
        await g.promise
        running--
        if (i === 1) throw new Error('task 1 fails')
        return i
      }),
    )
    const settled = Promise.allSettled(runs)
    await tick()
    expect(started).toEqual([0, 1])
    gates[1]!.resolve() // a failing task still hands its slot on
    await tick()
    expect(started).toEqual([0, 1, 2])
    for (const g of gates) g.resolve()
    const results = await settled
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled'])
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
    expect(most).toBe(2)
    // Slots are free again: a new task starts at once.
    let ran = false
    await limit(async () => {
      ran = true
    })
    expect(ran).toBe(true)
  })
})

describe('createBoundedLimiter', () => {
  it('refuses a task at once when every slot is busy and the queue is full, and admits again as tasks finish', async () => {
    const limit = createBoundedLimiter(1, 2)
    const gates = Array.from({ length: 3 }, gate)
    const started: number[] = []
    const admitted = gates.map((g, i) =>
      limit(async () => {
        started.push(i)
        await g.promise
        return i
      }),
    )
    await tick()
    expect(started).toEqual([0])
    // 1 running + 2 waiting: the fourth is refused without waiting.
    await expect(limit(async () => 'late')).rejects.toBeInstanceOf(LimiterFullError)
    gates[0]!.resolve()
    await tick()
    expect(started).toEqual([0, 1])
    // A place in the queue is free again.
    const fourth = limit(async () => 'fourth')
    for (const g of gates) g.resolve()
    expect(await Promise.all(admitted)).toEqual([0, 1, 2])
    expect(await fourth).toBe('fourth')
  })

  it('with no queue, runs `max` at once and refuses the rest; a failing task frees its slot', async () => {
    const limit = createBoundedLimiter(2, 0)
    const g = gate()
    const running = [limit(() => g.promise), limit(() => g.promise)]
    await expect(limit(async () => 1)).rejects.toThrow(LimiterFullError)
    g.resolve()
    await Promise.all(running)
    await expect(
      limit(async () => {
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    expect(await limit(async () => 2)).toBe(2)
  })
})
