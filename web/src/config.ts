// What the web client alone decides (docs/product/limits.md): how many items a screen shows, how long
// messages and controls stay, and the browser storage keys. Limits the server applies too
// (a profile's videos, the heaviest weight) stay in the contract: LIMITS in contract/common.ts.

export const UI = {
  /** Challenges on the home page. */
  featuredChallenges: 2,
  /** Top participants on a challenge page. */
  topParticipants: 5,
  /** Recent videos on a challenge page. */
  recentVideos: 6,
  /** At most this many videos of one challenge: in the random video page's browse list, and on a profile showing several challenges. */
  videosPerChallenge: 3,
  toastMs: 5000,
  /** After a successful login or registration, the dialog closes after this long. */
  loginCloseMs: 1000,
  registerCloseMs: 1500,
  /** A failed sign-in callback shows its error page after this long; the error page goes home after this long. */
  authErrorRedirectMs: 1500,
  authErrorHomeMs: 5000,
  /** A video that fails on a phone is retried this often, this long apart. */
  videoRetries: 3,
  videoRetryDelayMs: 1000,
  /** The player's skip buttons and arrow keys. */
  skipSeconds: 10,
  /** Two taps within this long are a double tap (seek). */
  doubleTapMs: 300,
  /** The player's controls hide after this long without input while playing. */
  controlsHideMs: 3000,
  /** A window narrower than this counts as mobile. */
  mobileWidthPx: 768,
  /** Challenge cards fade in one after the other, this many seconds apart. */
  cardDelayStepS: 0.1,
  /**
   * A load that failed for a passing reason (offline, the server restarting) is tried again after
   * this long, doubling up to the cap (each wait shortened by up to half at random, so a hall of
   * screens does not come back at once); at once when the browser is online again or the live
   * socket reconnects. The cap matches the live store's offline poll (15 s).
   */
  retryFirstDelayMs: 1000,
  retryMaxDelayMs: 15_000,
} as const

/** localStorage keys, as the spec's client names them. */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  refreshToken: 'refresh_token',
  userId: 'userId',
  isLoggedIn: 'isLoggedIn',
  lastAttemptId: 'last_attempt_id',
} as const

/**
 * sessionStorage keys of this client's own (not in the spec): the `state` nonce a sign-in this
 * tab started (features/auth/sign-in.ts); /auth/callback asks before adopting one without it.
 */
export const SESSION_STORAGE_KEYS = {
  signInState: 'liftarena_sign_in_state',
} as const
