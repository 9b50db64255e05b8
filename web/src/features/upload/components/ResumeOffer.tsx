// After a reload: the unfinished upload this lifter can continue by choosing the same file again.
import { describeOffer, type ResumeOffer as Offer } from '../api/resume-offer.ts'

export function ResumeOffer({ offer, onDiscard }: { offer: Offer; onDiscard: () => void }) {
  return (
    <div className="alert alert--info row upload-resume" role="status">
      <span>{describeOffer(offer)}</span>
      <button type="button" className="link-button" onClick={onDiscard}>
        Discard
      </button>
    </div>
  )
}
