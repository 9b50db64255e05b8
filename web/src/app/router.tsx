// Every route of SPEC §2. Pages load on demand (one chunk per page) so the first
// load carries only the shell — except home, the landing page, which ships with the
// shell so its hero paints without waiting for a second round trip.
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { createBrowserRouter } from 'react-router'
import { Layout, useDocumentTitle } from './layout/Layout.tsx'
import { HomePage } from '../features/home/components/HomePage.tsx'
import { NotFoundPage } from './NotFoundPage.tsx'
import { CompetitionRedirect, VideoPlayerRedirect } from './redirects.tsx'
import { prefetchCompetitionSummary } from '../api/competition.ts'

/** React.lazy for a page module's named export. */
function page(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }))
  return <Page />
}

const challenges = page(() => import('../features/challenges/components/ChallengesPage.tsx').then((m) => m.ChallengesPage))
const challengeDetail = page(() => import('../features/challenges/components/ChallengeDetailPage.tsx').then((m) => m.ChallengeDetailPage))
const upload = page(() => import('../features/upload/components/UploadPage.tsx').then((m) => m.UploadPage))
const video = page(() => import('../features/videos/components/VideoPage.tsx').then((m) => m.VideoPage))
const randomVideo = page(() => import('../features/videos/components/RandomVideoPage.tsx').then((m) => m.RandomVideoPage))
const athletes = page(() => import('../features/athletes/components/AthletesPage.tsx').then((m) => m.AthletesPage))
const about = page(() => import('../features/about/components/AboutPage.tsx').then((m) => m.AboutPage))
const leaderboard = page(() => import('../features/leaderboard/components/LeaderboardPage.tsx').then((m) => m.LeaderboardPage))
const store = page(() => import('../features/store/components/StorePage.tsx').then((m) => m.StorePage))
const profile = page(() => import('../features/profile/components/ProfilePage.tsx').then((m) => m.ProfilePage))
const authCallback = page(() => import('../features/auth/components/AuthCallbackPage.tsx').then((m) => m.AuthCallbackPage))
const authError = page(() => import('../features/auth/components/AuthErrorPage.tsx').then((m) => m.AuthErrorPage))
const judgeDesk = page(() => import('../features/judging/components/JudgeDeskPage.tsx').then((m) => m.JudgeDeskPage))
const judgingAdmin = page(() => import('../features/judging/components/JudgingAdminPage.tsx').then((m) => m.JudgingAdminPage))
const projector = page(() => import('../features/challenges/components/ProjectorBoardPage.tsx').then((m) => m.ProjectorBoardPage))

/** The projector board is full screen: no navigation, no footer. */
function BareLayout({ children }: { children: ReactNode }) {
  useDocumentTitle()
  return <Suspense fallback={null}>{children}</Suspense>
}

export const router = createBrowserRouter([
  { path: '/challenges/:id/live', element: <BareLayout>{projector}</BareLayout> },
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'challenges', element: challenges },
      {
        path: 'challenges/:id', element: challengeDetail,
        // The page's data is asked for as the route matches, beside its code, not after it.
        loader: ({ params }) => {
          const id = Number(params.id)
          if (Number.isInteger(id) && id > 0) prefetchCompetitionSummary(id)
          return null
        },
      },
      { path: 'challenges/:id/upload', element: upload },
      { path: 'challenges/:id/judging', element: judgingAdmin },
      { path: 'judge', element: judgeDesk },
      { path: 'challenges/:id/participants/:participantId/video/:videoId', element: video },
      { path: 'competitions/:id/*', element: <CompetitionRedirect /> },
      { path: 'upload', element: upload },
      { path: 'video-player/:id/:participantId/:videoId', element: <VideoPlayerRedirect /> },
      { path: 'random-video', element: randomVideo },
      { path: 'athletes', element: athletes },
      { path: 'about', element: about },
      { path: 'leaderboard', element: leaderboard },
      { path: 'store', element: store },
      { path: 'profile', element: profile },
      { path: 'profile/:id', element: profile },
      { path: 'auth/callback', element: authCallback },
      { path: 'auth/error', element: authError },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
])
