// Test clips made on the spot with real ffmpeg (lavfi testsrc + a sine tone):
// no binary fixtures in the repository. Each takes well under 3 s on 2 cores.
import { execFile } from 'node:child_process'
import { openSync, readSync, closeSync, fstatSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { CONTAINERS, parseProbe, probe, resolveFfmpegBinaries, type ProbeInfo } from '../../infra/ffmpeg.ts'

const run = promisify(execFile)
export const binaries = () =>
  resolveFfmpegBinaries({ ffmpegPath: process.env.FFMPEG_PATH || undefined, ffprobePath: process.env.FFPROBE_PATH || undefined })

export interface ClipOptions {
  width: number
  height: number
  seconds: number
  fps?: number
  codec?: 'h264' | 'hevc'
  /** Display rotation written into the container (a phone held upright records 90). */
  rotate?: 90 | 180 | 270
  /** Index (`moov`) before the media data; false leaves it at the end, as phones do. */
  faststart?: boolean
  audio?: boolean
}

/** Writes `name` under `dir` and returns its path. */
export async function makeClip(dir: string, name: string, o: ClipOptions): Promise<string> {
  const { ffmpeg } = binaries()
  const path = join(dir, name)
  const raw = o.rotate || o.faststart ? join(dir, `raw-${name}`) : path
  const video =
    o.codec === 'hevc'
      ? ['-c:v', 'libx265', '-preset', 'ultrafast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error']
      : ['-c:v', 'libx264', '-preset', 'ultrafast']
  const audioIn = o.audio === false ? [] : ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000']
  const audioOut = o.audio === false ? [] : ['-c:a', 'aac', '-ac', '2', '-shortest']
  await run(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${o.width}x${o.height}:rate=${o.fps ?? 30}`,
    ...audioIn,
    '-t',
    String(o.seconds),
    ...video,
    '-pix_fmt',
    'yuv420p',
    ...audioOut,
    raw,
  ])
  if (raw !== path) {
    // A stream copy: rotation becomes container metadata (a display matrix), exactly as phones write it.
    const rotation = o.rotate ? ['-metadata:s:v:0', `rotate=${o.rotate}`] : []
    const movflags = o.faststart ? ['-movflags', '+faststart'] : []
    await run(ffmpeg, ['-v', 'error', '-y', '-i', raw, '-map', '0', '-c', 'copy', ...rotation, ...movflags, path])
    if (o.rotate && (await probe(binaries(), path, CONTAINERS.mp4)).video?.rotation === 0) {
      // ffmpeg ≥ 6 ignores the rotate tag: use its -display_rotation input option instead.
      await run(ffmpeg, [
        '-v',
        'error',
        '-y',
        '-display_rotation',
        String(-o.rotate),
        '-i',
        raw,
        '-map',
        '0',
        '-c',
        'copy',
        ...movflags,
        path,
      ])
    }
  }
  return path
}

/**
 * A "video bomb" made cheaply: plain black frames (they compress to almost nothing), no audio.
 * `seconds` long at `fps`, `width`×`height`; `rotate` writes display rotation as phones do.
 * A 6-minute 64×64 clip at 1 fps, a 1-frame 4200×2400 one or half a second at 240 fps each
 * take well under a second and a few KB.
 */
export async function makeBlackClip(
  dir: string,
  name: string,
  o: { width: number; height: number; seconds: number; fps: number; rotate?: 90 | 270 },
): Promise<string> {
  const { ffmpeg } = binaries()
  const path = join(dir, name)
  const raw = o.rotate ? join(dir, `raw-${name}`) : path
  await run(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${o.width}x${o.height}:r=${o.fps}`,
    '-t',
    String(o.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    raw,
  ])
  if (o.rotate) {
    await run(ffmpeg, ['-v', 'error', '-y', '-i', raw, '-map', '0', '-c', 'copy', '-metadata:s:v:0', `rotate=${o.rotate}`, path])
    if ((await probe(binaries(), path, CONTAINERS.mp4)).video?.rotation === 0) {
      await run(ffmpeg, ['-v', 'error', '-y', '-display_rotation', String(-o.rotate), '-i', raw, '-map', '0', '-c', 'copy', path])
    }
  }
  return path
}

/** An MP4 with an AAC track and no video (a voice memo): not a lift video. */
export async function makeAudioOnly(dir: string, name: string, seconds = 1): Promise<string> {
  const path = join(dir, name)
  await run(binaries().ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(seconds),
    '-c:a',
    'aac',
    '-f',
    'mp4',
    path,
  ])
  return path
}

/** A file the test itself made or the app wrote (a rendition, a poster), read with whatever demuxer ffprobe picks. */
export async function probeFile(path: string): Promise<ProbeInfo> {
  const { stdout } = await run(binaries().ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path])
  return parseProbe(JSON.parse(stdout) as Parameters<typeof parseProbe>[0])
}

/** The H.264 profile, pixel format and codec of a file's streams, as ffprobe names them. */
export async function streamSummary(path: string) {
  const { stdout } = await run(binaries().ffprobe, ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', path])
  const json = JSON.parse(stdout) as {
    streams: Array<{
      codec_type: string
      codec_name: string
      profile?: string
      pix_fmt?: string
      width?: number
      height?: number
      channels?: number
      side_data_list?: Array<{ rotation?: number }>
    }>
    format: { format_name: string; duration: string }
  }
  const video = json.streams.find((s) => s.codec_type === 'video')
  const audio = json.streams.find((s) => s.codec_type === 'audio')
  return {
    format: json.format.format_name,
    duration: Number(json.format.duration),
    video: video && {
      codec: video.codec_name,
      profile: video.profile,
      pixFmt: video.pix_fmt,
      width: video.width,
      height: video.height,
      rotation: video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0,
    },
    audio: audio && { codec: audio.codec_name, channels: audio.channels },
  }
}

/** Keyframe timestamps of the first video stream (seconds). */
export async function keyframeTimes(path: string): Promise<number[]> {
  const { stdout } = await run(binaries().ffprobe, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-skip_frame',
    'nokey',
    '-show_entries',
    'frame=pts_time',
    '-of',
    'csv=p=0',
    path,
  ])
  return stdout
    .split('\n')
    .map((l) => l.replace(/,/g, '').trim())
    .filter(Boolean)
    .map(Number)
}

/** Top-level MP4 box types in file order (`ftyp`, `moov`, `mdat`, …). */
export function topLevelBoxes(path: string): string[] {
  const fd = openSync(path, 'r')
  try {
    const size = fstatSync(fd).size
    const header = Buffer.alloc(16)
    const boxes: string[] = []
    let offset = 0
    while (offset + 8 <= size && boxes.length < 64) {
      readSync(fd, header, 0, 16, offset)
      let boxSize = header.readUInt32BE(0)
      const type = header.toString('latin1', 4, 8)
      if (boxSize === 1) boxSize = Number(header.readBigUInt64BE(8))
      else if (boxSize === 0) boxSize = size - offset
      if (boxSize < 8) break
      boxes.push(type)
      offset += boxSize
    }
    return boxes
  } finally {
    closeSync(fd)
  }
}

export interface FormFile {
  field?: string
  filename: string
  contentType?: string
  data: Buffer
}

/** A multipart/form-data body (what a browser's FormData sends), for app.inject or a raw socket. */
export function multipartForm(
  fields: Record<string, string | number>,
  files: FormFile[] = [],
  order: 'files-first' | 'fields-first' = 'files-first',
) {
  const boundary = `----liftarena${Math.random().toString(16).slice(2)}`
  const fileChunks: Buffer[] = []
  for (const file of files) {
    fileChunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'video'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'video/mp4'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    )
  }
  const fieldChunks = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  )
  // The spec's client appends the video first; ours sends the fields first so they are checked before the bytes.
  const chunks = order === 'files-first' ? [...fileChunks, ...fieldChunks] : [...fieldChunks, ...fileChunks]
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
