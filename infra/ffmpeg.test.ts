// Pure: the video limits (what a probed clip must fit before anything decodes it) and which
// demuxer reads each container we take.
import { describe, expect, it } from 'vitest'
import { ConfigError } from './config.ts'
import {
  CONTAINERS,
  DEFAULT_VIDEO_LIMITS,
  containerOf,
  demuxerOptions,
  exceedsVideoLimits,
  formatDuration,
  readWith,
  resolveFfmpegBinaries,
  type ProbeInfo,
  type VideoStreamInfo,
} from './ffmpeg.ts'

function clip(v: Partial<VideoStreamInfo> = {}, duration: number | null = 12): ProbeInfo {
  const video: VideoStreamInfo = {
    index: 0,
    codec: 'h264',
    profile: 'High',
    pixFmt: 'yuv420p',
    width: 1920,
    height: 1080,
    sar: 1,
    rotation: 0,
    frameRate: 30,
    bitRate: null,
    duration,
    ...v,
  }
  return { formatName: 'mov,mp4', duration, size: 1000, video, audio: null }
}

describe('video limits', () => {
  it('takes an ordinary lift: 1080p30, 4K60 either way round, 120 fps, exactly 5 min, an unknown length', () => {
    expect(exceedsVideoLimits(clip())).toBeNull()
    expect(exceedsVideoLimits(clip({ width: 3840, height: 2160, frameRate: 60 }))).toBeNull()
    expect(exceedsVideoLimits(clip({ width: 2160, height: 3840, rotation: 90 }))).toBeNull()
    expect(exceedsVideoLimits(clip({ width: 4096, height: 2304 }))).toBeNull()
    expect(exceedsVideoLimits(clip({ frameRate: 120 }))).toBeNull()
    expect(exceedsVideoLimits(clip({ frameRate: 119.88 }))).toBeNull()
    expect(exceedsVideoLimits(clip({}, 300))).toBeNull()
    expect(exceedsVideoLimits(clip({ frameRate: null }, null))).toBeNull()
  })

  it('refuses a clip over VIDEO_MAX_SECONDS, naming its length and the limit', () => {
    expect(exceedsVideoLimits(clip({}, 3 * 3600))).toEqual({
      reason: 'tooLong',
      message: 'The video is 3 h 0 min long; lifts are at most 5 min. Trim it and try again.',
    })
    expect(exceedsVideoLimits(clip({}, 300.4))?.message).toBe(
      'The video is 5 min 1 s long; lifts are at most 5 min. Trim it and try again.',
    )
    expect(exceedsVideoLimits(clip({}, 61), { ...DEFAULT_VIDEO_LIMITS, maxSeconds: 60 })?.reason).toBe('tooLong')
    // The longer of the container's and the stream's length counts.
    expect(exceedsVideoLimits({ ...clip({ duration: 4000 }), duration: 10 })?.reason).toBe('tooLong')
  })

  it('refuses a frame beyond 4096×2304 either way round (rotation only swaps the sides)', () => {
    expect(exceedsVideoLimits(clip({ width: 16000, height: 16000 }))).toEqual({
      reason: 'tooManyPixels',
      message:
        'The video is 16000×16000 pixels; lifts are at most 4096×2304 (4K, either way round). Export it at 4K or smaller and try again.',
    })
    expect(exceedsVideoLimits(clip({ width: 4200, height: 2400 }))?.reason).toBe('tooManyPixels')
    expect(exceedsVideoLimits(clip({ width: 4200, height: 2400, rotation: 90 }))?.reason).toBe('tooManyPixels')
    expect(exceedsVideoLimits(clip({ width: 2400, height: 2400 }))?.reason).toBe('tooManyPixels')
    expect(exceedsVideoLimits(clip({ width: 8192, height: 64 }))?.reason).toBe('tooManyPixels')
  })

  it('refuses more than 120 frames per second', () => {
    expect(exceedsVideoLimits(clip({ frameRate: 240 }))).toEqual({
      reason: 'tooFast',
      message: 'The video is 240 frames per second; lifts are at most 120. Export it at normal speed (30 or 60 fps) and try again.',
    })
  })

  it('says lengths as people do', () => {
    expect(formatDuration(45)).toBe('45 s')
    expect(formatDuration(300)).toBe('5 min')
    expect(formatDuration(330)).toBe('5 min 30 s')
    expect(formatDuration(360)).toBe('6 min')
    expect(formatDuration(10_800)).toBe('3 h 0 min')
    expect(formatDuration(0.2)).toBe('1 s')
  })
})

describe('which ffmpeg', () => {
  it("is FFMPEG_PATH/FFPROBE_PATH or the system's, nothing else: without one, start-up stops saying how to install it", () => {
    const path = process.env.PATH
    try {
      process.env.PATH = '/nonexistent-liftarena-bin'
      expect(() => resolveFfmpegBinaries({ ffmpegPath: undefined, ffprobePath: undefined })).toThrow(ConfigError)
      expect(() => resolveFfmpegBinaries({ ffmpegPath: undefined, ffprobePath: undefined })).toThrow(
        /apt-get install ffmpeg.*brew install ffmpeg/,
      )
    } finally {
      process.env.PATH = path
    }
    expect(() => resolveFfmpegBinaries({ ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: undefined })).toThrow(
      /FFMPEG_PATH is "\/nonexistent\/ffmpeg"/,
    )
  })
})

describe('which demuxer reads a sniffed container', () => {
  it('maps each video container file-type names to the one demuxer that reads it, and the extension its original keeps', () => {
    const sniffed = (ext: string) => containerOf({ ext })
    for (const ext of ['mp4', 'm4v', 'mov', '3gp', '3g2']) expect(sniffed(ext)).toEqual({ ext, demuxer: 'mov' })
    for (const ext of ['m4p', 'f4v', 'f4p']) expect(sniffed(ext)).toEqual({ ext: 'mp4', demuxer: 'mov' })
    expect(sniffed('webm')).toEqual({ ext: 'webm', demuxer: 'matroska' })
    expect(sniffed('mkv')).toEqual({ ext: 'mkv', demuxer: 'matroska' })
    expect(sniffed('avi')).toEqual({ ext: 'avi', demuxer: 'avi' })
    expect(sniffed('mpg')).toEqual({ ext: 'mpg', demuxer: 'mpeg' })
    expect(sniffed('mts')).toEqual({ ext: 'mts', demuxer: 'mpegts' })
    expect(sniffed('ogv')).toEqual({ ext: 'ogv', demuxer: 'ogg' })
    expect(sniffed('ogm')).toEqual({ ext: 'ogv', demuxer: 'ogg' })
    expect(sniffed('flv')).toEqual({ ext: 'flv', demuxer: 'flv' })
    expect(sniffed('asf')).toEqual({ ext: 'asf', demuxer: 'asf' })
  })

  it('has no container for anything else: images, audio, text, manifests, or a name from Object.prototype', () => {
    for (const ext of ['png', 'jpg', 'heic', 'avif', 'mp3', 'm4a', 'xml', 'mpd', 'm3u8', 'txt', 'constructor', '__proto__', 'toString']) {
      expect(containerOf({ ext }), ext).toBeNull()
    }
    expect(containerOf(undefined)).toBeNull()
  })

  it('never names a demuxer that reads a manifest, a playlist, a script or an image sequence', () => {
    const demuxers = new Set(Object.values(CONTAINERS).map((c) => c.demuxer))
    expect([...demuxers].sort()).toEqual(['asf', 'avi', 'flv', 'matroska', 'mov', 'mpeg', 'mpegts', 'ogg'])
  })

  it('puts the file protocol only and the demuxer on every input (options that go before -i)', () => {
    expect(demuxerOptions(CONTAINERS.mp4)).toEqual(['-protocol_whitelist', 'file', '-f', 'mov'])
    expect(demuxerOptions(CONTAINERS.webm)).toEqual(['-protocol_whitelist', 'file', '-f', 'matroska'])
  })

  it('takes a probe only when its format_name lists the demuxer named', () => {
    expect(readWith('mov,mp4,m4a,3gp,3g2,mj2', CONTAINERS.mp4)).toBe(true)
    expect(readWith('mov,mp4,m4a,3gp,3g2,mj2', CONTAINERS['3gp'])).toBe(true)
    expect(readWith('matroska,webm', CONTAINERS.webm)).toBe(true)
    expect(readWith('mpegts', CONTAINERS.mts)).toBe(true)
    for (const other of ['dash', 'hls', 'concat', 'image2', 'png_pipe', 'jpeg_pipe', 'matroska,webm', 'unknown', '', 'movie']) {
      expect(readWith(other, CONTAINERS.mp4), other).toBe(false)
    }
    expect(readWith('mov,mp4,m4a,3gp,3g2,mj2', CONTAINERS.webm)).toBe(false)
  })
})
