// What judging answers when it refuses: the repository says what is not allowed
// (JudgingRefusal, checked against the rows after the challenge's lock), this turns it
// into the status and a sentence the person can act on.
import { NO_LIFT_REASONS, type LiftType } from '../../contract/index.ts'
import { JudgingRefusal } from '../../infra/repositories/judging.repository.ts'
import { badRequest, conflict, forbidden, notFound, type HttpError } from '../errors.ts'

export function refusalAnswer(refusal: JudgingRefusal, ids: { attemptId?: number; competitionId?: number }): HttpError {
  switch (refusal.code) {
    case 'no_attempt': return notFound(`Attempt ${ids.attemptId} does not exist.`)
    case 'no_challenge': return notFound(`Challenge ${ids.competitionId} does not exist.`)
    case 'not_judge': return forbidden('You are not a judge of this challenge.')
    case 'own_attempt': return forbidden('You cannot judge your own attempt.')
    case 'already_voted': return conflict('You have already voted on this attempt.')
    case 'decided': return conflict('This attempt has already been decided.')
    case 'not_organiser': return forbidden('Only the organiser of this challenge can do this.')
    case 'bad_reason': {
      const codes = NO_LIFT_REASONS[refusal.detail as LiftType]?.map((r) => r.code).join(', ') ?? ''
      return badRequest(`A no lift needs a reason for this lift: one of ${codes}.`)
    }
    case 'not_lifter': return forbidden('Only the lifter can appeal this attempt.')
    case 'not_appealable': return conflict('Only a decision of the judges can be appealed, and only once.')
    case 'own_appeal': return forbidden('You organise this challenge: your own attempts cannot be appealed, as the jury that hears appeals is you.')
    case 'appeal_closed': return conflict('The time to appeal this decision has passed.')
    case 'no_open_appeal': return conflict('This attempt has no appeal to decide.')
    case 'unknown_user': return badRequest(`There is no user named ${refusal.detail}.`)
    case 'lifter_on_panel': return conflict(`${refusal.detail} lifts in this challenge; allow lifters on the panel to appoint them.`)
  }
}

/** Runs a judging write; a refusal becomes its answer, anything else goes on as it was. */
export async function judged<T>(ids: { attemptId?: number; competitionId?: number }, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof JudgingRefusal) throw refusalAnswer(error, ids)
    throw error
  }
}
