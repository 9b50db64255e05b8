// The original's facts a player reads before loading it: displayed size and the canPlayType type.
import { describe, expect, it } from 'vitest'
import { parseProbe } from './ffmpeg.ts'
import { browserVideoType, originalVideoFacts } from './original-video.ts'

/** ffprobe's JSON for one video stream, as a phone or a browser recording states it. */
const probed = (stream: Record<string, unknown>) =>
  parseProbe({
    format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '3.0' },
    streams: [{ index: 0, codec_type: 'video', width: 1920, height: 1080, ...stream }],
  })

describe('originalVideoFacts', () => {
  it("an iPhone's portrait HEVC .mov: upright size and an hvc1 type with its profile and level", () => {
    const info = probed({
      codec_name: 'hevc',
      profile: 'Main',
      level: 123,
      codec_tag_string: 'hvc1',
      side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }],
    })
    expect(originalVideoFacts(info, 'mov')).toEqual({
      videoWidth: 1080,
      videoHeight: 1920,
      originalType: 'video/mp4; codecs="hvc1.1.6.L123.B0"',
    })
  })

  it('HEVC Main 10 tagged hev1 keeps its tag; H.264 High 4.0 is avc1.640028; Main 3.1 avc1.4D401F', () => {
    expect(browserVideoType(probed({ codec_name: 'hevc', profile: 'Main 10', level: 150, codec_tag_string: 'hev1' }), 'mp4')).toBe(
      'video/mp4; codecs="hev1.2.4.L150.B0"',
    )
    expect(browserVideoType(probed({ codec_name: 'h264', profile: 'High', level: 40, codec_tag_string: 'avc1' }), 'mp4')).toBe(
      'video/mp4; codecs="avc1.640028"',
    )
    expect(browserVideoType(probed({ codec_name: 'h264', profile: 'Main', level: 31 }), 'mov')).toBe('video/mp4; codecs="avc1.4D401F"')
  })

  it('a landscape clip stays landscape; WebM VP9 is named as WebM', () => {
    const info = probed({ codec_name: 'vp9', width: 1280, height: 720 })
    expect(originalVideoFacts(info, 'webm')).toEqual({
      videoWidth: 1280,
      videoHeight: 720,
      originalType: 'video/webm; codecs="vp09.00.10.08"',
    })
  })

  it('no type when the codec or the container is one no browser is asked about', () => {
    expect(browserVideoType(probed({ codec_name: 'prores', profile: 'HQ' }), 'mov')).toBeNull()
    expect(browserVideoType(probed({ codec_name: 'h264', profile: 'High' }), 'avi')).toBeNull()
  })
})
