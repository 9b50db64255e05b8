// Upload: a 1 GiB video through `POST /api/upload` (streamed to disk, sniffed,
// probed, decoded at both ends, committed) against the same multipart body sent by
// curl to a route of the same server that reads the bytes and discards them — the
// practical ceiling of an HTTP upload on this machine. The server runs in its own
// process so that its resident set (sampled inside it) is the server's alone.
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { binaries, makeClip } from '../tests/helpers/clips.ts'
import { forkTs, type BenchChild } from './child.ts'
import { median, round, run, sized, type Section } from './lib.ts'
import type { UploadServerApi } from './upload-server.ts'

const RUNS = sized(3, 1)
const MiB = 1024 * 1024
const TARGET_RATIO = 0.8
const TARGET_RSS_GROWTH = 64 * MiB
// 776 frames of raw 1280×720 yuv420p (1,382,400 B each) in Matroska: ≈ 0.999 GiB, just under
// the default UPLOAD_MAX_BYTES (1 GiB). Raw video is quick to make, and every byte is real video.
const FRAMES = sized(776, 8)
const VIDEO = join(tmpdir(), 'liftarena-bench', `upload-720p-raw-${FRAMES}f.mkv`)

/** Made once with ffmpeg and kept between runs (under a temp name until complete). */
async function cachedVideo(): Promise<string> {
  if (existsSync(VIDEO)) return VIDEO
  mkdirSync(join(tmpdir(), 'liftarena-bench'), { recursive: true })
  const partial = `${VIDEO}.partial.mkv`
  await run(binaries().ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=30',
    '-frames:v',
    String(FRAMES),
    '-c:v',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    partial,
  ])
  renameSync(partial, VIDEO)
  return VIDEO
}

/** curl sends the form the way a browser's FormData would; answers what it sent, how long it took and the server's answer. */
async function curlForm(url: string, file: string, lifter: { token: string; challengeId: number }) {
  const out = await run('curl', [
    '-sS',
    '-H',
    `authorization: Bearer ${lifter.token}`,
    '-F',
    `video=@${file};type=video/x-matroska`,
    '-F',
    'lift_type=squat',
    '-F',
    'weight=100',
    '-F',
    `competition_id=${lifter.challengeId}`,
    '-w',
    '\n%{http_code} %{size_upload} %{time_total}',
    url,
  ])
  const lines = out.trimEnd().split('\n')
  const [status, bytes, seconds] = lines.pop()!.split(' ').map(Number) as [number, number, number]
  return { status, bytes, seconds, body: lines.join('\n') }
}

interface RunResult {
  mibPerSecond: number
  seconds: number
  sampledGrowth: number
  kernelGrowth: number | null
}

async function measured(server: BenchChild<UploadServerApi>, send: () => Promise<{ bytes: number; seconds: number }>): Promise<RunResult> {
  const { rss } = await server.ask('markMemory', null)
  const { bytes, seconds } = await send()
  const peak = await server.ask('peakMemory', null)
  return {
    mibPerSecond: bytes / MiB / seconds,
    seconds,
    sampledGrowth: peak.sampled - rss,
    kernelGrowth: peak.kernel === null ? null : peak.kernel - rss,
  }
}

export async function uploadBenchmark(): Promise<Section> {
  const started = Date.now()
  const video = await cachedVideo()
  const videoBytes = statSync(video).size
  const server = await forkTs<UploadServerApi>(join(import.meta.dirname, 'upload-server.ts'))
  const scratch = mkdtempSync(join(tmpdir(), 'liftarena-bench-upload-'))
  try {
    const s = await server.ask('start', null)
    if (videoBytes > s.uploadMaxBytes) throw new Error(`${video} is ${videoBytes} bytes, over UPLOAD_MAX_BYTES (${s.uploadMaxBytes})`)
    const upload = async (file: string) => {
      const r = await curlForm(`${s.url}/api/upload`, file, s)
      if (r.status !== 201) throw new Error(`upload answered ${r.status}: ${r.body}`)
      // The original is stored under attempts/<id>/; nothing needs it after the run.
      rmSync(join(s.mediaDir, 'attempts'), { recursive: true, force: true })
      return r
    }
    // Both bench routes answer how many bytes they read: all of them, or the figure means nothing.
    const readAll = async (url: string, file: string) => {
      const r = await curlForm(url, file, s)
      const read = r.status === 200 ? (JSON.parse(r.body) as { bytes: number }).bytes : -1
      if (read !== r.bytes) throw new Error(`${url} answered ${r.status} after reading ${read} of ${r.bytes} bytes: ${r.body}`)
      return r
    }
    const discard = (file: string) => readAll(s.discardUrl, file)
    const toDisk = async (file: string) => {
      const r = await readAll(s.toDiskUrl, file)
      rmSync(s.toDiskPath, { force: true })
      return r
    }

    // Warm-up on a small clip: JIT of both routes, ffprobe and ffmpeg binaries in the page cache.
    const clip = await makeClip(scratch, 'warm-up.mp4', { width: 320, height: 240, seconds: 1 })
    await discard(clip)
    await toDisk(clip)
    await upload(clip)

    const baseline: RunResult[] = []
    const reference: RunResult[] = []
    const ours: RunResult[] = []
    for (let i = 0; i < RUNS; i++) {
      baseline.push(await measured(server, () => discard(video)))
      reference.push(await measured(server, () => toDisk(video)))
      ours.push(await measured(server, () => upload(video)))
    }

    const mib = (bytes: number) => round(bytes / MiB, 1)
    const summary = (results: RunResult[]) => ({
      mibPerSecond: median(results.map((r) => r.mibPerSecond)),
      seconds: median(results.map((r) => r.seconds)),
      sampled: results.map((r) => r.sampledGrowth),
      kernel: results.every((r) => r.kernelGrowth !== null) ? results.map((r) => r.kernelGrowth!) : null,
    })
    const b = summary(baseline)
    const r = summary(reference)
    const o = summary(ours)
    const ratio = o.mibPerSecond / b.mibPerSecond
    const growthCells = (x: ReturnType<typeof summary>) => [
      `${mib(median(x.sampled))} / ${mib(Math.max(...x.sampled))}`,
      x.kernel ? `${mib(median(x.kernel))} / ${mib(Math.max(...x.kernel))}` : 'n/a',
    ]
    const worstGrowth = Math.max(...o.sampled, ...(o.kernel ?? []))
    console.log(`bench upload: ${Math.round((Date.now() - started) / 1000)} s`)
    return {
      title: 'Upload',
      method:
        `A ${mib(videoBytes)} MiB video (${FRAMES} frames of raw 720p in Matroska, made once with ffmpeg and cached in ${join(tmpdir(), 'liftarena-bench')}) sent by curl as multipart/form-data with a lifter's bearer token. ` +
        `Ours: \`POST /api/upload\` (streamed to disk, sniffed, ffprobe, decode of both ends, commit; transcoding off via a no-op queue); time = curl's total, up to the 201. ` +
        `Baseline: the same form sent by curl to a route of the same server that reads every byte of the body and discards it. ` +
        `Reference (not a target): a route that writes the raw body to the media volume, which shows what storing 1 GiB costs on this disk. ` +
        `The server runs in its own process on PostgreSQL; its RSS growth = highest RSS during the request − RSS just before, from 20 ms samples inside the server and from the kernel's VmHWM (reset before each request). ` +
        `One warm-up with a small clip, then ${RUNS} runs rotating the three; throughput (bytes curl sent ÷ its total time) is the median, RSS growth median / max. Targets: throughput ≥ ${TARGET_RATIO}× the baseline's; RSS growth < ${mib(TARGET_RSS_GROWTH)} MiB.`,
      commands: ['npm run bench -- upload'],
      header: [
        'route',
        'MiB/s',
        's',
        'RSS growth MiB, 20 ms samples (median / max)',
        'RSS growth MiB, kernel VmHWM (median / max)',
        'ratio to baseline',
      ],
      rows: [
        ['baseline: curl → discarding route', round(b.mibPerSecond, 0), round(b.seconds), ...growthCells(b), 1],
        [
          'reference: curl → route writing the raw body to the media volume',
          round(r.mibPerSecond, 0),
          round(r.seconds),
          ...growthCells(r),
          round(r.mibPerSecond / b.mibPerSecond),
        ],
        ['POST /api/upload', round(o.mibPerSecond, 0), round(o.seconds), ...growthCells(o), round(ratio)],
      ],
      verdicts: [
        `throughput: ${round(ratio)} of baseline — target ≥ ${TARGET_RATIO} ${ratio >= TARGET_RATIO ? 'met' : 'missed'}`,
        `server RSS growth during the upload: at most ${mib(worstGrowth)} MiB — target < ${mib(TARGET_RSS_GROWTH)} MiB ${worstGrowth < TARGET_RSS_GROWTH ? 'met' : 'missed'}`,
      ],
    }
  } finally {
    await server.stop()
    rmSync(scratch, { recursive: true, force: true })
  }
}
