// Pure: what a player needs to know of an uploaded original before it loads it — its shape as
// displayed (so the player box has the right aspect ratio from the start) and the MIME type with
// codecs (RFC 6381) a browser's canPlayType() is asked about, so a browser that cannot decode it
// (Chromium and an iPhone's HEVC) shows the poster and "Processing…" instead of a black box.
import type { ProbeInfo } from './ffmpeg.ts'
import { displaySize } from './transcoding/transcode.decisions.ts'

export interface OriginalVideoFacts {
  videoWidth: number | null
  videoHeight: number | null
  originalType: string | null
}

/** ffprobe's H.264 profile name → profile_idc and constraint flags, as hex (the `PPCC` of avc1.PPCCLL). */
const AVC_PROFILES: Record<string, string> = {
  'Constrained Baseline': '42E0',
  Baseline: '4200',
  Main: '4D40',
  Extended: '5800',
  High: '6400',
  'High 10': '6E00',
  'High 4:2:2': '7A00',
  'High 4:4:4 Predictive': 'F400',
}
/** ffprobe's HEVC profile name → general_profile_idc and its compatibility flags (hvc1.P.C). */
const HEVC_PROFILES: Record<string, string> = { Main: '1.6', 'Main 10': '2.4', 'Main Still Picture': '3.8', Rext: '4.10' }

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0')

/** The codecs parameter for the video stream; null for a codec no browser is asked about here. */
export function codecsParameter(video: NonNullable<ProbeInfo['video']>): string | null {
  const level = video.level ?? null
  switch (video.codec) {
    case 'h264': {
      const profile = AVC_PROFILES[video.profile ?? ''] ?? '6400'
      return `avc1.${profile}${hex2(level !== null && level > 0 && level < 256 ? level : 0x28)}`
    }
    case 'hevc': {
      const tag = video.codecTag === 'hev1' ? 'hev1' : 'hvc1'
      return `${tag}.${HEVC_PROFILES[video.profile ?? ''] ?? '1.6'}.L${level ?? 93}.B0`
    }
    case 'vp9':
      return 'vp09.00.10.08'
    case 'vp8':
      return 'vp8'
    case 'av1':
      return 'av01.0.05M.08'
    default:
      return null
  }
}

/** The container a browser names: MP4's family (MOV, M4V, 3GP share its boxes) or WebM. */
function containerType(ext: string): string | null {
  if (['mp4', 'm4v', 'mov', '3gp', '3g2'].includes(ext)) return 'video/mp4'
  if (ext === 'webm') return 'video/webm'
  return null
}

/** e.g. 'video/mp4; codecs="hvc1.1.6.L120.B0"' for an iPhone's HEVC .mov; null when not known. */
export function browserVideoType(info: ProbeInfo, ext: string): string | null {
  const container = containerType(ext)
  const codecs = info.video ? codecsParameter(info.video) : null
  return container && codecs ? `${container}; codecs="${codecs}"` : null
}

export function originalVideoFacts(info: ProbeInfo, ext: string): OriginalVideoFacts {
  const size = info.video ? displaySize(info.video) : null
  return { videoWidth: size?.width ?? null, videoHeight: size?.height ?? null, originalType: browserVideoType(info, ext) }
}
