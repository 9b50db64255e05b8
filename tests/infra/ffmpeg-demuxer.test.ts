// ffmpeg reads only what was sniffed (issue 27, item 2), with the real ffmpeg and file-type:
// files that sniff as MP4/MOV but that ffmpeg, choosing its own demuxer, reads as a DASH or HLS
// manifest (which opens a `file:` URL: a private video), an ffconcat script (the video beside it)
// or a still image. What each defence stops, and that every run on a user's file names the demuxer.
import { execFile } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTAINERS, ProbeError, checkPlayableVideo, demuxerOptions, probe, sniffContainer } from '../../infra/ffmpeg.ts'
import { grabPoster } from '../../infra/transcoding/upload-poster.ts'
import { binaries } from '../helpers/clips.ts'
import { HOSTILE_VARIANTS, loggedBinaries, makePrivateVideos, type HostileVariant, type PrivateVideos } from '../helpers/hostile-media.ts'

const run = promisify(execFile)
let dir: string
let privateVideos: PrivateVideos
/** Where each variant was written, beside the private videos (the concat script's relative `private.mp4` is the one there). */
const paths = new Map<HostileVariant, string>()

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'liftarena-demuxer-'))
  privateVideos = await makePrivateVideos(dir)
  HOSTILE_VARIANTS.forEach((variant, i) => {
    const path = join(dir, `upload-${i}`)
    writeFileSync(path, variant.bytes(privateVideos))
    paths.set(variant, path)
  })
})
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** ffprobe's format_name and first video stream for `path`, with `options` before it (none: ffprobe picks the demuxer). */
async function ffprobe(path: string, options: string[] = []) {
  try {
    const { stdout } = await run(binaries().ffprobe, [
      ...options,
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      path,
    ])
    const json = JSON.parse(stdout) as {
      format: { format_name: string }
      streams: Array<{ codec_type: string; width?: number; height?: number }>
    }
    const video = json.streams.find((s) => s.codec_type === 'video')
    return { format: json.format.format_name, video: video && { width: video.width, height: video.height } }
  } catch (error) {
    return { error: String((error as { stderr?: string }).stderr ?? error) }
  }
}
const PRIVATE_FRAME = { width: 320, height: 240 }

describe('the hostile files (what ffmpeg does on its own, on main as after)', () => {
  it.each(HOSTILE_VARIANTS)(
    '$name sniffs as $sniffedAs, and ffprobe left to choose reads it as $ffmpegPicks, showing the private frame',
    async (variant) => {
      const { fileTypeFromFile } = await import('file-type')
      const path = paths.get(variant)!
      expect((await fileTypeFromFile(path))?.ext).toBe(variant.sniffedAs)
      expect(await ffprobe(path)).toEqual({ format: variant.ffmpegPicks, video: PRIVATE_FRAME })
    },
  )
})

describe('the upload check (checkPlayableVideo) reads a file only as the container it sniffed', () => {
  it.each(HOSTILE_VARIANTS)('refuses $name, though what it names (or sits beside) is a playable video', async (variant) => {
    expect(await checkPlayableVideo(binaries(), paths.get(variant)!)).toMatchObject({ playable: false, reason: 'unreadable' })
  })

  it.each(HOSTILE_VARIANTS)('reads $name as the $sniffedAs it sniffs as (the demuxer mov), which it is not', async (variant) => {
    expect(await sniffContainer(paths.get(variant)!)).toEqual({ ext: variant.sniffedAs, demuxer: 'mov' })
  })

  it('still takes a real clip of every container family, each read by its own demuxer', async () => {
    const clips: Array<[string, string[], string]> = [
      ['lift.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], 'mp4'],
      ['lift.mov', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], 'mov'],
      ['lift.3gp', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', '3gp'], '3gp'],
      ['lift.mkv', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'], 'mkv'],
      ['lift.webm', ['-c:v', 'libvpx', '-b:v', '200k'], 'webm'],
      ['lift.ts', ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-f', 'mpegts'], 'mts'],
      ['lift.avi', ['-c:v', 'mpeg4'], 'avi'],
      ['lift.mpg', ['-c:v', 'mpeg2video'], 'mpg'],
    ]
    await Promise.all(
      clips.map(([name, args]) =>
        run(binaries().ffmpeg, [
          '-v',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          'testsrc=size=160x120:rate=25',
          '-t',
          '1',
          ...args,
          join(dir, name),
        ]),
      ),
    )
    for (const [name, , ext] of clips) {
      const check = await checkPlayableVideo(binaries(), join(dir, name))
      expect(check.playable, name).toBe(true)
      if (!check.playable) continue
      expect(check.container, name).toEqual(CONTAINERS[ext as keyof typeof CONTAINERS])
      expect(check.info.formatName.split(','), name).toContain(check.container.demuxer)
    }
  })
})

describe('which defence stops which variant (ffmpeg itself)', () => {
  it.each(HOSTILE_VARIANTS)(
    'the protocol whitelist alone does not stop $name: what it opens, it opens through the file protocol',
    async (variant) => {
      expect(await ffprobe(paths.get(variant)!, ['-protocol_whitelist', 'file'])).toEqual({
        format: variant.ffmpegPicks,
        video: PRIVATE_FRAME,
      })
    },
  )

  it.each(HOSTILE_VARIANTS)('forcing the demuxer alone stops $name: read as the $sniffedAs it sniffed as, it is none', async (variant) => {
    // MP4 and MOV are one demuxer's: mov.
    expect(await ffprobe(paths.get(variant)!, ['-f', 'mov'])).toEqual({ error: expect.stringMatching(/moov atom not found/) })
  })

  it('the whitelist keeps a real video from being named as any other protocol (concat:, subfile:)', async () => {
    for (const url of [`concat:${privateVideos.mp4}|${privateVideos.mp4}`, `subfile,,start,0,end,0,,:${privateVideos.mp4}`]) {
      expect(await ffprobe(url, ['-f', 'mov']), url).toMatchObject({ format: 'mov,mp4,m4a,3gp,3g2,mj2' })
      expect(await ffprobe(url, demuxerOptions(CONTAINERS.mp4)), url).toEqual({ error: expect.stringMatching(/not on whitelist 'file'/) })
    }
  })
})

describe("every ffmpeg and ffprobe run on a user's file names the demuxer", () => {
  it("the upload check's probe and decodes, and the upload poster: -protocol_whitelist file -f <demuxer> before the file", async () => {
    const { binaries: wrapped, runs } = loggedBinaries(binaries(), dir)
    const check = await checkPlayableVideo(wrapped, privateVideos.mp4)
    if (!check.playable) throw new Error(check.detail)
    await grabPoster(wrapped, privateVideos.mp4, check.container, check.info, join(dir, 'poster.jpg'))
    expect(runs().map(([name]) => name)).toEqual(['ffprobe', 'ffmpeg', 'ffprobe', 'ffmpeg', 'ffmpeg']) // probe, first frame, end packets, last second, poster
    for (const args of runs()) {
      const input = args.indexOf(privateVideos.mp4)
      const options = args.indexOf('-protocol_whitelist')
      expect(options, args.join(' ')).toBeGreaterThanOrEqual(0)
      expect(args.slice(options, options + 4), args.join(' ')).toEqual(['-protocol_whitelist', 'file', '-f', 'mov'])
      expect(options, args.join(' ')).toBeLessThan(input)
      if (args.includes('-i')) expect(args[input - 1]).toBe('-i')
    }
  })

  it('probe refuses a file read by another demuxer than the one named (an ffprobe that ignored -f)', async () => {
    const fake = join(dir, 'ffprobe-ignoring-f')
    writeFileSync(
      fake,
      `#!/bin/sh\necho '{"format":{"format_name":"dash","duration":"2"},"streams":[{"codec_type":"video","codec_name":"h264","width":320,"height":240}]}'\n`,
    )
    chmodSync(fake, 0o755)
    await expect(probe({ ...binaries(), ffprobe: fake }, privateVideos.mp4, CONTAINERS.mp4)).rejects.toThrow(ProbeError)
    await expect(probe({ ...binaries(), ffprobe: fake }, privateVideos.mp4, CONTAINERS.mp4)).rejects.toThrow(
      'ffprobe read the file as dash, not mov',
    )
  })
})
