// Pure decisions, no ffmpeg: sizes, rotation, frame rates, options, progress.
import { describe, expect, it } from 'vitest'
import { CONTAINERS, parseProbe, type ProbeInfo, type VideoStreamInfo } from '../ffmpeg.ts'
import {
  UnsupportedSourceError,
  displaySize,
  encodePercent,
  fitShortSide,
  gopFrames,
  needsTranscode,
  outputFrameRate,
  parseTimemark,
  statsLineSeconds,
  planRenditions,
  planTranscode,
  posterInputOptions,
  posterOutputOptions,
  posterTime,
  renditionFilterGraph,
  renditionInputOptions,
  renditionOutputOptions,
} from './transcode.decisions.ts'
import { WEB_H264_PROFILE } from './transcode.profile.ts'

function video(overrides: Partial<VideoStreamInfo> = {}): VideoStreamInfo {
  return {
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
    duration: 3,
    ...overrides,
  }
}
function info(v: Partial<VideoStreamInfo> | null = {}, extra: Partial<ProbeInfo> = {}): ProbeInfo {
  return {
    formatName: 'mov,mp4',
    duration: 3,
    size: 1000,
    video: v === null ? null : video(v),
    audio: { index: 1, codec: 'aac', channels: 2, sampleRate: 48000 },
    ...extra,
  }
}
const sizes = (list: Array<{ name: string; width: number; height: number }>) => list.map((r) => `${r.name}:${r.width}x${r.height}`)

describe('rendition sizes', () => {
  it('makes 360p and 720p from 1080p landscape', () => {
    expect(sizes(planRenditions({ width: 1920, height: 1080 }))).toEqual(['360:640x360', '720:1280x720'])
  })

  it('honours rotation: a 1920x1080 clip rotated 90° is portrait', () => {
    for (const rotation of [90, 270] as const) {
      const display = displaySize(video({ rotation }))
      expect(display).toEqual({ width: 1080, height: 1920 })
      expect(sizes(planRenditions(display))).toEqual(['360:360x640', '720:720x1280'])
    }
    expect(displaySize(video({ rotation: 180 }))).toEqual({ width: 1920, height: 1080 })
  })

  it('never upscales: a 480p source gives 360p and a 480p "720"; 360p and smaller give one rendition at source size', () => {
    expect(sizes(planRenditions({ width: 854, height: 480 }))).toEqual(['360:640x360', '720:854x480'])
    expect(sizes(planRenditions({ width: 640, height: 360 }))).toEqual(['360:640x360'])
    expect(sizes(planRenditions({ width: 320, height: 240 }))).toEqual(['360:320x240'])
    expect(sizes(planRenditions({ width: 1280, height: 720 }))).toEqual(['360:640x360', '720:1280x720'])
  })

  it('keeps both sides even and within the source (4:2:0 needs even sides)', () => {
    for (const [w, h] of [
      [1279, 719],
      [1921, 1081],
      [853, 481],
      [3840, 2160],
      [1080, 2340],
      [101, 77],
    ]) {
      for (const r of planRenditions({ width: w!, height: h! })) {
        expect(r.width % 2, `${w}x${h}`).toBe(0)
        expect(r.height % 2, `${w}x${h}`).toBe(0)
        expect(r.width).toBeLessThanOrEqual(w!)
        expect(r.height).toBeLessThanOrEqual(h!)
      }
    }
    expect(fitShortSide({ width: 1080, height: 2340 }, 720)).toEqual({ width: 720, height: 1560 })
  })

  it('applies a non-square sample aspect ratio', () => {
    expect(displaySize(video({ width: 720, height: 576, sar: 16 / 15 }))).toEqual({ width: 768, height: 576 })
  })
})

describe('frame rate, GOP and poster time', () => {
  it('keeps ordinary rates and halves slow motion until it fits 60', () => {
    expect(outputFrameRate(30)).toBeNull()
    expect(outputFrameRate(59.94)).toBeNull()
    expect(outputFrameRate(null)).toBeNull()
    expect(outputFrameRate(120)).toBe(60)
    expect(outputFrameRate(240)).toBe(60)
    expect(outputFrameRate(100)).toBe(50)
  })

  it('puts a keyframe every ~2 s', () => {
    expect(gopFrames(30)).toBe(60)
    expect(gopFrames(29.97)).toBe(60)
    expect(gopFrames(25)).toBe(50)
    expect(gopFrames(null)).toBe(60)
    expect(planTranscode(info({ frameRate: 240 })).gopFrames).toBe(120)
  })

  it('takes the poster at 1 s, or mid-clip when shorter', () => {
    expect(posterTime(3)).toBe(1)
    expect(posterTime(1.2)).toBe(0.6)
    expect(posterTime(null)).toBe(0)
  })
})

describe('planTranscode', () => {
  it('refuses a source without video or with a nonsense size', () => {
    expect(() => planTranscode(info(null))).toThrow(UnsupportedSourceError)
    expect(() => planTranscode(info({ width: 0 }))).toThrow(UnsupportedSourceError)
    expect(() => planTranscode(info({ width: 40000 }))).toThrow(UnsupportedSourceError)
  })

  it('plans audio only when the source has some', () => {
    expect(planTranscode(info()).audio).toBe(true)
    expect(planTranscode(info({}, { audio: null })).audio).toBe(false)
  })

  it('sizes the poster like the largest rendition, rotation included', () => {
    expect(planTranscode(info({ rotation: 90 })).poster).toEqual({ width: 720, height: 1280, atSeconds: 1 })
  })
})

describe('ffmpeg options come from the one profile', () => {
  const plan = planTranscode(info({ frameRate: 120 }))

  it('decodes once and splits into one scaled branch per rendition', () => {
    expect(renditionFilterGraph(plan)).toBe(
      '[0:v:0]fps=60,split=2[s0][s1];' +
        '[s0]scale=640:360:flags=bicubic,setsar=1,format=yuv420p[v360];' +
        '[s1]scale=1280:720:flags=bicubic,setsar=1,format=yuv420p[v720]',
    )
    const single = planTranscode(info({ width: 640, height: 360, frameRate: 30 }))
    expect(renditionFilterGraph(single)).toBe('[0:v:0]scale=640:360:flags=bicubic,setsar=1,format=yuv420p[v360]')
  })

  it('encodes H.264 Main yuv420p, GOP 2 s, AAC stereo, faststart MP4', () => {
    const options = renditionOutputOptions(plan, plan.renditions[1]!).join(' ')
    expect(options).toContain('-c:v libx264 -profile:v main')
    expect(options).toContain('-pix_fmt yuv420p')
    expect(options).toContain('-g 120 -keyint_min 120 -sc_threshold 0')
    expect(options).toContain('-maxrate 3500k -bufsize 7000k')
    expect(options).toContain('-map 0:a:0 -c:a aac -ac 2 -ar 48000 -b:a 128k')
    expect(options).toContain('-movflags +faststart -f mp4')
    expect(renditionOutputOptions(planTranscode(info({}, { audio: null })), plan.renditions[0]!)).toContain('-an')
    expect(posterOutputOptions(plan).join(' ')).toContain('-frames:v 1 -vf scale=1280:720')
    expect(WEB_H264_PROFILE.name).toBe('web-h264-main-aac-faststart')
  })
  it('caps what ffmpeg may read and use: -t the longest clip, 2 threads, a largest allocation', () => {
    const input = renditionInputOptions(CONTAINERS.mp4, 300).join(' ')
    expect(input).toContain('-t 300')
    expect(input).toContain('-threads 2')
    expect(input).toContain('-filter_complex_threads 2')
    expect(input).toMatch(/-max_alloc \d+/)
    expect(renditionOutputOptions(plan, plan.renditions[0]!).join(' ')).toContain('-threads 2')
    expect(posterInputOptions(CONTAINERS.mp4, plan).join(' ')).toContain('-threads 2')
    expect(posterInputOptions(CONTAINERS.mp4, plan).join(' ')).toContain('-ss 1')
    expect(posterOutputOptions(plan).join(' ')).toContain('-threads 2')
  })
})

describe('progress and idempotence', () => {
  it('reads ffmpeg timemarks and maps them onto 0–90 %', () => {
    expect(parseTimemark('00:00:01.50')).toBe(1.5)
    expect(parseTimemark('01:02:03.25')).toBe(3723.25)
    expect(parseTimemark('N/A')).toBeNull()
    expect(statsLineSeconds('frame=   50 fps=0.0 q=28.0 size=     256kB time=00:00:01.50 bitrate=1398.1kbits/s speed=2.9x')).toBe(1.5)
    expect(statsLineSeconds('frame=    0 fps=0.0 q=0.0 size=       0kB time=N/A bitrate=N/A speed=N/A')).toBeNull()
    expect(statsLineSeconds('  Duration: 00:00:03.00, start: 0.000000, bitrate: 1054 kb/s')).toBeNull()
    expect(statsLineSeconds('[mp4 @ 0x1] overtime=00:00:09.00')).toBeNull()
    expect(encodePercent(1.5, 3)).toBe(45)
    expect(encodePercent(10, 3)).toBe(90)
    expect(encodePercent(null, 3)).toBe(0)
    expect(encodePercent(1, null)).toBe(0)
  })

  it('skips attempts already finished or without a source', () => {
    expect(needsTranscode({ processingState: 'pending', originalKey: 'k' })).toBe('transcode')
    expect(needsTranscode({ processingState: 'processing', originalKey: 'k' })).toBe('transcode')
    expect(needsTranscode({ processingState: 'ready', originalKey: 'k' })).toBe('done')
    expect(needsTranscode({ processingState: 'failed', originalKey: 'k' })).toBe('done')
    expect(needsTranscode({ processingState: 'pending', originalKey: null })).toBe('no-source')
  })
})

describe('parseProbe', () => {
  it('reads rotation from the display matrix or the legacy rotate tag, and skips cover art', () => {
    const parsed = parseProbe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '3.000000', size: '1234' },
      streams: [
        { index: 0, codec_type: 'video', codec_name: 'mjpeg', width: 300, height: 300, disposition: { attached_pic: 1 } },
        {
          index: 1,
          codec_type: 'video',
          codec_name: 'hevc',
          profile: 'Main',
          pix_fmt: 'yuv420p',
          width: 1920,
          height: 1080,
          avg_frame_rate: '30000/1001',
          sample_aspect_ratio: '1:1',
          side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }],
        },
        { index: 2, codec_type: 'audio', codec_name: 'aac', channels: 2, sample_rate: '48000' },
      ],
    })
    expect(parsed.video).toMatchObject({ index: 1, codec: 'hevc', width: 1920, height: 1080, rotation: 270, duration: 3 })
    expect(parsed.video!.frameRate).toBeCloseTo(29.97, 2)
    expect(parsed.audio).toEqual({ index: 2, codec: 'aac', channels: 2, sampleRate: 48000 })
    const legacy = parseProbe({ streams: [{ codec_type: 'video', width: 640, height: 480, tags: { rotate: '90' } }] })
    expect(legacy.video!.rotation).toBe(90)
    expect(parseProbe({ streams: [{ codec_type: 'audio', codec_name: 'aac' }] }).video).toBeNull()
  })
})
