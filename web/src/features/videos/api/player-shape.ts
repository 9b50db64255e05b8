// What the player decides before loading a video: the shape of its box (portrait fills the
// phone's height, landscape the width; known from the upload's probe, so nothing jumps when the
// metadata arrives) and whether the original can play here while its renditions are pending
// (a phone's HEVC original cannot in Chromium: it showed as a black 0×0 box).
import type { ProcessingState } from '../../../lib/contract.ts'

/** What answers say about an attempt's video (Lift, AttemptDetail, the random video). */
export interface VideoFacts {
  processing?: ProcessingState
  video_width?: number
  video_height?: number
  original_type?: string
}

interface PlayerShape {
  /** width / height as displayed. */
  ratio: number
  orientation: 'portrait' | 'landscape'
}

/** Until a video's size is known: the usual landscape recording. */
const DEFAULT_RATIO = 16 / 9

/** The box for a video of `width`×`height` (either unknown or 0: the default landscape box). */
export function playerShape(width: number | undefined | null, height: number | undefined | null): PlayerShape {
  const known = !!width && !!height && width > 0 && height > 0
  const ratio = known ? width / height : DEFAULT_RATIO
  return { ratio, orientation: ratio < 1 ? 'portrait' : 'landscape' }
}

/** Renditions are still to come: what plays meanwhile is the original as uploaded. */
export const renditionsPending = (processing: ProcessingState | undefined) => processing === 'pending' || processing === 'processing'

/**
 * Can this browser play the original, as far as its type tells? '' from canPlayType is a no;
 * 'maybe'/'probably' and an unknown type are tried (the player then watches for a 0×0 video or an error).
 */
export function mayPlayType(
  type: string | undefined,
  probe: Pick<HTMLMediaElement, 'canPlayType'> = document.createElement('video'),
): boolean {
  return !type || probe.canPlayType(type) !== ''
}
