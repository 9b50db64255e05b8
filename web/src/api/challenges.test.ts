import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api-client.ts'
import { mockFetch } from '../test/fetch-mock.ts'
import { challengesErrorText, getChallenges } from './challenges.ts'

describe('challenge list errors (docs/product/messages.md)', () => {
  it('names the status and message, a network failure, or invalid data', async () => {
    expect(challengesErrorText(new ApiError('http', 503, 'The service is temporarily unavailable.'))).toBe(
      'Error 503: The service is temporarily unavailable.',
    )
    expect(challengesErrorText(new ApiError('network', 0, undefined))).toBe(
      'Network error: No response from server. Please check your connection.',
    )
    mockFetch({ 'GET /competitions': { body: { not: 'a list' } } })
    const error = await getChallenges().catch((e: unknown) => e)
    expect(challengesErrorText(error)).toBe('Received invalid data from the server. Expected an array of challenges.')
    expect(challengesErrorText(new Error('boom'))).toBe('Failed to load challenges. Please try again later.')
  })
})
