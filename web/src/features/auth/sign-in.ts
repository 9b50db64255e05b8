// Where this client starts a sign-in through an external provider, which then sends the
// browser to /auth/callback?token=…&user_id=…&state=… (docs/product/screens.md). No provider is configured
// today and nothing in the app calls this yet: it exists so that the callback can tell a
// sign-in this tab started (its `state` matches the nonce stored here) from a link someone
// else made (login CSRF: their tokens planted in this browser), which the callback only
// adopts after asking "Continue as <name>?".
import { saveSignInState } from '../../lib/session-storage.ts'

/** A fresh unguessable nonce, stored for this tab; returns it. */
export function newSignInState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  const state = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  saveSignInState(state)
  return state
}

/**
 * Leaves for the provider's sign-in page with a fresh `state` and this site's callback as the
 * return address. `providerUrl` is the provider's authorization address.
 */
export function startSignIn(providerUrl: string, go: (url: string) => void = (url) => window.location.assign(url)): string {
  const url = new URL(providerUrl, window.location.origin)
  url.searchParams.set('state', newSignInState())
  url.searchParams.set('redirect_uri', new URL('/auth/callback', window.location.origin).href)
  go(url.href)
  return url.href
}
