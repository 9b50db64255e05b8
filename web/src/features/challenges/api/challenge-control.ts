// The organiser changes or cancels their challenge (docs/challenge-control.md). The room's
// competition.updated / competition.cancelled events update every screen, this one included.
import { apiRequest } from '../../../lib/api-client.ts'
import type { Challenge, UpdateChallengeBody } from '../../../lib/contract.ts'

export async function editChallenge(id: number, body: UpdateChallengeBody): Promise<Challenge> {
  // The answer keeps the spec's wire name: { competition }.
  return (await apiRequest<{ competition: Challenge }>(`/competitions/${id}`, { method: 'PATCH', auth: 'required', body })).data.competition
}

export async function cancelChallenge(id: number): Promise<string> {
  return (await apiRequest<{ message: string }>(`/competitions/${id}/cancel`, { method: 'POST', auth: 'required' })).data.message
}
