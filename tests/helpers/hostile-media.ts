// Files that sniff as a video container we take but that ffmpeg, left to choose its own demuxer,
// reads as something else: a DASH or HLS manifest that opens a `file:` URL (a private video on the
// host), an ffconcat script that plays the files beside it, a still image (the image2 family).
// Made on the spot, a few hundred bytes each (the PNG a few KB).
import { execFile } from 'node:child_process'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { FfmpegBinaries } from '../../infra/ffmpeg.ts'
import { binaries } from './clips.ts'

const run = promisify(execFile)

/**
 * An empty ID3v2.4 tag with the footer flag set. ffmpeg skips 20 bytes of it before it probes
 * (ff_id3v2_tag_len adds the 10-byte footer) and again before the demuxer reads; file-type skips
 * 10 (it ignores the flags) and sniffs what follows: an `ftyp` box header, so it says MP4.
 */
const ID3_WITH_FOOTER = Buffer.from('ID3\x04\x00\x10\x00\x00\x00\x00', 'latin1')
const FTYP_FOR_FILE_TYPE = Buffer.from('\x00\x00\x00\x14ftypis', 'latin1')
/** `payload` as file-type sees an MP4 and ffmpeg sees `payload` itself. */
const behindId3 = (payload: string | Buffer) => Buffer.concat([ID3_WITH_FOOTER, FTYP_FOR_FILE_TYPE, Buffer.from(payload)])

/** A static on-demand MPD whose one representation is the file at `url`. */
function mpd(url: string): string {
  return `<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011" type="static"
 mediaPresentationDuration="PT2S" minBufferTime="PT1S"><Period><AdaptationSet mimeType="video/mp4">
 <Representation id="1" bandwidth="100000" width="320" height="240" codecs="avc1.64000d"><BaseURL>${url}</BaseURL></Representation>
 </AdaptationSet></Period></MPD>
`
}

export interface HostileVariant {
  /** What it is, for test names. */
  name: string
  /** What file-type says it is (a container we take). */
  sniffedAs: 'mp4' | 'mov'
  /** The demuxer ffmpeg picks for it when not told which (its format_name). */
  ffmpegPicks: 'dash' | 'hls' | 'concat' | 'png_pipe'
  /** Its bytes, naming the private videos. */
  bytes(p: PrivateVideos): Buffer
}
export interface HostileFile extends Omit<HostileVariant, 'bytes'> {
  bytes: Buffer
}

export interface PrivateVideos {
  /** An MP4 outside the media store (a lifter's private clip, any video on the host). */
  mp4: string
  /** An MPEG-TS, 4 s (an HLS segment; at 2 s the upload check's read of the last 2 s, from 0, cannot seek in the playlist). */
  ts: string
  /** A PNG frame. */
  png: string
}

/** Writes the private videos the manifests point at into `dir`: 320×240 test pattern. */
export async function makePrivateVideos(dir: string): Promise<PrivateVideos> {
  const { ffmpeg } = binaries()
  const mp4 = join(dir, 'private.mp4')
  const ts = join(dir, 'private.ts')
  const png = join(dir, 'frame.png')
  await run(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=30',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    mp4,
  ])
  await Promise.all([
    run(ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=30',
      '-t',
      '4',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-f',
      'mpegts',
      ts,
    ]),
    run(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1', png]),
  ])
  return { mp4, ts, png }
}

/**
 * The hostile files. The concat script names `private.mp4` relative to itself: it plays the
 * video beside it (ffmpeg's concat demuxer, safe mode, allows relative names only).
 */
export const HOSTILE_VARIANTS: readonly HostileVariant[] = [
  // The reviewer's manifest: XML with `free` at byte 4 (file-type: a QuickTime box, so MOV;
  // ffmpeg: the mov probe scores 95 for `free`, the DASH probe 100 for <MPD … dash:profile).
  {
    name: 'a DASH manifest (MOV by its 4th byte)',
    sniffedAs: 'mov',
    ffmpegPicks: 'dash',
    bytes: (p) => Buffer.from(`<!--free-->\n${mpd(`file:${p.mp4}`)}`),
  },
  { name: 'a DASH manifest behind an ID3 tag', sniffedAs: 'mp4', ffmpegPicks: 'dash', bytes: (p) => behindId3(mpd(`file:${p.mp4}`)) },
  {
    name: 'an HLS playlist behind an ID3 tag',
    sniffedAs: 'mp4',
    ffmpegPicks: 'hls',
    bytes: (p) => behindId3(`#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.0,\nfile:${p.ts}\n#EXT-X-ENDLIST\n`),
  },
  {
    name: 'an ffconcat script behind an ID3 tag',
    sniffedAs: 'mp4',
    ffmpegPicks: 'concat',
    bytes: () => behindId3('ffconcat version 1.0\nfile private.mp4\n'),
  },
  { name: 'a PNG behind an ID3 tag (image2)', sniffedAs: 'mp4', ffmpegPicks: 'png_pipe', bytes: (p) => behindId3(readFileSync(p.png)) },
]

export const hostileFiles = (p: PrivateVideos): HostileFile[] => HOSTILE_VARIANTS.map((v) => ({ ...v, bytes: v.bytes(p) }))

/**
 * Stand-ins for ffmpeg and ffprobe, written into `dir`, that log each command line and then run
 * the real binary: `runs()` answers every run so far as [binary name, ...arguments].
 */
export function loggedBinaries(real: FfmpegBinaries, dir: string): { binaries: FfmpegBinaries; runs(): string[][] } {
  const log = join(dir, 'ffmpeg-runs.log')
  writeFileSync(log, '')
  const wrap = (name: string, binary: string) => {
    const path = join(dir, `logged-${name}`)
    // One line per run, the arguments separated by \x1f (a filter graph has spaces).
    writeFileSync(
      path,
      `#!/bin/sh\nprintf '%s\\037' '${name}' >> '${log}'\nfor a in "$@"; do printf '%s\\037' "$a" >> '${log}'; done\necho >> '${log}'\nexec '${binary}' "$@"\n`,
    )
    chmodSync(path, 0o755)
    return path
  }
  return {
    binaries: { ...real, ffmpeg: wrap('ffmpeg', real.ffmpeg), ffprobe: wrap('ffprobe', real.ffprobe) },
    runs: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('\x1f').slice(0, -1)),
  }
}
