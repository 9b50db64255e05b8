// POST /join_competition (docs/product/validation.md Join).
import { apiRequest, errorText } from '../../../lib/api-client.ts'
import type { JoinChallengeResponse } from '../../../lib/contract.ts'
import { readSession } from '../../../lib/session-storage.ts'

const JOIN_FAILED = 'Failed to join challenge. Please try again.'
export const JOIN_NEEDS_PROFILE = 'Please create a profile before joining a challenge'

interface JoinRequest {
  challengeId: number
  weightClass: string
  gender: 'female' | 'male'
  /** In kg; left out of the body when not given (ranked in the class, no points). */
  bodyweight?: number
  /** The team (club) entered for; left out when empty (docs/teams.md). */
  team?: string
  /** Classic or equipped, sent when the challenge offers both (docs/categories.md). */
  equipment?: 'classic' | 'equipped'
}

/** Rejects with an Error whose message is the text to show. */
export async function joinChallenge({
  challengeId,
  weightClass,
  gender,
  bodyweight,
  team,
  equipment,
}: JoinRequest): Promise<JoinChallengeResponse> {
  const { userId } = readSession()
  if (!userId) throw new Error(JOIN_NEEDS_PROFILE)
  try {
    const { data } = await apiRequest<JoinChallengeResponse>('/join_competition', {
      method: 'POST',
      auth: 'required',
      body: {
        user_id: userId,
        competition_id: challengeId,
        weight_class: weightClass,
        gender,
        ...(bodyweight === undefined ? {} : { bodyweight }),
        ...(team?.trim() ? { team: team.trim() } : {}),
        ...(equipment ? { equipment } : {}),
      },
    })
    return data
  } catch (error) {
    throw new Error(errorText(error, JOIN_FAILED), { cause: error })
  }
}
