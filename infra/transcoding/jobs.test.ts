// The job policy table and the backoff both queues use.
import { describe, expect, it } from 'vitest'
import { JOB_POLICIES, backoffDelay, transcodeJobId, type JobPolicies } from './jobs.ts'

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
})
