// The form of SPEC §5: video file, lift type, weight (default: the lifter's best, else
// 60/40/80), and on /upload the challenge. Submit is disabled without a file.
import { useEffect, useState, type FormEvent } from 'react'
import type { BestLift, ProfileResponse } from '../../../lib/contract.ts'
import { FALLBACK_COMPETITION_ID, UPLOAD_LIFT_TYPES, defaultWeight, validateUpload, type UploadLiftType } from '../api/upload-rules.ts'
import type { UploadRequest } from '../api/upload-video.ts'

export type UploadValues = UploadRequest

interface Props {
  userId: number | null
  bests: BestLift[] | undefined
  /** The challenge of /challenges/{id}/upload; null on /upload. */
  routeCompetitionId: number | null
  joined: ProfileResponse['competitions'] | undefined
  error: string | null
  onError: (message: string | null) => void
  onSubmit: (values: UploadValues) => void
}

export function UploadForm({ userId, bests, routeCompetitionId, joined, error, onError, onSubmit }: Props) {
  const [file, setFile] = useState<File | null>(null)
  const [liftType, setLiftType] = useState<UploadLiftType>('squat')
  const [weight, setWeight] = useState(() => String(defaultWeight('squat', bests)))
  const [weightEdited, setWeightEdited] = useState(false)
  const open = (joined ?? []).filter((c) => c.status !== 'completed')
  const [chosen, setChosen] = useState('')
  const competitionId = routeCompetitionId ? String(routeCompetitionId) : chosen || (open[0] ? String(open[0].id) : FALLBACK_COMPETITION_ID)

  // The default follows the lift type (and the bests, once loaded) until the lifter types a weight.
  useEffect(() => {
    if (!weightEdited) setWeight(String(defaultWeight(liftType, bests)))
  }, [liftType, bests, weightEdited])

  function submit(event: FormEvent) {
    event.preventDefault()
    const problem = validateUpload({ file, liftType, weight, userId })
    onError(problem)
    if (problem || !file || !userId) return
    onSubmit({ file, liftType, weight: Number(weight), userId, competitionId })
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="upload-video">Video</label>
        <input id="upload-video" type="file" accept="video/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <span className="muted upload-form__note">Film from the side so the whole lift is visible. MP4, MOV or WebM.</span>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="upload-lift-type">Lift type</label>
          <select id="upload-lift-type" value={liftType} onChange={(e) => setLiftType(e.target.value as UploadLiftType)}>
            {UPLOAD_LIFT_TYPES.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="upload-weight">Weight (kg)</label>
          <input
            id="upload-weight"
            type="number"
            inputMode="decimal"
            min={0}
            step={0.5}
            value={weight}
            onChange={(e) => {
              setWeight(e.target.value)
              setWeightEdited(true)
            }}
          />
        </div>
      </div>
      {!routeCompetitionId && (
        <div className="field">
          <label htmlFor="upload-challenge">Challenge</label>
          <select id="upload-challenge" value={competitionId} onChange={(e) => setChosen(e.target.value)}>
            {open.length === 0 && <option value={FALLBACK_COMPETITION_ID}>Challenge #{FALLBACK_COMPETITION_ID}</option>}
            {open.map((c) => <option key={c.id} value={c.id}>{c.name} ({c.weight_class})</option>)}
          </select>
        </div>
      )}
      {error && <p className="alert alert--error" role="alert">{error}</p>}
      <button className="button" type="submit" disabled={!file}>Upload Lift</button>
    </form>
  )
}
