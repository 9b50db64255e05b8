// The form of docs/product/validation.md: video file, lift type (the challenge's own), weight (default: the
// lifter's best, else 60/40/80), and on /upload the challenge. Submit is disabled without a file.
import { useEffect, useState, type FormEvent } from 'react'
import type { BestLift, ProfileResponse } from '../../../lib/contract.ts'
import { FALLBACK_CHALLENGE_ID, defaultWeight, liftOptions, validateUpload, type UploadLiftType } from '../api/upload-rules.ts'
import type { UploadRequest } from '../api/resumable-upload.ts'
import type { UploadFields } from '../api/resume-offer.ts'

/** The challenges a lifter can upload to now: joined and ongoing (the server refuses upcoming and ended ones). */
const uploadableChallenges = (joined: ProfileResponse['competitions'] | undefined) => (joined ?? []).filter((c) => c.status === 'ongoing')

/** The challenge the upload goes to: the route's, else the one chosen, else the first open one, else docs/product/validation.md's '1'. */
export function uploadChallengeId(routeId: number | null, chosen: string, joined: ProfileResponse['competitions'] | undefined): string {
  if (routeId) return String(routeId)
  const first = uploadableChallenges(joined)[0]
  return chosen || (first ? String(first.id) : FALLBACK_CHALLENGE_ID)
}

export type UploadValues = UploadRequest

interface Props {
  userId: number | null
  bests: BestLift[] | undefined
  /** The challenge of /challenges/{id}/upload; null on /upload. */
  routeChallengeId: number | null
  joined: ProfileResponse['competitions'] | undefined
  /** On /upload, the challenge chosen (empty: the default); the page loads it for its lift types. */
  chosenChallengeId: string
  onChooseChallenge: (id: string) => void
  /** The lift types the challenge lists; undefined until it is loaded. */
  challengeLiftTypes: readonly string[] | undefined
  error: string | null
  onError: (message: string | null) => void
  onSubmit: (values: UploadValues) => void
  /** Fields to show instead of the defaults (an unfinished upload's, to resume it); applied when it changes. */
  preset?: UploadFields | null
  onFileChange?: (file: File | null) => void
  /** 'Upload Lift' unless the page knows better (the chosen file resumes an upload). */
  submitLabel?: string
}

export function UploadForm(props: Props) {
  const {
    userId,
    bests,
    routeChallengeId,
    joined,
    chosenChallengeId,
    onChooseChallenge,
    challengeLiftTypes,
    error,
    onError,
    onSubmit,
    preset,
    onFileChange,
  } = props
  const [file, setFile] = useState<File | null>(null)
  const options = liftOptions(challengeLiftTypes)
  const [picked, setLiftType] = useState<UploadLiftType>('squat')
  // A lift the chosen challenge does not list falls back to its first one.
  const liftType = options.some((o) => o.value === picked) ? picked : options[0]!.value
  const [weight, setWeight] = useState(() => String(defaultWeight('squat', bests)))
  const [weightEdited, setWeightEdited] = useState(false)
  const challengeId = uploadChallengeId(routeChallengeId, chosenChallengeId, joined)
  const open = uploadableChallenges(joined)

  // An unfinished upload's lift and weight: resuming needs the fields it was created with. Set while
  // rendering (React's way to adjust state to a prop), so the default-weight effect below sees it.
  const [appliedPreset, setAppliedPreset] = useState<UploadFields | null>(null)
  if (preset && preset !== appliedPreset) {
    setAppliedPreset(preset)
    setLiftType(preset.liftType as UploadLiftType)
    setWeight(preset.weight)
    setWeightEdited(true)
  }

  // The default follows the lift type (and the bests, once loaded) until the lifter types a weight.
  useEffect(() => {
    if (!weightEdited) setWeight(String(defaultWeight(liftType, bests)))
  }, [liftType, bests, weightEdited])

  function submit(event: FormEvent) {
    event.preventDefault()
    const problem = validateUpload({ file, liftType, weight, userId })
    onError(problem)
    if (problem || !file || !userId) return
    onSubmit({ file, liftType, weight: Number(weight), userId, challengeId })
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="upload-video">Video</label>
        <input
          id="upload-video"
          type="file"
          accept="video/*"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null
            setFile(chosen)
            onFileChange?.(chosen)
          }}
        />
        <span className="muted upload-form__note">Film from the side so the whole lift is visible. MP4, MOV or WebM.</span>
      </div>
      <div className="field-row">
        <div className="field">
          <label htmlFor="upload-lift-type">Lift type</label>
          <select id="upload-lift-type" value={liftType} onChange={(e) => setLiftType(e.target.value as UploadLiftType)}>
            {options.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
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
      {!routeChallengeId && (
        <div className="field">
          <label htmlFor="upload-challenge">Challenge</label>
          <select id="upload-challenge" value={challengeId} onChange={(e) => onChooseChallenge(e.target.value)}>
            {open.length === 0 && <option value={FALLBACK_CHALLENGE_ID}>Challenge #{FALLBACK_CHALLENGE_ID}</option>}
            {open.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name} ({c.weight_class})
              </option>
            ))}
          </select>
        </div>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
      <button className="button" type="submit" disabled={!file}>
        {props.submitLabel ?? 'Upload Lift'}
      </button>
    </form>
  )
}
