// docs/product/limits.md mobile detection (user agent, or a window narrower than 768 px) and the
// device the /video proxy picks a rendition for.
import type { DEVICES } from './contract.ts'
import { UI } from '../config.ts'

export type Device = (typeof DEVICES)[number]

const userAgent = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent)

export function isMobile(): boolean {
  const narrow = typeof window !== 'undefined' && window.innerWidth < UI.mobileWidthPx
  return narrow || /Android|iPhone|iPad|iPod|Mobile/i.test(userAgent())
}

export function deviceKind(): Device {
  const ua = userAgent()
  if (/Android/i.test(ua)) return 'android'
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios'
  if (/Linux/i.test(ua)) return 'linux'
  return 'desktop'
}

/** The URL the player loads: the proxy's device hints, plus a cache buster on retries. */
export function playbackUrl(videoUrl: string, options: { mobile: boolean; device: Device; attempt?: number }): string {
  const url = new URL(videoUrl, window.location.origin)
  url.searchParams.set('device', options.device)
  if (options.mobile) url.searchParams.set('mobile', 'true')
  if (options.attempt) url.searchParams.set('t', String(Date.now()))
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString()
}
