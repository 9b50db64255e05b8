// Take checks (docs/video-checks.md): their cost next to the transcode they ride with. One clip, the plain
// transcode's two ffmpeg runs (renditions, poster: the job's own arguments) and then the take checks' three
// runs plus the plate check's contact sheet, each timed in the CPU seconds of its child processes (less
// disturbed by other work on a shared machine than wall time). The figure: checks ÷ transcode, and each per clip second.
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CONTAINERS, probe, resolveFfmpegBinaries } from '../infra/ffmpeg.ts'
import { makeContactSheet, runTakeChecks } from '../infra/take-checks.ts'
import {
  planTranscode,
  posterInputOptions,
  posterOutputOptions,
  renditionFilterGraph,
  renditionInputOptions,
  renditionOutputOptions,
} from '../infra/transcoding/transcode.decisions.ts'
import { WEB_H264_PROFILE } from '../infra/transcoding/transcode.profile.ts'
import { makeClip } from '../tests/helpers/clips.ts'
import { median, round, run, sized, type Section } from './lib.ts'

const RUNS = sized(3, 1)
const CLIP = sized({ width: 1920, height: 1080, fps: 30, seconds: 20 }, { width: 640, height: 360, fps: 30, seconds: 2 })
/** The checks may cost at most this share of the transcode (docs/video-checks.md). */
const TARGET_RATIO = 0.5

function childCpuSeconds(ticksPerSecond: number): number {
  if (!existsSync('/proc/self/stat')) return Number.NaN
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[13]) + Number(fields[14])) / ticksPerSecond
}

export async function takeChecksBenchmark(): Promise<Section> {
  const dir = await mkdtemp(join(tmpdir(), 'liftarena-bench-checks-'))
  try {
    await mkdir(dir, { recursive: true })
    const clip = await makeClip(dir, 'clip.mp4', { ...CLIP, audio: true })
    const binaries = resolveFfmpegBinaries({
      ffmpegPath: process.env.FFMPEG_PATH || undefined,
      ffprobePath: process.env.FFPROBE_PATH || undefined,
    })
    const container = CONTAINERS.mp4
    const info = await probe(binaries, clip, container)
    const plan = planTranscode(info, WEB_H264_PROFILE)
    const ticks = Number(await run('getconf', ['CLK_TCK']).catch(() => '100'))
    const cpu = async (work: () => Promise<unknown>) => {
      const before = childCpuSeconds(ticks)
      await work()
      return childCpuSeconds(ticks) - before
    }
    const transcode = async () => {
      await run(binaries.ffmpeg, [
        '-v',
        'error',
        ...renditionInputOptions(container, binaries.limits.maxSeconds),
        '-i',
        clip,
        '-y',
        '-filter_complex',
        renditionFilterGraph(plan),
        ...plan.renditions.flatMap((r) => [...renditionOutputOptions(plan, r, WEB_H264_PROFILE), join(dir, `${r.name}.mp4`)]),
      ])
      await run(binaries.ffmpeg, [
        '-v',
        'error',
        ...posterInputOptions(container, plan),
        '-i',
        clip,
        '-y',
        ...posterOutputOptions(plan, WEB_H264_PROFILE),
        join(dir, 'poster.jpg'),
      ])
    }
    const checks = async () => {
      await runTakeChecks(
        binaries,
        clip,
        container,
        { uploadedAt: new Date(), declaredAt: null },
        { durationS: info.duration, maxSeconds: binaries.limits.maxSeconds },
      )
      await makeContactSheet(binaries, clip, container, join(dir, 'plates.jpg'))
    }
    const t: number[] = []
    const c: number[] = []
    for (let i = 0; i < RUNS; i++) {
      t.push(await cpu(transcode))
      c.push(await cpu(checks))
    }
    const seconds = info.duration ?? CLIP.seconds
    const ratio = median(c) / median(t)
    return {
      title: 'Take checks: cost next to the transcode',
      method: `One ${CLIP.width}×${CLIP.height} ${CLIP.fps} fps ${CLIP.seconds} s clip; CPU seconds of the child processes, median of ${RUNS}: the transcode's two ffmpeg runs (the job's arguments) and the take checks' three runs plus the contact sheet.`,
      commands: ['npm run bench -- take-checks'],
      header: ['work', 'CPU s (median)', 'CPU s per clip second', 'ratio to the transcode'],
      rows: [
        ['transcode (360p + 720p + poster)', round(median(t)), round(median(t) / seconds, 3), 1],
        ['take checks + contact sheet', round(median(c)), round(median(c) / seconds, 3), round(ratio, 3)],
      ],
      verdicts: [
        `${ratio <= TARGET_RATIO ? 'met' : 'MISSED'}: the checks cost ${round(ratio, 3)} of the transcode (target ≤ ${TARGET_RATIO})`,
      ],
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
