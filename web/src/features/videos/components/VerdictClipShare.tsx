// The verdict clip of a decided attempt (docs/video-checks.md "Verdict clips"): download it, or share it.
// Share uses the Web Share API where the browser has it: the clip itself when the browser can share files
// (phones), else the page's address; without it, the download link is the way to take it along.
import { useState } from 'react'

export interface VerdictClipShareProps {
  url: string
  attemptId: number
  /** "Ann Lee · Squat 182.5 kg: good lift", the share sheet's text. */
  text: string
}

type ShareState = 'idle' | 'sharing' | 'failed'

const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function'

async function shareClip(url: string, fileName: string, text: string): Promise<void> {
  try {
    const response = await fetch(url)
    if (response.ok) {
      const file = new File([await response.blob()], fileName, { type: 'video/mp4' })
      if (navigator.canShare?.({ files: [file] })) return await navigator.share({ files: [file], title: text, text })
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') return // the lifter closed the share sheet
  }
  await navigator.share({ title: text, text, url: window.location.href })
}

export function VerdictClipShare({ url, attemptId, text }: VerdictClipShareProps) {
  const [state, setState] = useState<ShareState>('idle')
  const fileName = `liftarena-verdict-${attemptId}.mp4`
  const share = async () => {
    setState('sharing')
    try {
      await shareClip(url, fileName, text)
      setState('idle')
    } catch (error) {
      setState((error as Error).name === 'AbortError' ? 'idle' : 'failed')
    }
  }
  return (
    <section className="panel verdict-clip" aria-label="Verdict clip">
      <p className="muted">The verdict clip: the lift with its lights and the decision, ready to share.</p>
      <div className="row">
        <a className="button" href={url} download={fileName}>
          Download the verdict clip
        </a>
        {canShare() && (
          <button type="button" className="button button--secondary" onClick={() => void share()} disabled={state === 'sharing'}>
            {state === 'sharing' ? 'Sharing…' : 'Share'}
          </button>
        )}
      </div>
      {state === 'failed' && (
        <p className="alert alert--error" role="alert">
          Sharing did not work here: download the clip and share the file.
        </p>
      )}
    </section>
  )
}
