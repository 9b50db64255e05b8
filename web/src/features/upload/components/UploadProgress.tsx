export function UploadProgress({ label, fraction }: { label: string; fraction: number }) {
  const percent = Math.max(0, Math.min(100, Math.round(fraction * 100)))
  return (
    <div className="upload-progress">
      <div className="row upload-progress__label">
        <span id="upload-progress-label">{label}</span>
        <strong>{percent}%</strong>
      </div>
      <div
        className="progress"
        role="progressbar"
        aria-labelledby="upload-progress-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
