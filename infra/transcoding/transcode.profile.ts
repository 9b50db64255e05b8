// The one encoder profile. Every rendition and poster is made from these
// settings; nothing else in the code spells an encoder flag's value.
// Chosen for "plays on anything": H.264 Main + yuv420p + AAC stereo in MP4 with
// the index at the front (+faststart), a keyframe every ~2 s for quick seeks.

export interface RenditionSpec {
  /** The key in Attempt.renditions and in the file name (`360p.mp4`). */
  readonly name: '360' | '720'
  /** Target length of the shorter side (a portrait 720 is 720 wide). Never upscaled. */
  readonly shortSide: number
  /** Peak video bitrate (VBV cap on top of the quality target). */
  readonly maxrateKbps: number
}

export interface EncoderProfile {
  readonly name: string
  readonly container: { readonly format: 'mp4'; readonly movflags: string }
  readonly video: {
    readonly encoder: 'libx264'
    readonly profile: 'main'
    readonly preset: string
    readonly crf: number
    readonly pixFmt: 'yuv420p'
    readonly gopSeconds: number
    /** Sources above this are halved until they fit (240 fps slow motion → 60). */
    readonly maxFrameRate: number
    /** Used for GOP length when the source does not state its rate. */
    readonly assumedFrameRate: number
  }
  readonly audio: { readonly encoder: 'aac'; readonly channels: 2; readonly sampleRate: number; readonly bitrateKbps: number }
  readonly renditions: readonly RenditionSpec[]
  readonly poster: { readonly shortSide: number; readonly atSeconds: number; readonly jpegQuality: number }
}

export const WEB_H264_PROFILE: EncoderProfile = Object.freeze({
  name: 'web-h264-main-aac-faststart',
  container: Object.freeze({ format: 'mp4', movflags: '+faststart' }),
  video: Object.freeze({
    encoder: 'libx264',
    profile: 'main',
    preset: 'veryfast',
    crf: 23,
    pixFmt: 'yuv420p',
    gopSeconds: 2,
    maxFrameRate: 60,
    assumedFrameRate: 30,
  }),
  audio: Object.freeze({ encoder: 'aac', channels: 2, sampleRate: 48_000, bitrateKbps: 128 }),
  renditions: Object.freeze([
    Object.freeze({ name: '360', shortSide: 360, maxrateKbps: 1_000 }),
    Object.freeze({ name: '720', shortSide: 720, maxrateKbps: 3_500 }),
  ]),
  poster: Object.freeze({ shortSide: 720, atSeconds: 1, jpegQuality: 3 }),
} satisfies EncoderProfile)
