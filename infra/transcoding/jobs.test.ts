// The job policy table and the backoff both queues use.
import { describe, expect, it } from 'vitest'
import { JOB_POLICIES, abortOnTimeout, backoffDelay, fairnessKey, transcodeJobId, tryTimeoutMs, type JobPolicies } from './jobs.ts'

// Checked by `npm run typecheck`: a policy table missing a job type does not compile.
// @ts-expect-error no policy for 'transcode'
const incomplete: JobPolicies = {}
void incomplete

describe('job policies', () => {
  it('backs off exponentially: try n+1 waits backoffMs · 2^(n-1)', () => {
    const policy = { backoffMs: 5_000 }
    expect([1, 2, 3, 4].map((failed) => backoffDelay(policy, failed))).toEqual([5_000, 10_000, 20_000, 40_000])
    expect(backoffDelay(policy, 0)).toBe(5_000) // never shorter than the first wait
  })

  it('gives a transcode a deterministic job id BullMQ accepts (no ":")', () => {
    expect(transcodeJobId(42)).toBe('attempt-42')
    expect(JOB_POLICIES.transcode.jobId({ attemptId: 42 })).toBe(transcodeJobId(42))
    expect(transcodeJobId(42)).not.toContain(':')
  })

  it('bounds a try by the clip: base + per clip second, at most timeoutMs; the cap until the clip is probed', () => {
    const p = JOB_POLICIES.transcode
    expect(tryTimeoutMs(p, null)).toBe(p.timeoutMs)
    expect(tryTimeoutMs(p, 10)).toBe(p.timeoutBaseMs + 10 * p.timeoutPerClipSecondMs)
    expect(tryTimeoutMs(p, 10)).toBeLessThan(5 * 60_000)
    expect(tryTimeoutMs(p, 300)).toBeLessThanOrEqual(p.timeoutMs)
    expect(tryTimeoutMs(p, 3 * 3600)).toBe(p.timeoutMs)
  })

  it("re-arms the timer from the try's start once the clip's length is known", async () => {
    const controller = new AbortController()
    const timer = abortOnTimeout(controller, { timeoutMs: 10_000, timeoutBaseMs: 30, timeoutPerClipSecondMs: 10 })
    timer.scaleTo(2) // 30 + 2 × 10 = 50 ms
    await new Promise((r) => setTimeout(r, 120))
    expect(controller.signal.aborted).toBe(true)
    expect((controller.signal.reason as Error).message).toMatch(/longer than/)
    timer.clear()
  })

  it('takes turns by lifter; a job without one is its own', () => {
    expect(fairnessKey({ attemptId: 1, userId: 7 })).toBe(fairnessKey({ attemptId: 2, userId: 7 }))
    expect(fairnessKey({ attemptId: 1 })).not.toBe(fairnessKey({ attemptId: 2 }))
  })
})
