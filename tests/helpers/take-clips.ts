// Takes for the take checks (docs/video-checks.md), made on the spot with real ffmpeg: lavfi
// testsrc2 (moving: no still stretch, no cut) cut, frozen, blacked out, joined and mislabelled.
import { execFile } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { binaries } from './clips.ts'

const run = promisify(execFile)
const SIZE = '320x240'
const h264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
const src = (seconds: number, fps = 30, size = SIZE) => ['-f', 'lavfi', '-i', `testsrc2=s=${size}:r=${fps}:d=${seconds}`]

async function ffmpeg(args: string[]): Promise<void> {
  await run(binaries().ffmpeg, ['-v', 'error', '-y', ...args])
}

export type TakeFixture =
  | 'uninterrupted'
  | 'cut_at_4s'
  | 'frozen'
  | 'black_stretch'
  | 'pure_black'
  | 'created_2099'
  | 'created_2020'
  | 'two_video_streams'
  | 'timestamps_backwards'
  | 'size_change'
  | 'frame_rate_change'
  | 'too_short'

/** Writes the fixture under `dir`; its path. */
export async function makeTake(dir: string, kind: TakeFixture): Promise<string> {
  const out = (ext: string) => join(dir, `${kind}.${ext}`)
  switch (kind) {
    case 'uninterrupted':
      await ffmpeg([...src(6), ...h264, out('mp4')])
      return out('mp4')
    case 'cut_at_4s':
      // 4 s of the pattern, then 4 s of it negated and hue-turned: a hard cut at 4.0 s.
      await ffmpeg([...src(4), ...src(4), '-filter_complex', '[1]negate,hue=h=90[b];[0][b]concat=n=2:v=1', ...h264, out('mp4')])
      return out('mp4')
    case 'frozen':
      // 3 s moving, then its last frame held for 3 s.
      await ffmpeg([...src(3), '-vf', 'tpad=stop_mode=clone:stop_duration=3', ...h264, out('mp4')])
      return out('mp4')
    case 'black_stretch':
      await ffmpeg([
        ...src(3),
        '-f',
        'lavfi',
        '-i',
        `color=black:s=${SIZE}:r=30:d=2`,
        ...src(2),
        '-filter_complex',
        '[0][1][2]concat=n=3:v=1',
        ...h264,
        out('mp4'),
      ])
      return out('mp4')
    case 'pure_black':
      await ffmpeg(['-f', 'lavfi', '-i', `color=black:s=${SIZE}:r=30:d=5`, ...h264, out('mp4')])
      return out('mp4')
    case 'created_2099':
      // Matroska: MP4's 32-bit creation time cannot say 2099 (it wraps to 2028).
      await ffmpeg([...src(5), ...h264, '-metadata', 'creation_time=2099-01-01T00:00:00Z', out('mkv')])
      return out('mkv')
    case 'created_2020':
      await ffmpeg([...src(5), ...h264, '-metadata', 'creation_time=2020-06-01T12:00:00Z', out('mp4')])
      return out('mp4')
    case 'two_video_streams':
      await ffmpeg([...src(5), ...src(5, 30, '160x120'), '-map', '0', '-map', '1', ...h264, out('mp4')])
      return out('mp4')
    case 'too_short':
      await ffmpeg([...src(1.5), ...h264, out('mp4')])
      return out('mp4')
    case 'timestamps_backwards':
      // Two transport streams joined byte for byte: the second one's clock starts again.
      return joinTs(dir, kind, [
        [...src(3), ...h264],
        [...src(3), ...h264],
      ])
    case 'size_change':
      // The second part 640×360, its clock continuing from 3 s: the picture size changes at 3 s, time runs on.
      return joinTs(dir, kind, [
        [...src(3), ...h264],
        [...src(3, 30, '640x360'), ...h264, '-output_ts_offset', '3'],
      ])
    case 'frame_rate_change':
      return joinTs(dir, kind, [
        [...src(4, 30), ...h264],
        [...src(4, 60), ...h264, '-output_ts_offset', '4'],
      ])
  }
}

async function joinTs(dir: string, kind: string, parts: string[][]): Promise<string> {
  const bytes: Buffer[] = []
  for (const [i, args] of parts.entries()) {
    const part = join(dir, `${kind}-${i}.ts`)
    await ffmpeg([...args, '-f', 'mpegts', part])
    bytes.push(await readFile(part))
  }
  const path = join(dir, `${kind}.ts`)
  await writeFile(path, Buffer.concat(bytes))
  return path
}
