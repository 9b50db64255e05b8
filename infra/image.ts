// Still images through ffprobe and ffmpeg (docs/accounts.md, avatars): reading an image's shape from its header
// without decoding it, and re-encoding it to a small square JPEG without metadata. I/O only: which images are
// accepted is server/services/avatar.service.ts's.
import { execFile } from 'node:child_process'

const run = (bin: string, args: string[], timeoutMs: number) =>
  new Promise<string>((resolve, reject) => {
    execFile(bin, args, { timeout: timeoutMs, maxBuffer: 1 << 20 }, (error, stdout) => (error ? reject(error) : resolve(stdout)))
  })

/** The first picture's codec and size as ffprobe reads them from the header; null when it finds none. */
export async function probeImage(ffprobe: string, path: string): Promise<{ codec: string; width: number; height: number } | null> {
  try {
    const out = await run(
      ffprobe,
      ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_name,width,height', '-of', 'json', path],
      10_000,
    )
    const stream = (JSON.parse(out) as { streams?: Array<{ codec_name?: string; width?: number; height?: number }> }).streams?.[0]
    if (!stream?.codec_name || !stream.width || !stream.height) return null
    return { codec: stream.codec_name, width: stream.width, height: stream.height }
  } catch {
    return null
  }
}

/**
 * Re-encodes the first picture of `input` as a `size` x `size` JPEG (cropped to a square from the middle) at `output`,
 * with no metadata (EXIF, comments, anything appended after the picture). Rejects when ffmpeg cannot decode it.
 */
export async function squareJpeg(ffmpeg: string, input: string, output: string, size: number): Promise<void> {
  await run(
    ffmpeg,
    [
      '-v',
      'error',
      '-nostdin',
      '-y',
      '-i',
      input,
      '-frames:v',
      '1',
      '-vf',
      `scale=${size}:${size}:force_original_aspect_ratio=increase,crop=${size}:${size},format=yuvj420p`,
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-c:v',
      'mjpeg',
      '-q:v',
      '4',
      '-f',
      'image2',
      output,
    ],
    20_000,
  )
}
