// SPEC §2 upload pages (/upload and /challenges/{id}/upload): the form of §5, a progress bar of
// the bytes sent, then the transcode progress; on success, the challenge (or /random-video).
import { useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { useCompetition } from '../../../api/competition.ts'
import { saveLastAttemptId } from '../../../lib/session-storage.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { useLive } from '../../../stores/live.ts'
import { useSession } from '../../../stores/session.ts'
import { toast } from '../../../stores/toasts.ts'
import { useUploadContext } from '../api/get-upload-context.ts'
import { uploadVideo } from '../api/upload-video.ts'
import { UploadForm, uploadCompetitionId, type UploadValues } from './UploadForm.tsx'
import { UploadProgress } from './UploadProgress.tsx'
import './UploadPage.css'

export const NOT_LINKED_WARNING = 'Upload completed, but the video may not be linked to the challenge.'

const TRANSCODE_LABELS = {
  pending: 'Waiting to process video',
  processing: 'Processing video',
  ready: 'Video ready',
  failed: 'Processing failed: the original plays',
} as const

type Phase = { step: 'form' } | { step: 'uploading'; fraction: number } | { step: 'processing'; attemptId: number; target: string }

export function UploadPage() {
  const routeId = useParams().id
  const competitionId = routeId && /^\d+$/.test(routeId) ? Number(routeId) : null
  const userId = useSession((s) => s.userId)
  const sessionStatus = useSession((s) => s.status)
  const showDialog = useAuthDialogs((s) => s.show)
  const context = useUploadContext(userId)
  const [chosen, setChosen] = useState('')
  const target = Number(uploadCompetitionId(competitionId, chosen, context.data?.competitions))
  // The challenge uploaded to: its name titles the page, its lift types fill the form.
  const competition = useCompetition(target)
  const [phase, setPhase] = useState<Phase>({ step: 'form' })
  const [error, setError] = useState<string | null>(null)
  const navigate = useNavigate()
  const transcode = useLive((s) => (phase.step === 'processing' ? s.transcodes[phase.attemptId] : undefined))
  const liveStatus = useLive((s) => s.status)

  // Transcode progress arrives over the socket, addressed to the uploader.
  useEffect(() => useLive.getState().connect(), [])

  // Leave for the challenge once the video is playable in every size (or could not be).
  useEffect(() => {
    if (phase.step !== 'processing') return
    if (transcode?.state === 'ready' || transcode?.state === 'failed' || liveStatus === 'offline') navigate(phase.target)
  }, [phase, transcode, liveStatus, navigate])

  async function submit(values: UploadValues) {
    setError(null)
    setPhase({ step: 'uploading', fraction: 0 })
    try {
      const answer = await uploadVideo(values, (fraction) => setPhase({ step: 'uploading', fraction }))
      const challengeId = answer.competition_id ?? Number(values.competitionId)
      const target = challengeId ? `/challenges/${challengeId}` : '/random-video'
      toast('success', 'Upload successful! Your video is being processed.')
      if (!answer.attempt_id) {
        toast('warning', NOT_LINKED_WARNING)
        return navigate(target)
      }
      saveLastAttemptId(answer.attempt_id)
      setPhase({ step: 'processing', attemptId: answer.attempt_id, target })
    } catch (e) {
      if ((e as Error).name === 'AbortError') return setPhase({ step: 'form' })
      setError((e as Error).message)
      setPhase({ step: 'form' })
    }
  }

  const title = competitionId && competition.data ? `Submit your lift: ${competition.data.name}` : 'Upload Lift'
  return (
    <div className="upload-page">
      <header className="page-header">
        <h1>{title}</h1>
        {competitionId && <Link to={`/challenges/${competitionId}`}>← Back to the challenge</Link>}
      </header>
      {sessionStatus === 'unauthenticated' && (
        <p className="alert alert--info">
          Log in to upload a lift.{' '}
          <button type="button" className="link-button" onClick={() => showDialog('login')}>Login</button>
        </p>
      )}
      <div className="panel">
        {phase.step === 'form' ? (
          <UploadForm
            userId={userId}
            bests={context.data?.best_lifts}
            routeCompetitionId={competitionId}
            joined={context.data?.competitions}
            chosenCompetitionId={chosen}
            onChooseCompetition={setChosen}
            challengeLiftTypes={competition.data?.lifttypes}
            error={error}
            onError={setError}
            onSubmit={(values) => void submit(values)}
          />
        ) : phase.step === 'uploading' ? (
          <UploadProgress label="Uploading video" fraction={phase.fraction} />
        ) : (
          <div className="stack">
            <UploadProgress label={TRANSCODE_LABELS[transcode?.state ?? 'pending']} fraction={(transcode?.percent ?? 0) / 100} />
            <p className="muted">Your lift is uploaded. We are preparing it for every device; it already plays in its original form.</p>
            <Link className="button button--secondary" to={phase.target}>Continue</Link>
          </div>
        )}
      </div>
    </div>
  )
}
