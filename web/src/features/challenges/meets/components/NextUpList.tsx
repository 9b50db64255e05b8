// The attempts waiting, in the lifting order (the cards answer's next_up): who lifts next, which attempt, at what weight.
import type { NextUp } from '../../../../lib/contract.ts'
import { formatKg } from '../../../../lib/format.ts'
import { LIFT_WORDS, nth, recordAttemptWords } from '../api/meet-words.ts'

export function NextUpList({ nextUp, limit = 6 }: { nextUp: readonly NextUp[]; limit?: number }) {
  if (nextUp.length === 0) return <p className="muted meet-next-up__none">Nobody is waiting to lift or to be judged.</p>
  return (
    <ol className="meet-next-up" aria-label="Next up">
      {nextUp.slice(0, limit).map((n) => (
        <li key={`${n.user_id}:${n.lift_type}:${n.attempt_number}`} data-state={n.state}>
          <span className="meet-next-up__name">{n.name}</span>
          <span className="meet-next-up__what">
            {nth(n.attempt_number)} {LIFT_WORDS[n.lift_type]} · {formatKg(n.weight)}
          </span>
          <span className={`meet-next-up__state meet-next-up__state--${n.state}`}>
            {n.state === 'pending' ? 'with the judges' : 'to film'}
          </span>
          {n.record_attempt && (
            <span className="meet-next-up__record" title={recordAttemptWords(n.record_attempt)}>
              Record attempt
            </span>
          )}
        </li>
      ))}
    </ol>
  )
}
