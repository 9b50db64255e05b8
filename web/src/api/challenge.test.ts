// The challenge summary asked for as its route matches is the page's first answer: one request,
// taken once; another challenge's page, or a later load, asks again.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../test/fetch-mock.ts'
import { getChallengeSummary, prefetchChallengeSummary } from './challenge.ts'

afterEach(() => vi.unstubAllGlobals())

const summary = (id: number) => ({
  body: { competition: { id }, count: 0, class_counts: {}, top: [], recent_lifts: [] },
  headers: { 'x-live-seq': '12' },
})

describe('challenge summary prefetch', () => {
  it('gives the page the answer asked for early, once, with its seq', async () => {
    const { sent } = mockFetch({ 'GET /competitions/7/summary': summary(7) })
    prefetchChallengeSummary(7)
    const first = await getChallengeSummary(7)
    expect(first.seq).toBe(12)
    expect(sent('GET', '/competitions/7/summary')).toHaveLength(1)
    await getChallengeSummary(7)
    expect(sent('GET', '/competitions/7/summary')).toHaveLength(2)
  })

  it('is not taken by another challenge', async () => {
    const { sent } = mockFetch({ 'GET /competitions/7/summary': summary(7), 'GET /competitions/8/summary': summary(8) })
    prefetchChallengeSummary(7)
    expect((await getChallengeSummary(8)).summary.competition.id).toBe(8)
    expect(sent('GET', '/competitions/8/summary')).toHaveLength(1)
  })

  it('asks again when the early request failed', async () => {
    let answers = 0
    const { sent } = mockFetch({
      'GET /competitions/9/summary': () => (answers++ === 0 ? { status: 503, body: { error: 'busy' } } : summary(9)),
    })
    prefetchChallengeSummary(9)
    expect((await getChallengeSummary(9)).seq).toBe(12)
    expect(sent('GET', '/competitions/9/summary')).toHaveLength(2)
  })
})
