// Transcode: the worker's whole ladder (360p, 720p, poster) for one attempt of a 30 s
// 1080p30 clip with audio, next to the same two ffmpeg commands run directly. ffmpeg
// does all the real work in both, so the ratio is what the job adds on top: probing,
// fluent-ffmpeg, storage renames, the database and the live event.
import { existsSync, readFileSync } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { CONTAINERS, probe, resolveFfmpegBinaries } from '../infra/ffmpeg.ts'
import { attemptKeys } from '../infra/storage.ts'
import { startTestApp, type TestApp } from '../tests/helpers/app.ts'
import { makeClip, probeFile } from '../tests/helpers/clips.ts'
import {
  planTranscode,
  posterOutputOptions,
  renditionFilterGraph,
  renditionOutputOptions,
  type TranscodePlan,
} from '../infra/transcoding/transcode.decisions.ts'
import { WEB_H264_PROFILE } from '../infra/transcoding/transcode.profile.ts'
import { median, round, run, sized, TINY, type Section } from './lib.ts'

const RUNS = sized(3, 1)
const CLIP = sized({ width: 1920, height: 1080, fps: 30, seconds: 30 }, { width: 640, height: 360, fps: 30, seconds: 2 })
const TARGET_RATIO = 1.05
const CACHE_DIR = join(tmpdir(), 'liftarena-bench')

/** The source clip, made once per machine (it takes longer than one transcode). */
async function cachedClip(): Promise<string> {
  const path = join(CACHE_DIR, `clip-${CLIP.width}x${CLIP.height}-${CLIP.fps}fps-${CLIP.seconds}s.mp4`)
  if (existsSync(path)) return path
  await mkdir(CACHE_DIR, { recursive: true })
  // Made under a private name and renamed, so an interrupted run never leaves half a clip in the cache.
  await rename(await makeClip(CACHE_DIR, `partial-${process.pid}.mp4`, { ...CLIP, audio: true }), path)
  return path
}

/**
 * The job's two ffmpeg runs as plain argument lists, built by the same decision functions
 * from the same plan and profile, in the order fluent-ffmpeg lays them out for the job
 * (input options, -i, -y, -filter_complex, then each output's options and file).
 */
function plainFfmpegArgs(source: string, plan: TranscodePlan, outDir: string): string[][] {
  const encode = [
    '-nostdin',
    '-i',
    source,
    '-y',
    '-filter_complex',
    renditionFilterGraph(plan),
    ...plan.renditions.flatMap((r) => [...renditionOutputOptions(plan, r, WEB_H264_PROFILE), join(outDir, `${r.name}.mp4`)]),
  ]
  const poster = [
    '-ss',
    String(plan.poster.atSeconds),
    '-i',
    source,
    '-y',
    ...posterOutputOptions(plan, WEB_H264_PROFILE),
    join(outDir, 'poster.jpg'),
  ]
  return [encode, poster]
}

/**
 * CPU seconds used so far by this process's finished children (ffmpeg, ffprobe) and by the process
 * itself (the job's JavaScript). Less disturbed by other work on a shared machine than wall time. Linux only.
 */
function cpuSeconds(ticksPerSecond: number) {
  const own = process.cpuUsage()
  const self = (own.user + own.system) / 1e6
  if (!existsSync('/proc/self/stat')) return { children: Number.NaN, self }
  // The fields after the command name, from state (field 3) on: cutime and cstime are fields 16 and 17.
  const stat = readFileSync('/proc/self/stat', 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return { children: (Number(fields[13]) + Number(fields[14])) / ticksPerSecond, self }
}

interface Timing {
  ms: number
  /** CPU seconds of the children (ffmpeg, ffprobe) and of this process during the run. */
  cpu: { children: number; self: number }
}

async function timed(ticksPerSecond: number, work: () => Promise<void>): Promise<Timing> {
  const before = cpuSeconds(ticksPerSecond)
  const started = performance.now()
  await work()
  const ms = performance.now() - started
  const after = cpuSeconds(ticksPerSecond)
  return { ms, cpu: { children: after.children - before.children, self: after.self - before.self } }
}

const shellQuote = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`)

/** "640×360, 1280×720, poster 1280×720": what a run produced, to prove both sides made the same thing. */
async function outputSizes(files: { renditions: string[]; poster: string }): Promise<string> {
  const size = async (path: string) => {
    const video = (await probeFile(path)).video
    if (!video) throw new Error(`${path} has no picture`)
    return `${video.width}×${video.height}`
  }
  return [...(await Promise.all(files.renditions.map(size))), `poster ${await size(files.poster)}`].join(', ')
}

async function seedParticipant(t: TestApp): Promise<number> {
  const { prisma } = t.db
  const user = await prisma.user.create({
    data: { name: 'Bench Lifter', username: 'benchlifter', email: 'lifter@bench.test', passwordHash: 'x', weightClass: '93kg' },
  })
  const challenge = await prisma.challenge.create({
    data: {
      name: 'Bench Transcode',
      location: 'Bench Gym',
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 86_400_000),
      liftTypes: ['Squat'],
      weightClasses: ['93kg'],
      gender: 'M',
    },
  })
  return (await prisma.participant.create({ data: { userId: user.id, challengeId: challenge.id, weightClass: '93kg', gender: 'M' } })).id
}

export async function transcodeBenchmark(): Promise<Section> {
  const clip = await cachedClip()
  // One try only: a failure must show, not hide behind the queue's retry delays.
  const t = await startTestApp({ transcoding: { policy: { attempts: 1 } } })
  // A fixed folder, so the commands printed below can be re-run as they stand (the smoke run's own, so it never removes a full run's).
  const plainDir = join(CACHE_DIR, TINY ? `plain-out-tiny-${process.pid}` : 'plain-out')
  await mkdir(plainDir, { recursive: true })
  try {
    const transcoding = t.transcoding!
    const binaries = resolveFfmpegBinaries(t.config) // the very binaries the job resolves
    const plan = planTranscode(await probe(binaries, clip, CONTAINERS.mp4), WEB_H264_PROFILE)
    const plainArgs = plainFfmpegArgs(clip, plan, plainDir)
    const participantId = await seedParticipant(t)
    const ticksPerSecond = Number(await run('getconf', ['CLK_TCK']).catch(() => '100'))
    const media = (key: string) => join(t.config.mediaDir, key)

    // The job reports 0 % once its database bookkeeping is done, just before it probes and encodes.
    const encodeStartedAt = new Map<number, number>()
    const forward = t.app.publisher.progress
    t.app.publisher.progress = (userId, p) => {
      if (p.percent === 0 && p.state === 'processing' && !encodeStartedAt.has(p.attempt_id)) encodeStartedAt.set(p.attempt_id, Date.now())
      forward.call(t.app.publisher, userId, p)
    }

    /** Ours: an attempt whose original is stored, as an upload leaves it, through the in-process queue until ready. */
    let attemptNumber = 0
    async function ours(check: boolean) {
      attemptNumber += 1
      const attempt = await t.db.prisma.attempt.create({
        data: { participantId, liftType: 'squat', attemptNumber, weight: 200, processingState: 'pending' },
      })
      const originalKey = attemptKeys.original(attempt.id, 'mp4')
      await mkdir(dirname(media(originalKey)), { recursive: true })
      await copyFile(clip, media(originalKey))
      await t.db.prisma.attempt.update({ where: { id: attempt.id }, data: { originalKey } })
      const enqueuedAt = Date.now()
      const timing = await timed(ticksPerSecond, async () => {
        await transcoding.queue.enqueue({ attemptId: attempt.id })
        await transcoding.idle()
      })
      const doneAt = Date.now()
      const row = await t.db.prisma.attempt.findUniqueOrThrow({ where: { id: attempt.id } })
      if (row.processingState !== 'ready') throw new Error(`The transcode ended ${row.processingState}: ${row.processingError}`)
      // The poster is ffmpeg's last write, and renames into storage keep its mtime.
      const ffmpegDoneAt = (await stat(media(attemptKeys.poster(attempt.id)))).mtimeMs
      const encodeStarted = encodeStartedAt.get(attempt.id) ?? enqueuedAt
      const phases = { before: encodeStarted - enqueuedAt, ffmpeg: ffmpegDoneAt - encodeStarted, after: doneAt - ffmpegDoneAt }
      const sizes = check
        ? await outputSizes({
            renditions: plan.renditions.map((r) => media(attemptKeys.rendition(attempt.id, r.name))),
            poster: media(attemptKeys.poster(attempt.id)),
          })
        : ''
      await rm(dirname(media(originalKey)), { recursive: true, force: true })
      return { ...timing, sizes, phases }
    }

    /** Baseline: the same two ffmpeg commands, spawned directly one after the other. */
    async function plain(check: boolean) {
      const timing = await timed(ticksPerSecond, async () => {
        for (const args of plainArgs) await run(binaries.ffmpeg, args)
      })
      const sizes = check
        ? await outputSizes({
            renditions: plan.renditions.map((r) => join(plainDir, `${r.name}.mp4`)),
            poster: join(plainDir, 'poster.jpg'),
          })
        : ''
      return { ...timing, sizes }
    }

    const oursRuns: Timing[] = []
    const oursPhases: { before: number; ffmpeg: number; after: number }[] = []
    const plainRuns: Timing[] = []
    let oursSizes = ''
    let plainSizes = ''
    // Untimed: a worker process pays fluent-ffmpeg's capability probes (-formats, -encoders) and its first queries once.
    await ours(false)
    for (let i = 0; i < RUNS; i++) {
      // The side that goes first swaps every pair (properties evaluate in order), so drift on a shared machine favours neither.
      const { o, p } = i % 2 === 0 ? { o: await ours(i === 0), p: await plain(i === 0) } : { p: await plain(false), o: await ours(false) }
      oursRuns.push(o)
      oursPhases.push(o.phases)
      plainRuns.push(p)
      if (i === 0) [oursSizes, plainSizes] = [o.sizes, p.sizes]
    }
    if (oursSizes !== plainSizes) throw new Error(`Unfair comparison: the job made ${oursSizes}, the plain commands ${plainSizes}`)

    // The one step the job has and the plain commands do not, big enough to name.
    const probeMs: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now()
      await probe(binaries, clip, CONTAINERS.mp4)
      probeMs.push(performance.now() - started)
    }

    const oursMs = oursRuns.map((r) => r.ms)
    const plainMs = plainRuns.map((r) => r.ms)
    const oursP50 = median(oursMs)
    const plainP50 = median(plainMs)
    const cpu = (runs: Timing[], of: keyof Timing['cpu']) => round(median(runs.map((r) => r.cpu[of])), 2)
    const cpuRatio = median(oursRuns.map((r) => r.cpu.children + r.cpu.self)) / median(plainRuns.map((r) => r.cpu.children + r.cpu.self))
    const ratio = oursP50 / plainP50
    const realtime = (ms: number) => `${round(CLIP.seconds / (ms / 1000), 1)}×`
    const runsText = (values: number[]) => values.map((ms) => round(ms / 1000, 1)).join(', ')
    const phase = (name: keyof (typeof oursPhases)[number]) => median(oursPhases.map((p) => p[name]))
    const seconds = (ms: number) => round(ms / 1000, 2)
    return {
      title: 'Transcode',
      method:
        `One attempt's full ladder (${oursSizes}) from a generated ${CLIP.seconds} s ${CLIP.width}×${CLIP.height} ${CLIP.fps} fps H.264 + AAC clip ` +
        `(cached under ${CACHE_DIR}). Ours: the in-process transcode queue (startTestApp({ transcoding: true }), as \`npm start\` wires it) ` +
        'runs createTranscodeProcessor — the same processor the BullMQ worker runs — on a pending attempt whose original is stored, ' +
        'timed from enqueue until the queue is idle and the row is ready (ffprobe, the rendition encode and the poster through fluent-ffmpeg, renames into storage, the ready transaction and live event on the PostgreSQL service). ' +
        "Its phases: before = enqueue to the job's 0 % progress report (database bookkeeping); ffmpeg = from there to the poster's write time; after = renames and the ready transaction. " +
        'CPU: seconds used by the finished child processes (ffmpeg, ffprobe; /proc/self/stat) and by the Node process itself, which a shared machine disturbs far less than wall time. ' +
        `Baseline: the same two ffmpeg commands with the ${WEB_H264_PROFILE.name} profile's settings, built by the same decision functions, spawned directly. ` +
        `One untimed warm-up transcode, then ${RUNS} runs each, alternating (the first side swaps every pair), median wall time; both sides' outputs were probed and have the same sizes. Target: ours ≤ ${TARGET_RATIO}× the baseline.`,
      commands: [
        'npm run bench -- transcode',
        `# the baseline by hand (source: makeClip() in tests/helpers/clips.ts, testsrc + sine, x264 ultrafast; mkdir -p ${plainDir} first):`,
        ...plainArgs.map((args) => [binaries.ffmpeg, ...args].map(shellQuote).join(' ')),
      ],
      header: [
        'run',
        'wall s (p50)',
        'runs (s)',
        'before / ffmpeg / after (s, p50)',
        'CPU s: children / node (p50)',
        'speed (× real time)',
        'ratio to baseline',
      ],
      rows: [
        [
          'baseline: plain ffmpeg, 2 commands',
          seconds(plainP50),
          runsText(plainMs),
          `— / ${seconds(plainP50)} / —`,
          `${cpu(plainRuns, 'children')} / ${cpu(plainRuns, 'self')}`,
          realtime(plainP50),
          1,
        ],
        [
          'ours: in-process queue → transcode job',
          seconds(oursP50),
          runsText(oursMs),
          `${seconds(phase('before'))} / ${seconds(phase('ffmpeg'))} / ${seconds(phase('after'))}`,
          `${cpu(oursRuns, 'children')} / ${cpu(oursRuns, 'self')}`,
          realtime(oursP50),
          round(ratio, 3),
        ],
      ],
      verdicts: [
        `overhead: ${round(ratio, 3)}× the plain commands (${seconds(oursP50 - plainP50)} s: ${round(phase('before'), 0)} ms of bookkeeping before ffmpeg, ` +
          `${seconds(phase('ffmpeg') - plainP50)} s more in the ffmpeg phase, which includes a ${round(median(probeMs), 0)} ms ffprobe, and ${round(phase('after'), 0)} ms after it; ` +
          `CPU time ${round(cpuRatio, 3)}× the baseline's) — target ≤ ${TARGET_RATIO} ${ratio <= TARGET_RATIO ? 'met' : 'missed'}`,
        `speed: ours ${realtime(oursP50)} real time, plain ffmpeg ${realtime(plainP50)} (no target)`,
      ],
    }
  } finally {
    await t.close()
    await rm(plainDir, { recursive: true, force: true })
  }
}
