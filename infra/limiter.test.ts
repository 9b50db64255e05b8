import { describe, expect, it } from 'vitest'
import { createLimiter } from './limiter.ts'

const tick = () => new Promise((resolve) => setImmediate(resolve))

function gate() {
  let resolve: () => void = () => {}
  const promise = new Promise<void>((r) => { resolve = r })
  return { promise, resolve }
}

describe('createLimiter', () => {
  it('runs at most `max` tasks at once and the rest in arrival order, through failures', async () => {
    const limit = createLimiter(2)
    let running = 0
    let most = 0
    const started: number[] = []
    const gates = Array.from({ length: 6 }, gate)
    const runs = gates.map((g, i) => limit(async () => {
      started.push(i)
      running++
      most = Math.max(most, running)
      await g.promise
      running--
      if (i === 1) throw new Error('task 1 fails')
      return i
    }))
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
    await limit(async () => { ran = true })
    expect(ran).toBe(true)
  })
})
