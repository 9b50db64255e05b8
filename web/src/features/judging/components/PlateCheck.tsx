// The plate check on the desk (docs/video-checks.md "The plate check"): the loading the declared weight needs,
// drawn, beside the contact sheet of the take's last seconds, and the judge's "Load matches" tick. A load that
// does not match is a no lift with the reason "Load does not match" (the tick then is not sent).
import { normalizeLiftType, type QueuedAttempt } from '../../../lib/contract.ts'
import { PlateDrawing } from './PlateDrawing.tsx'

export interface PlateCheckProps {
  attempt: QueuedAttempt
  loadMatches: boolean
  onLoadMatches: (ticked: boolean) => void
}

export function PlateCheck({ attempt, loadMatches, onLoadMatches }: PlateCheckProps) {
  const liftType = normalizeLiftType(attempt.lift_type)
  return (
    <div className="plate-check-panel">
      <div className="plate-check-row">
        {liftType && <PlateDrawing liftType={liftType} sex={attempt.lifter_sex ?? null} weight={attempt.weight} />}
        {attempt.contact_sheet_url && (
          <img
            className="plate-check__sheet"
            src={attempt.contact_sheet_url}
            alt="The take's last seconds (the plates shown)"
            data-testid="contact-sheet"
          />
        )}
      </div>
      <label className="plate-check__tick">
        <input type="checkbox" checked={loadMatches} onChange={(e) => onLoadMatches(e.target.checked)} /> Load matches: the plates shown
        make the declared weight
      </label>
    </div>
  )
}
