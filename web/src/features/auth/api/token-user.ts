// GET /auth/user with a token handed to /auth/callback: who the token belongs to, asked
// before anything is stored. The shared client only sends the stored token (and would try
// a refresh on 401), so this one request carries the candidate token itself.
import { API_BASE, ApiError } from '../../../lib/api-client.ts'
import type { UserResponse } from '../../../lib/contract.ts'

export async function getTokenUser(token: string, signal?: AbortSignal): Promise<UserResponse> {
  let response: Response
  try {
    response = await fetch(`${API_BASE}/auth/user`, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` }, signal })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError('network', 0, undefined)
  }
  const body = (await response.json().catch(() => undefined)) as (UserResponse & { error?: unknown }) | undefined
  if (!response.ok)
    throw new ApiError('http', response.status, typeof body?.error === 'string' ? body.error : undefined, response.statusText)
  if (!body || !Number.isInteger(body.id) || typeof body.name !== 'string') throw new ApiError('invalid', response.status, undefined)
  return body
}
