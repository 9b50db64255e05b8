import { Type, type Static } from 'typebox'

export const UploadResponse = Type.Object({
  /** Plays the original through /video until renditions exist, then the best rendition. */
  url: Type.String(),
  attempt_id: Type.Integer(),
  participant_id: Type.Integer(),
  competition_id: Type.Integer(),
})
export type UploadResponse = Static<typeof UploadResponse>

export const RandomVideoResponse = Type.Object({
  attempt_id: Type.Integer(),
  competition_id: Type.Integer(),
  participant_id: Type.Integer(),
  video_url: Type.String(),
  poster_url: Type.Union([Type.String(), Type.Null()]),
  participant_name: Type.String(),
  lift_type: Type.String(),
  weight: Type.Number(),
  current_index: Type.Integer(),
  total_videos: Type.Integer(),
})
export type RandomVideoResponse = Static<typeof RandomVideoResponse>

export const DEVICES = ['android', 'ios', 'linux', 'desktop'] as const
export const VideoQuery = Type.Object({
  mobile: Type.Optional(Type.String({ maxLength: 10 })),
  device: Type.Optional(Type.Union(DEVICES.map((d) => Type.Literal(d)))),
  t: Type.Optional(Type.String({ maxLength: 40 })),
})
export type VideoQuery = Static<typeof VideoQuery>

/** Processing states of an attempt's video. */
export type ProcessingState = 'none' | 'pending' | 'processing' | 'ready' | 'failed'
