// POST /attempts/:id/appeal — the lifter appeals a decision once, within its window, with a note.
import { apiRequest, errorText } from '../../../lib/api-client.ts'
import type { AttemptResponse, Lift } from '../../../lib/contract.ts'

const APPEAL_FAILED = 'Failed to send the appeal. Please try again.'

/** Rejects with an Error whose message is the server's `{error}` verbatim (else the fallback). */
export async function appealAttempt(attemptId: number, note: string): Promise<Lift> {
  try {
    const { data } = await apiRequest<AttemptResponse>(`/attempts/${attemptId}/appeal`, {
      method: 'POST',
      auth: 'required',
      body: { note },
    })
    return data.attempt
  } catch (error) {
    throw new Error(errorText(error, APPEAL_FAILED), { cause: error })
  }
}

/** The lifter may appeal while the window is open and no appeal was made. */
export function canAppeal(attempt: Pick<Lift, 'user_id' | 'status' | 'judging'>, userId: number | null, now = Date.now()): boolean {
  const until = attempt.judging.appeal_until
  return (
    !!userId &&
    userId === attempt.user_id &&
    attempt.status !== 'pending' &&
    !attempt.judging.appeal &&
    !!until &&
    new Date(until).getTime() > now
  )
}
