import { Suspense, useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router'
import { Toasts } from '../../components/Toasts.tsx'
import { documentTitle } from '../../lib/document-title.ts'
import { AuthDialogs } from './AuthDialogs.tsx'
import { Footer } from './Footer.tsx'
import { Navigation } from './Navigation.tsx'

export function useDocumentTitle() {
  const { pathname } = useLocation()
  useEffect(() => {
    document.title = documentTitle(pathname)
  }, [pathname])
}

/** Every page but the projector board: navigation, the page, footer, dialogs and toasts. */
export function Layout() {
  useDocumentTitle()
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navigation />
      <main id="main" className="app__main">
        <Suspense fallback={<div className="spinner" role="status" aria-label="Loading" />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <AuthDialogs />
      <Toasts />
      <ScrollRestoration />
    </div>
  )
}
