// A link to the organiser's judging view, shown to the organiser only (the challenge page
// places it; it asks the public panel who organises).
import { Link } from 'react-router'
import { useSession } from '../stores/session.ts'
import { usePanel } from '../api/panel.ts'

export function JudgingLink({ challengeId }: { challengeId: number }) {
  const userId = useSession((s) => s.userId)
  const status = useSession((s) => s.status)
  const panel = usePanel(status === 'authenticated' ? challengeId : null)
  if (status !== 'authenticated' || !panel.data || panel.data.organiser_id !== userId) return null
  return (
    <Link className="button button--secondary button--small" to={`/challenges/${challengeId}/judging`}>
      Judging
    </Link>
  )
}
