// /challenges/:id/hall/board?platform=1: the attempt board of a meet's platform, full screen, live.
import { useParams, useSearchParams } from 'react-router'
import { useHall, useServerOffset, useTick } from '../api/hall.ts'
import { AttemptBoard } from './AttemptBoard.tsx'

export function AttemptBoardPage() {
  const id = Number(useParams().id)
  const [params] = useSearchParams()
  const number = Number(params.get('platform') ?? 1)
  const { hall, error } = useHall(Number.isInteger(id) && id > 0 ? id : null)
  const offset = useServerOffset()
  const now = useTick(100)
  if (error)
    return (
      <div className="attempt-board attempt-board--message" role="alert">
        {error}
      </div>
    )
  if (!hall)
    return (
      <div className="attempt-board attempt-board--message" role="status">
        Loading the hall…
      </div>
    )
  const platform = hall.platforms.find((p) => p.platform === number)
  if (!platform) return <div className="attempt-board attempt-board--message">This meet has no platform {number}.</div>
  return <AttemptBoard platform={platform} serverNow={now + offset} />
}
