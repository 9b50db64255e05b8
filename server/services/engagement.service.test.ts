import { describe, expect, it } from 'vitest'
import { EngagementRefusal } from '../../infra/repositories/engagement.repository.ts'
import { HttpError } from '../errors.ts'
import { commentText, engaged, viewerIdentity } from './engagement.service.ts'

describe('commentText', () => {
  it('trims, and refuses empty or over-long text with a sentence; counts what a person sees as characters', () => {
    expect(commentText('  Strong lockout!\n')).toBe('Strong lockout!')
    expect(() => commentText(' \n\t ')).toThrow('Write something before posting: the comment is empty.')
    expect(commentText('👏'.repeat(500))).toHaveLength(1000)
    expect(() => commentText('a'.repeat(501))).toThrow('A comment can be at most 500 characters; this one has 501.')
  })
})

describe('viewerIdentity', () => {
  it('is the account when signed in, else the browser id, else the address; the address only as a salted hash', () => {
    const signedIn = viewerIdentity(7, 'browser-123456', '203.0.113.9', 'salt')
    expect(signedIn).toMatchObject({ viewer: 'u:7', anonymous: false })
    expect(signedIn.addr).not.toContain('203.0.113.9')
    expect(viewerIdentity(null, 'browser-123456', '203.0.113.9', 'salt')).toMatchObject({ viewer: 'a:browser-123456', anonymous: true, addr: signedIn.addr })
    const byAddress = viewerIdentity(null, undefined, '203.0.113.9', 'salt')
    expect(byAddress.viewer).toBe(`ip:${signedIn.addr}`)
    expect(viewerIdentity(null, undefined, '203.0.113.9', 'other salt').addr).not.toBe(signedIn.addr)
  })
})

describe('engaged', () => {
  it('answers a refusal with its status and sentence, and lets anything else through', async () => {
    const refused = await engaged(12, () => Promise.reject(new EngagementRefusal('own_comment'))).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ statusCode: 403, message: 'You cannot report your own comment; you can delete it instead.' })
    await expect(engaged(12, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    await expect(engaged(12, async () => 'ok')).resolves.toBe('ok')
  })
})
