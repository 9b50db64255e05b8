import { Type, type Static } from 'typebox'
import { Literals } from './common.ts'
import { ProcessingState } from './lifts.ts'

/**
 * POST /upload's multipart/form-data fields, for the OpenAPI document (the route reads the
 * stream itself). Fields sent before the video are checked before a byte of it is stored.
 */
export const UploadForm = Type.Object({
  lift_type: Type.String({
    description:
      'A lift the challenge lists, in any spelling (canonical: squat, bench, deadlift, clean_and_jerk, snatch, power_clean, push_press, overhead_press).',
  }),
  weight: Type.String({ pattern: '^\\d+(\\.\\d+)?$', description: 'Kilograms, above 0.' }),
  competition_id: Type.String({ pattern: '^\\d+$', description: 'An ongoing challenge the caller has joined.' }),
  user_id: Type.Optional(Type.String({ pattern: '^\\d+$', description: 'Accepted for compatibility; must be the caller.' })),
  video: Type.String({
    format: 'binary',
    description: 'One video file, last: the fields before it are checked before its bytes are stored.',
  }),
})

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
  /** As on a Lift: where the renditions are, the video's displayed size, the original's MIME type with codecs. */
  processing: Type.Optional(ProcessingState),
  video_width: Type.Optional(Type.Integer({ minimum: 1 })),
  video_height: Type.Optional(Type.Integer({ minimum: 1 })),
  original_type: Type.Optional(Type.String()),
})
export type RandomVideoResponse = Static<typeof RandomVideoResponse>

export const DEVICES = ['android', 'ios', 'linux', 'desktop'] as const
export const VideoQuery = Type.Object({
  mobile: Type.Optional(Type.String({ maxLength: 10 })),
  device: Type.Optional(Literals(DEVICES)),
  t: Type.Optional(Type.String({ maxLength: 40 })),
  /** A private file's signed URL (the judge's queue gives it): until when it reads, in seconds since 1970. */
  expires: Type.Optional(Type.String({ maxLength: 20 })),
  /** A private file's signed URL: its signature. */
  signature: Type.Optional(Type.String({ maxLength: 100 })),
})
export type VideoQuery = Static<typeof VideoQuery>
