// PUT /competitions/:id/bodyweight: the signed-in lifter's bodyweight in a challenge they joined,
// until one of their lifts is judged. The page learns the new standing from participant.updated.
import { apiRequest, errorText } from '../../../lib/api-client.ts'
import { BODYWEIGHT_KG, bodyweightProblem } from '../../../lib/contract.ts'
import type { BodyweightBody, Participant, ParticipantResponse } from '../../../lib/contract.ts'

const BODYWEIGHT_FAILED = 'Failed to save your bodyweight. Please try again.'
export const BODYWEIGHT_HINT = 'Without a bodyweight you are ranked in your class but get no points.'
export const BODYWEIGHT_FIXED = 'Your bodyweight is fixed once one of your lifts has been judged.'

/** The number input's attributes: hundredths of a kg, within human bounds, a decimal keypad on phones. */
export const BODYWEIGHT_INPUT = {
  type: 'number',
  step: 0.01,
  min: BODYWEIGHT_KG.min,
  max: BODYWEIGHT_KG.max,
  inputMode: 'decimal',
} as const

/**
 * What a bodyweight field holds: empty (none given), a weight the class takes, or the shared
 * contract's sentence on why it cannot be sent. A comma works as the decimal mark.
 */
export function readBodyweight(text: string, weightClass: string): { kg: number | null; problem: string | null } {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return { kg: null, problem: null }
  const kg = Number(trimmed)
  const problem = bodyweightProblem(weightClass, kg)
  return problem ? { kg: null, problem } : { kg, problem: null }
}

/** Once any of the lifter's attempts is decided (good or no lift), the server keeps the bodyweight as it is. */
export const bodyweightFixed = (participant: Pick<Participant, 'attempts'>) => participant.attempts.some((a) => a.status !== 'pending')

/** Rejects with an Error whose message is the text to show (the server's reason when it gave one). */
export async function setBodyweight(challengeId: number, bodyweight: number): Promise<Participant> {
  try {
    const body: BodyweightBody = { bodyweight }
    const { data } = await apiRequest<ParticipantResponse>(`/competitions/${challengeId}/bodyweight`, {
      method: 'PUT',
      auth: 'required',
      body,
    })
    return data.participant
  } catch (error) {
    throw new Error(errorText(error, BODYWEIGHT_FAILED), { cause: error })
  }
}
