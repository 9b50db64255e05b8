// The decision as meet boards show it: one large light per judge (white good lift, red no lift)
// with the fault's card colour under a red light, then the lifter, the lift and the verdict.
import type { Lift } from '../../../lib/contract.ts'
import { formatNumber, liftLabel } from '../../../lib/format.ts'

export function BoardLights({ attempt }: { attempt: Lift }) {
  const good = attempt.status === 'completed'
  const { lights, decided_by: decidedBy } = attempt.judging
  return (
    <div className={`board-lights board-lights--${good ? 'good' : 'bad'}`} role="status" aria-live="assertive" data-testid="board-lights">
      <p className="board-lights__who">
        <strong>{attempt.participant_name}</strong>
      </p>
      <p className="board-lights__lift">
        {liftLabel(attempt.lift_type)} {formatNumber(attempt.weight)} kg
      </p>
      <ol className="board-lights__row" aria-label="Lights">
        {lights.map((light, i) => (
          <li key={i} className="board-lights__judge">
            <span
              className={`board-light board-light--${light.good ? 'white' : 'red'}`}
              aria-label={`${light.judge}: ${light.good ? 'good lift' : 'no lift'}`}
            />
            {/* A good light keeps the card's place, so every seat lines up. */}
            {!light.good && light.card ? (
              <span className={`board-card board-card--${light.card}`} aria-label={`${light.card} card`} />
            ) : (
              <span className="board-card board-card--none" aria-hidden="true" />
            )}
            <span className="board-lights__seat">{light.judge}</span>
            {!light.good && light.reason_label && <span className="board-lights__reason">{light.reason_label}</span>}
          </li>
        ))}
      </ol>
      <p className="board-lights__verdict">{good ? 'Good lift' : 'No lift'}</p>
      {decidedBy === 'jury' && <p className="board-lights__jury">Decided by the jury</p>}
    </div>
  )
}
