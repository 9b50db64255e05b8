// Which stored file plays for an attempt's original on a device: the best READY rendition
// (phones 360p, desktops 720p), else the original while renditions are pending or failed.
import type { VideoQuery } from '../../contract/index.ts'

export type DeviceClass = 'mobile' | 'desktop'

export function deviceClass(query: VideoQuery): DeviceClass {
  const mobile = ['true', '1', 'yes'].includes((query.mobile ?? '').toLowerCase())
  return mobile || query.device === 'android' || query.device === 'ios' ? 'mobile' : 'desktop'
}

const PREFERENCE: Record<DeviceClass, readonly string[]> = { mobile: ['360', '720'], desktop: ['720', '360'] }

export interface Playback {
  key: string
  /** What is served: a rendition name or 'original'. */
  variant: string
  /** False while the answer will change (original served until renditions are ready). */
  final: boolean
}

/** Pure: which file plays for an attempt's original key on this device. */
export function pickPlayback(
  attempt: { originalKey: string; processingState: string; renditions: unknown },
  device: DeviceClass,
): Playback {
  const renditions = (attempt.renditions && typeof attempt.renditions === 'object' ? attempt.renditions : {}) as Record<string, unknown>
  if (attempt.processingState === 'ready') {
    for (const name of PREFERENCE[device]) {
      const key = renditions[name]
      if (typeof key === 'string' && key) return { key, variant: name, final: true }
    }
  }
  const final = attempt.processingState === 'failed' || attempt.processingState === 'none' || attempt.processingState === 'ready'
  return { key: attempt.originalKey, variant: 'original', final }
}
