// docs/product/screens.md upload pages (/upload and /challenges/{id}/upload): the form of §5, the resumable
// upload's progress (size, speed, time left, Cancel; paused while offline); on success, the
// challenge (or /random-video). On the challenge the lifter lands on their own attempt: its tile
// scrolled into view and highlighted, with the transcode's live progress and then the judges'
// verdict (LandingAttempt.tsx), so there is no waiting here once the bytes have arrived. After a
// reload, an unfinished upload is offered: choosing the same file again continues it where the
// server left off.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from 'react-router'
import { useChallenge } from '../../../api/challenge.ts'
import { landingState } from '../../../lib/landing-attempt.ts'
import { saveLastAttemptId } from '../../../lib/session-storage.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { useLive } from '../../../stores/live.ts'
import { useSession } from '../../../stores/session.ts'
import { toast } from '../../../stores/toasts.ts'
import { useUploadContext } from '../api/get-upload-context.ts'
import { discardUpload, findResumeOffer, offerMatchesFile, startResumableUpload, type ResumableUpload } from '../api/resumable-upload.ts'
import type { ResumeOffer as Offer } from '../api/resume-offer.ts'
import { createRateMeter } from '../api/transfer-rate.ts'
import { ResumeOffer } from './ResumeOffer.tsx'
import { TransferProgress } from './TransferProgress.tsx'
import { UploadForm, uploadChallengeId, type UploadValues } from './UploadForm.tsx'
import './UploadPage.css'

const NOT_LINKED_WARNING = 'Upload completed, but the video may not be linked to the challenge.'

type Phase = { step: 'form' } | { step: 'uploading'; sent: number; total: number; bytesPerSecond: number | null; offline: boolean }

export function UploadPage() {
  const routeId = useParams().id
  const challengeId = routeId && /^\d+$/.test(routeId) ? Number(routeId) : null
  const userId = useSession((s) => s.userId)
  const sessionStatus = useSession((s) => s.status)
  const showDialog = useAuthDialogs((s) => s.show)
  const context = useUploadContext(userId)
  const [chosen, setChosen] = useState('')
  const target = Number(uploadChallengeId(challengeId, chosen, context.data?.competitions))
  // The challenge uploaded to: its name titles the page, its lift types fill the form.
  const challenge = useChallenge(target)
  const [phase, setPhase] = useState<Phase>({ step: 'form' })
  const [error, setError] = useState<string | null>(null)
  const navigate = useNavigate()
  const upload = useRef<ResumableUpload | null>(null)
  const meter = useRef(createRateMeter())
  const [cancelling, setCancelling] = useState(false)
  const [offer, setOffer] = useState<Offer | null>(null)
  const [resumesOffer, setResumesOffer] = useState(false)
  // A meet's call to action links here with the declared attempt's lift and weight (?lift=squat&weight=182.5).
  const [params] = useSearchParams()
  const linkedLift = params.get('lift')
  const linkedWeight = params.get('weight')
  const linked = useMemo(
    () =>
      challengeId && linkedLift && linkedWeight ? { liftType: linkedLift, weight: linkedWeight, challengeId: String(challengeId) } : null,
    [challengeId, linkedLift, linkedWeight],
  )

  const refreshOffer = useCallback(async () => {
    const found = await findResumeOffer(userId, challengeId)
    setOffer(found)
    // On /upload, the challenge comes back with the lift and weight.
    if (found && !challengeId) setChosen(found.challengeId)
  }, [userId, challengeId])

  useEffect(() => {
    void refreshOffer()
  }, [refreshOffer])

  // Leaving the page mid-upload stops it and keeps it on the server, to be offered on return.
  useEffect(() => () => upload.current?.stop(), [])

  // Transcode progress arrives over the socket, addressed to the uploader: connected before the
  // upload ends, so the landing page has the progress from its start.
  useEffect(() => useLive.getState().connect(), [])

  async function submit(values: UploadValues) {
    setError(null)
    setCancelling(false)
    meter.current.reset()
    setPhase({ step: 'uploading', sent: 0, total: values.file.size, bytesPerSecond: null, offline: !navigator.onLine })
    const update = (change: (p: Extract<Phase, { step: 'uploading' }>) => Partial<Phase>) =>
      setPhase((p) => (p.step === 'uploading' ? ({ ...p, ...change(p) } as Phase) : p))
    const handle = startResumableUpload(values, {
      onProgress: (sent, total) => update(() => ({ sent, total, bytesPerSecond: meter.current.sample(sent, performance.now()) })),
      onConnection: (offline) => {
        // The speed before a pause says nothing about the link after it.
        meter.current.reset()
        update(() => ({ offline, bytesPerSecond: null }))
      },
    })
    upload.current = handle
    try {
      const answer = await handle.done
      const challengeId = answer.challengeId ?? Number(values.challengeId)
      const target = challengeId ? `/challenges/${challengeId}` : '/random-video'
      toast('success', 'Upload successful! Your video is being processed.')
      if (!answer.attemptId) {
        toast('warning', NOT_LINKED_WARNING)
        return navigate(target)
      }
      saveLastAttemptId(answer.attemptId)
      // The URL stays the spec's; the attempt to land on travels in the navigation's state.
      navigate(target, challengeId ? { state: landingState(answer.attemptId) } : undefined)
    } catch (e) {
      // Cancelled: back to the form as it was (it stayed mounted, file and fields included).
      if ((e as Error).name !== 'AbortError') setError((e as Error).message)
      setPhase({ step: 'form' })
      setResumesOffer(false)
      void refreshOffer()
    } finally {
      if (upload.current === handle) upload.current = null
    }
  }

  async function cancel() {
    setCancelling(true)
    await upload.current?.cancel()
  }

  function chooseFile(file: File | null) {
    setResumesOffer(false)
    if (file && offer) void offerMatchesFile(offer, file).then(setResumesOffer)
  }

  const title = challengeId && challenge.data ? `Submit your lift: ${challenge.data.name}` : 'Upload Lift'
  return (
    <div className="upload-page">
      <header className="page-header">
        <h1>{title}</h1>
        {challengeId && <Link to={`/challenges/${challengeId}`}>← Back to the challenge</Link>}
      </header>
      {sessionStatus === 'unauthenticated' && (
        <p className="alert alert--info">
          Log in to upload a lift.{' '}
          <button type="button" className="link-button" onClick={() => showDialog('login')}>
            Login
          </button>
        </p>
      )}
      {phase.step === 'form' && offer && (
        <ResumeOffer
          offer={offer}
          onDiscard={() => {
            discardUpload(offer)
            setOffer(null)
            setResumesOffer(false)
          }}
        />
      )}
      <div className="panel">
        {/* Hidden, not unmounted, while uploading: after Cancel the form is back with its file and fields. */}
        <div hidden={phase.step !== 'form'}>
          <UploadForm
            userId={userId}
            bests={context.data?.best_lifts}
            routeChallengeId={challengeId}
            joined={context.data?.competitions}
            chosenChallengeId={chosen}
            onChooseChallenge={setChosen}
            challengeLiftTypes={challenge.data?.lifttypes}
            error={error}
            onError={setError}
            onSubmit={(values) => void submit(values)}
            preset={offer ?? linked}
            onFileChange={chooseFile}
            submitLabel={resumesOffer ? 'Resume upload' : undefined}
          />
        </div>
        {phase.step === 'uploading' ? (
          <TransferProgress
            sent={phase.sent}
            total={phase.total}
            bytesPerSecond={phase.bytesPerSecond}
            offline={phase.offline}
            cancelling={cancelling}
            onCancel={() => void cancel()}
          />
        ) : null}
      </div>
    </div>
  )
}
