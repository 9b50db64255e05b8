// docs/product/screens.md /challenges: the list with a status filter (kept in the URL) and the Create Challenge dialog.
import { useMemo, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { challengesErrorText, useChallenges } from '../../../api/challenges.ts'
import { ChallengeCard } from '../../../components/ChallengeCard.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { toChallenge } from '../../../lib/challenge.ts'
import { toast } from '../../../stores/toasts.ts'
import { CreateChallengeDialog } from './CreateChallengeDialog.tsx'
import { StatusFilter, type StatusFilterValue, isStatusFilter } from '../../../components/StatusFilter.tsx'

export function ChallengesPage() {
  const [params, setParams] = useSearchParams()
  const status = isStatusFilter(params.get('status')) ? (params.get('status') as StatusFilterValue) : 'all'
  const [creating, setCreating] = useState(false)
  const navigate = useNavigate()
  const { data, error, reload } = useChallenges()
  const challenges = useMemo(() => (data ?? []).map((c) => toChallenge(c)), [data])
  const shown = status === 'all' ? challenges : challenges.filter((c) => c.status === status)

  return (
    <>
      <header className="page-header">
        <h1>Challenges</h1>
        <button type="button" className="button" onClick={() => setCreating(true)}>
          Create Challenge
        </button>
      </header>
      <StatusFilter value={status} onChange={(next) => setParams(next === 'all' ? {} : { status: next }, { replace: true })} />
      <OfflineNotice />
      {!data && error ? (
        <LoadError message={challengesErrorText(error)} onRetry={() => void reload()} />
      ) : !data ? (
        <div className="spinner" role="status" aria-label="Loading challenges" />
      ) : shown.length === 0 ? (
        <p className="empty">{status === 'all' ? 'No challenges found.' : `No ${status} challenges found.`}</p>
      ) : (
        <div className="grid">
          {shown.map((c, i) => (
            <ChallengeCard key={c.id} challenge={c} index={i} />
          ))}
        </div>
      )}
      {creating && (
        <CreateChallengeDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false)
            toast('success', 'Challenge created!')
            navigate(`/challenges/${id}`)
          }}
        />
      )}
    </>
  )
}
