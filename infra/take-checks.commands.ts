// The take checks' commands, without running anything (docs/video-checks.md): their settings and the
// ffmpeg and ffprobe arguments of each run. What their output means is take-checks.decisions.ts; the runs
// are infra/take-checks.ts.
import { demuxerOptions, ffmpegResourceOptions, FFMPEG_RESOURCE_LIMITS, type Container } from './ffmpeg.decisions.ts'

export const TAKE_CHECK_SETTINGS = Object.freeze({
  /** ffmpeg's scene score (0–1, `select` filter) above which two frames are a possible cut. */
  sceneThreshold: 0.4,
  /** freezedetect: noise tolerance (ratio) and the shortest still stretch flagged, seconds. */
  freezeNoise: 0.003,
  freezeSeconds: 2,
  /** blackdetect: a pixel darker than this (ratio of the range) is black; the shortest black stretch flagged, seconds. */
  blackPixel: 0.1,
  blackSeconds: 0.5,
  /** Width the frames are scaled to before the checks (cost; a cut or a still shows as well at 320 px). */
  checkWidth: 320,
  /** No lift (walk-in, lift, the plates) fits in less. */
  minSeconds: 3,
  /** A frame rate change: a steady stretch of at least this many seconds at a rate this far (ratio) from the one before. */
  rateStretchSeconds: 2,
  rateChangeRatio: 0.2,
  /** How long before the declaration (or the upload) a take may have been made. */
  windowMs: 24 * 3600_000,
  /** Phones write local time labelled UTC: a clock this far off is no flag (UTC+14 is the farthest zone). */
  clockSlackMs: 14 * 3600_000,
  /** Flags of one kind listed; more are summed up in one note. */
  maxPerKind: 8,
})

// ---------------------------------------------------------------------------
// The runs' arguments. Every run reads the user's file as its sniffed container (-f), file protocol only.

/** ffprobe: the streams, the container's start and its creation time. */
export function streamsProbeArgs(container: Container, path: string): string[] {
  return [
    '-max_alloc',
    String(FFMPEG_RESOURCE_LIMITS.maxAllocBytes),
    ...demuxerOptions(container),
    '-v',
    'error',
    '-of',
    'json',
    '-show_entries',
    'format=start_time,duration:format_tags=creation_time:stream=index,codec_type,width,height:stream_tags=creation_time:stream_disposition=attached_pic',
    path,
  ]
}

/** ffprobe: every packet's timestamps of the first video stream, and the size of each key frame (only those are decoded). */
export function packetsProbeArgs(container: Container, path: string): string[] {
  return [
    '-max_alloc',
    String(FFMPEG_RESOURCE_LIMITS.maxAllocBytes),
    ...demuxerOptions(container),
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-skip_frame',
    'nokey',
    '-show_entries',
    'packet=pts_time,dts_time:frame=best_effort_timestamp_time,width,height',
    '-of',
    'csv',
    path,
  ]
}

/** ffmpeg: one decode of the first video stream, scaled down, through blackdetect, freezedetect and the scene score. */
export function filterPassArgs(container: Container, path: string, maxSeconds: number): string[] {
  const s = TAKE_CHECK_SETTINGS
  const graph = [
    `scale=w=${s.checkWidth}:h=-2:flags=fast_bilinear`,
    `blackdetect=d=${s.blackSeconds}:pix_th=${s.blackPixel}`,
    `freezedetect=n=${s.freezeNoise}:d=${s.freezeSeconds}`,
    `select='gt(scene,${s.sceneThreshold})'`,
    'metadata=mode=print:key=lavfi.scene_score',
  ].join(',')
  return [
    '-hide_banner',
    '-nostdin',
    '-nostats',
    '-v',
    'info',
    ...ffmpegResourceOptions(),
    ...demuxerOptions(container),
    '-t',
    String(maxSeconds),
    '-i',
    path,
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    graph,
    '-f',
    'null',
    '-',
  ]
}

/**
 * ffmpeg: the plate check's contact sheet (docs/video-checks.md): the take's last 4 seconds, 1.5 frames a second,
 * 320 px wide, tiled 3 × 2 into one JPEG (a shorter take gives fewer tiles).
 */
export function contactSheetArgs(container: Container, path: string, out: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    ...ffmpegResourceOptions(),
    ...demuxerOptions(container),
    '-sseof',
    '-4',
    '-i',
    path,
    '-map',
    '0:v:0',
    '-vf',
    `fps=1.5,scale=w=${TAKE_CHECK_SETTINGS.checkWidth}:h=-2,tile=3x2:padding=4:margin=4`,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    '-y',
    out,
  ]
}
