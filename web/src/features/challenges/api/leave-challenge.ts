// DELETE /competitions/:id/participants/me: the signed-in lifter leaves before the start. The
// server answers why not in one sentence (started, lifts recorded, not joined), shown as it is.
import { apiRequest, errorText } from '../../../lib/api-client.ts'
import type { LeaveChallengeResponse } from '../../../lib/contract.ts'

const LEAVE_FAILED = 'Failed to leave the challenge. Please try again.'

/** Rejects with an Error whose message is the text to show. */
export async function leaveChallenge(challengeId: number): Promise<LeaveChallengeResponse> {
  try {
    const { data } = await apiRequest<LeaveChallengeResponse>(`/competitions/${challengeId}/participants/me`, {
      method: 'DELETE',
      auth: 'required',
    })
    return data
  } catch (error) {
    throw new Error(errorText(error, LEAVE_FAILED), { cause: error })
  }
}
