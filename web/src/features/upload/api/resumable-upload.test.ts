// What the page shows from tus answers: the server's {error} as "Upload failed: …", and the
// attempt from the final PATCH's JSON or, after a reload past the end, the HEAD's X-Attempt-Id.
// These take plain response objects; the upload itself runs in Chromium (web/e2e/resumable-upload.e2e.test.ts).
import type { HttpResponse } from 'tus-js-client'
import { describe, expect, it } from 'vitest'
import { NO_RESPONSE, outcomeOf, uploadErrorText } from './resumable-upload.ts'

const response = (status: number, body = '', headers: Record<string, string> = {}): HttpResponse => ({
  getStatus: () => status,
  getBody: () => body,
  getHeader: (name) => headers[name],
  getUnderlyingObject: () => null,
})
const failed = (res: HttpResponse | null) => Object.assign(new Error('tus: failed'), { originalResponse: res })

describe('uploadErrorText', () => {
  it.each([
    [
      403,
      JSON.stringify({ error: 'Join this challenge before uploading a lift.' }),
      'Upload failed: Join this challenge before uploading a lift.',
    ],
    [400, JSON.stringify({ error: 'The file is not a video we can read.' }), 'Upload failed: The file is not a video we can read.'],
    [413, '<html>too large</html>', 'Upload failed with status 413'],
    [500, '', 'Upload failed with status 500'],
  ])('status %s → the server text or the status', (status, body, text) => {
    expect(uploadErrorText(failed(response(status, body)))).toBe(text)
  })

  it('without an answer says to check the connection', () => {
    expect(uploadErrorText(failed(null))).toBe(NO_RESPONSE)
    expect(uploadErrorText(new Error('tus: no file'))).toBe(NO_RESPONSE)
  })
})

describe('outcomeOf', () => {
  it('reads the final PATCH body, else the X-Attempt-Id header, else the form', () => {
    const body = JSON.stringify({ url: '/api/video/a.mp4', attempt_id: 31, participant_id: 4, competition_id: 9 })
    expect(outcomeOf(response(204, body, { 'X-Attempt-Id': '31' }), { challengeId: '7' })).toEqual({ attemptId: 31, challengeId: 9 })
    expect(outcomeOf(response(200, '', { 'X-Attempt-Id': '32' }), { challengeId: '7' })).toEqual({ attemptId: 32, challengeId: 7 })
    expect(outcomeOf(response(200, ''), { challengeId: '7' })).toEqual({ attemptId: null, challengeId: 7 })
  })
})
