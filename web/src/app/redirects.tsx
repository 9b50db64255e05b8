import { Navigate, useLocation, useParams } from 'react-router'

/** Old links point to /competitions/{id}[/…]; the challenge pages live under /challenges. */
export function ChallengeRedirect() {
  const { pathname, search, hash } = useLocation()
  return <Navigate replace to={`${pathname.replace(/^\/competitions/, '/challenges')}${search}${hash}`} />
}

/** docs/product/screens.md: /video-player/{id}/{participantId}/{videoId} → the video page. */
export function VideoPlayerRedirect() {
  const { id, participantId, videoId: attemptId } = useParams()
  return <Navigate replace to={`/challenges/${id}/participants/${participantId}/video/${attemptId}`} />
}
