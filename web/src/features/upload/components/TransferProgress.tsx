// The bytes of an upload on their way: the percent bar, "42.1 MB of 120 MB · 3.1 MB/s · about
// 25 s left", the offline state (a pause, not an error), and Cancel.
import { formatSizeProgress, formatSpeed, formatTimeLeft, secondsLeft } from '../api/transfer-rate.ts'
import { UploadProgress } from './UploadProgress.tsx'

export const CONNECTION_LOST = 'Connection lost — the upload resumes when you are back online'

interface Props {
  sent: number
  total: number
  /** Smoothed; null until measured (and after a pause). */
  bytesPerSecond: number | null
  offline: boolean
  cancelling: boolean
  onCancel: () => void
}

export function TransferProgress({ sent, total, bytesPerSecond, offline, cancelling, onCancel }: Props) {
  const details = [formatSizeProgress(sent, total)]
  if (!offline) {
    const speed = formatSpeed(bytesPerSecond)
    if (speed) details.push(speed)
    details.push(formatTimeLeft(secondsLeft(sent, total, bytesPerSecond)))
  }
  return (
    <div className="stack">
      <UploadProgress label="Uploading video" fraction={total > 0 ? sent / total : 0} />
      <p className="muted upload-progress__details" data-testid="upload-details">
        {details.join(' · ')}
      </p>
      {/* A status, not an alert: nothing is lost and nothing is asked of the lifter. */}
      <div role="status">{offline && <p className="alert alert--info">{CONNECTION_LOST}</p>}</div>
      <div className="row">
        <button className="button button--secondary" type="button" onClick={onCancel} disabled={cancelling}>
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
    </div>
  )
}
