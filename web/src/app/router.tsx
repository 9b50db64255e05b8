// Every route of docs/product/screens.md. Pages load on demand (one chunk per page) so the first
// load carries only the shell — except home, the landing page, which ships with the
// shell so its hero paints without waiting for a second round trip.
import { createElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { createBrowserRouter } from 'react-router'
import { Layout, useDocumentTitle } from './layout/Layout.tsx'
import { HomePage } from '../features/home/components/HomePage.tsx'
import { NotFoundPage } from './NotFoundPage.tsx'
import { listenForPreloadErrors, RouteError } from './RouteError.tsx'
import { ChallengeRedirect, VideoPlayerRedirect } from './redirects.tsx'
import { prefetchChallengeSummary } from '../api/challenge.ts'

/**
 * A route's page: a page module's named export, loaded on demand. The route's loader fetches it as
 * the route matches and the route renders once it is here: React.lazy alone would suspend on the
 * first render, and a Suspense fallback, once shown, holds the page back ~300 ms (React throttles
 * revealing it). A failed load fails the loader, so the route's error element shows (RouteError:
 * offline it waits for the connection, after a redeploy it reloads) and going there again retries.
 */
function page(load: () => Promise<ComponentType>) {
  let loaded: ComponentType | null = null
  let loading: Promise<ComponentType> | null = null
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = null
        throw error
      },
    ))
  const Lazy = lazy(async () => ({ default: await preload() }))
  const Page = () => (loaded ? createElement(loaded) : <Lazy />)
  return {
    element: <Page />,
    loader: async () => {
      await preload()
      return null
    },
  }
}

const challenges = page(() => import('../features/challenges/components/ChallengesPage.tsx').then((m) => m.ChallengesPage))
const challengeDetail = page(() => import('../features/challenges/components/ChallengeDetailPage.tsx').then((m) => m.ChallengeDetailPage))
const upload = page(() => import('../features/upload/components/UploadPage.tsx').then((m) => m.UploadPage))
const video = page(() => import('../features/videos/components/VideoPage.tsx').then((m) => m.VideoPage))
const randomVideo = page(() => import('../features/videos/components/RandomVideoPage.tsx').then((m) => m.RandomVideoPage))
const athletes = page(() => import('../features/athletes/components/AthletesPage.tsx').then((m) => m.AthletesPage))
const about = page(() => import('../features/about/components/AboutPage.tsx').then((m) => m.AboutPage))
const terms = page(() => import('../features/about/components/TermsPage.tsx').then((m) => m.TermsPage))
const privacy = page(() => import('../features/about/components/PrivacyPage.tsx').then((m) => m.PrivacyPage))
const leaderboard = page(() => import('../features/leaderboard/components/LeaderboardPage.tsx').then((m) => m.LeaderboardPage))
const shop = page(() => import('../features/shop/components/ShopPage.tsx').then((m) => m.ShopPage))
const profile = page(() => import('../features/profile/components/ProfilePage.tsx').then((m) => m.ProfilePage))
const authCallback = page(() => import('../features/auth/components/AuthCallbackPage.tsx').then((m) => m.AuthCallbackPage))
const resetPassword = page(() => import('../features/auth/components/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage))
const verifyEmail = page(() => import('../features/auth/components/VerifyEmailPage.tsx').then((m) => m.VerifyEmailPage))
const authError = page(() => import('../features/auth/components/AuthErrorPage.tsx').then((m) => m.AuthErrorPage))
const judgeDesk = page(() => import('../features/judging/components/JudgeDeskPage.tsx').then((m) => m.JudgeDeskPage))
const judgingAdmin = page(() => import('../features/judging/components/JudgingAdminPage.tsx').then((m) => m.JudgingAdminPage))
const participantList = page(() => import('../features/challenges/components/ParticipantsPage.tsx').then((m) => m.ParticipantsPage))
const admin = page(() => import('../features/admin/components/AdminPage.tsx').then((m) => m.AdminPage))
const attemptBoard = page(() => import('../features/hall/components/AttemptBoardPage.tsx').then((m) => m.AttemptBoardPage))
const warmupBoard = page(() => import('../features/hall/components/WarmupBoardPage.tsx').then((m) => m.WarmupBoardPage))
const referee = page(() => import('../features/hall/components/RefereePage.tsx').then((m) => m.RefereePage))
const hallDesk = page(() => import('../features/hall/components/DeskPage.tsx').then((m) => m.DeskPage))
const hybridBoard = page(() => import('../features/hall/components/HybridBoardPage.tsx').then((m) => m.HybridBoardPage))
const hallOverlay = page(() => import('../features/hall/components/OverlayPage.tsx').then((m) => m.OverlayPage))
const protocol = page(() => import('../features/challenges/components/ProtocolPage.tsx').then((m) => m.ProtocolPage))
const records = page(() => import('../features/records/components/RecordsPage.tsx').then((m) => m.RecordsPage))
const projector = page(() => import('../features/challenges/components/ProjectorBoardPage.tsx').then((m) => m.ProjectorBoardPage))

/** The projector board is full screen: no navigation, no footer. */
function BareLayout({ children }: { children: ReactNode }) {
  useDocumentTitle()
  return <Suspense fallback={null}>{children}</Suspense>
}

listenForPreloadErrors()

const spinner = <div className="spinner" role="status" aria-label="Loading" />

export const router = createBrowserRouter([
  {
    path: '/challenges/:id/live',
    element: <BareLayout>{projector.element}</BareLayout>,
    loader: projector.loader,
    errorElement: <RouteError />,
    hydrateFallbackElement: spinner,
  },
  {
    path: '/challenges/:id/hall/board',
    element: <BareLayout>{attemptBoard.element}</BareLayout>,
    loader: attemptBoard.loader,
    errorElement: <RouteError />,
    hydrateFallbackElement: spinner,
  },
  {
    path: '/hall/:id/overlay',
    element: <BareLayout>{hallOverlay.element}</BareLayout>,
    loader: hallOverlay.loader,
    errorElement: <RouteError />,
    hydrateFallbackElement: null,
  },
  {
    path: '/challenges/:id/hall/warmup',
    element: <BareLayout>{warmupBoard.element}</BareLayout>,
    loader: warmupBoard.loader,
    errorElement: <RouteError />,
    hydrateFallbackElement: spinner,
  },
  {
    element: <Layout />,
    // Only if the layout itself fails; a page's failure stays inside it (below).
    errorElement: <RouteError />,
    children: [
      {
        // Pathless: a page's error and its first load show in the layout's main area, under the navigation.
        errorElement: <RouteError />,
        hydrateFallbackElement: spinner,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'challenges', ...challenges },
          {
            path: 'challenges/:id',
            element: challengeDetail.element,
            // Its data is asked for beside its code, so both are usually here for the first render.
            loader: ({ params }) => {
              const id = Number(params.id)
              if (Number.isInteger(id) && id > 0) prefetchChallengeSummary(id)
              return challengeDetail.loader()
            },
          },
          { path: 'challenges/:id/upload', ...upload },
          { path: 'challenges/:id/participants', ...participantList },
          { path: 'challenges/:id/results', ...protocol },
          { path: 'challenges/:id/judging', ...judgingAdmin },
          { path: 'judge', ...judgeDesk },
          { path: 'referee', ...referee },
          { path: 'challenges/:id/hall/desk', ...hallDesk },
          { path: 'challenges/:id/hall/scoreboard', ...hybridBoard },
          { path: 'challenges/:id/participants/:participantId/video/:videoId', ...video },
          { path: 'competitions/:id/*', element: <ChallengeRedirect /> },
          { path: 'upload', ...upload },
          { path: 'video-player/:id/:participantId/:videoId', element: <VideoPlayerRedirect /> },
          { path: 'random-video', ...randomVideo },
          { path: 'athletes', ...athletes },
          { path: 'about', ...about },
          { path: 'terms', ...terms },
          { path: 'privacy', ...privacy },
          { path: 'leaderboard', ...leaderboard },
          { path: 'records', ...records },
          { path: 'store', ...shop },
          { path: 'profile', ...profile },
          { path: 'profile/:id', ...profile },
          { path: 'admin', ...admin },
          { path: 'auth/callback', ...authCallback },
          { path: 'auth/error', ...authError },
          { path: 'reset-password', ...resetPassword },
          { path: 'verify-email', ...verifyEmail },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
])
