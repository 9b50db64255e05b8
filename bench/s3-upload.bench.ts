// Over 300 lines: a benchmark, one script measured end to end (the same clip sent three ways against one store); not product code.
// Upload through S3: the same ~100 MB video (4 s of noisy 720p H.264 at a high bitrate, made
// once with ffmpeg and cached) sent (a) through LiftArena's resumable endpoint (tus 1.0.0 at
// /api/uploads/, the server's S3 store, then the upload's finish: probe → attempt → enqueue)
// and (b) as a plain multipart S3 put with @aws-sdk/lib-storage, the baseline, in the same
// run against the same local s3rver (its own process). The server is `tsx server/server.ts`
// in its own process with STORAGE_DRIVER=s3 on PostgreSQL and Redis; no worker runs, so the
// transcode jobs wait in the queue and take no CPU from the runs.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { request as httpRequest } from 'node:http'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DeleteObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { loadConfig } from '../infra/config.ts'
import { openDatabase } from '../infra/db.ts'
import { binaries } from '../tests/helpers/clips.ts'
import { createTestDatabase } from '../tests/helpers/database.ts'
import {
  createLifters,
  createOngoingChallenge,
  dropRedisPrefix,
  join as joinChallenge,
  REDIS_URL,
  spawnServer,
  uniqueRedisPrefix,
  type Lifter,
} from '../tests/helpers/live.ts'
import { startS3 } from '../tests/helpers/s3.ts'
import { machine, median, round, run, sized, type Section } from './lib.ts'

const RUNS = sized(3, 1)
const MiB = 1024 * 1024
// The smoke run's clip still spans two of the store's 8 MiB parts, so every phase below happens.
const SECONDS = sized(4, 0.5)
const VIDEO = join(tmpdir(), 'liftarena-bench', `s3-upload-720p-noise-${SECONDS}s.mp4`)

/** Made once with ffmpeg and kept between runs (under a temp name until complete): every byte is real H.264, little of it compressible. */
async function cachedVideo(): Promise<string> {
  if (existsSync(VIDEO)) return VIDEO
  mkdirSync(join(tmpdir(), 'liftarena-bench'), { recursive: true })
  const partial = `${VIDEO}.partial.mp4`
  await run(binaries().ffmpeg, [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    String(SECONDS),
    '-vf',
    'noise=alls=40:allf=t',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '18',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    '-movflags',
    '+faststart',
    partial,
  ])
  renameSync(partial, VIDEO)
  return VIDEO
}

/** One request the store received (through the front): when it started and ended, in ms since the epoch. */
interface StoreRequest {
  start: number
  end: number
  method: string
  url: string
  status: number
}

/**
 * bench/s3-timing-front.ts in its own process (as s3rver is in its own): every
 * byte of both sides passes through it, so it must not share the bench's event loop. It reports
 * each request's start and end, which time the phases of the tus path inside the server.
 */
async function spawnFront(s3Port: number) {
  const fixture = join(import.meta.dirname, 's3-timing-front.ts')
  const code =
    `const { startS3Front } = await import(${JSON.stringify(fixture)}); ` +
    `const f = await startS3Front(${s3Port}, { onRequest: (e) => process.stdout.write('REQ ' + JSON.stringify(e) + '\\n') }); ` +
    `console.log('FRONT ' + f.port); process.stdin.on('end', () => process.exit(0)).resume()`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['pipe', 'pipe', 'inherit'] })
  const requests: StoreRequest[] = []
  let pending = ''
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const lines = (pending + String(chunk)).split('\n')
      pending = lines.pop()!
      for (const line of lines) {
        if (line.startsWith('REQ ')) requests.push(JSON.parse(line.slice(4)) as StoreRequest)
        else if (line.startsWith('FRONT ')) resolve(Number(line.slice(6)))
      }
    })
    child.once('exit', (code) => reject(new Error(`the S3 front exited (${code})`)))
  })
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    async stop() {
      if (child.exitCode !== null) return
      const exited = once(child, 'exit')
      child.stdin!.end()
      await exited
    },
  }
}

const epochMs = () => performance.timeOrigin + performance.now()

interface TusRun {
  seconds: number
  bodySentSeconds: number
  attemptId: number
  originalKey: string
  uploadId: string
  startedAt: number
  answeredAt: number
}

/** POST (create, with the form's fields as metadata) then one PATCH with every byte; timed until the final PATCH answers. */
async function tusUpload(url: string, lifter: Lifter, challengeId: number, bytes: Buffer): Promise<TusRun> {
  const b64 = (v: string | number) => Buffer.from(String(v)).toString('base64')
  const metadata = { filename: 'bench.mp4', filetype: 'video/mp4', lift_type: 'squat', weight: 150, competition_id: challengeId }
  const startedAt = epochMs()
  const started = performance.now()
  const created = await fetch(`${url}/api/uploads/`, {
    method: 'POST',
    headers: {
      'tus-resumable': '1.0.0',
      authorization: `Bearer ${lifter.token}`,
      'upload-length': String(bytes.length),
      'upload-metadata': Object.entries(metadata)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(','),
    },
  })
  if (created.status !== 201) throw new Error(`tus create answered ${created.status}: ${await created.text()}`)
  const path = new URL(created.headers.get('location')!, url).pathname
  const { port } = new URL(url)
  let bodySent = 0
  const answer = await new Promise<{ status: number; headers: Record<string, unknown>; text: string }>((resolve, reject) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port: Number(port),
      method: 'PATCH',
      path,
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${lifter.token}`,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': String(bytes.length),
      },
    })
    // 'finish': the last byte has left this process (the server has read all but a socket buffer's worth).
    req.on('finish', () => {
      bodySent = performance.now()
    })
    req.on('response', (res) => {
      let text = ''
      res
        .setEncoding('utf8')
        .on('data', (c: string) => {
          text += c
        })
        .on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }))
    })
    req.on('error', reject)
    req.end(bytes)
  })
  const seconds = (performance.now() - started) / 1000
  const answeredAt = epochMs()
  if (answer.status < 200 || answer.status > 299) throw new Error(`the final tus PATCH answered ${answer.status}: ${answer.text}`)
  const attemptId = Number(answer.headers['x-attempt-id'])
  if (!Number.isInteger(attemptId)) throw new Error(`the final tus PATCH named no attempt: ${answer.status} ${answer.text}`)
  const originalKey = decodeURIComponent((JSON.parse(answer.text) as { url: string }).url.replace(/^\/api\/video\//, ''))
  return {
    seconds,
    bodySentSeconds: (bodySent - started) / 1000,
    attemptId,
    originalKey,
    uploadId: path.slice(path.lastIndexOf('/') + 1),
    startedAt,
    answeredAt,
  }
}

/** Where a tus run's time went, in seconds, from the store's side: consecutive phases that add up to the run's time. */
interface Phases {
  receive: number
  complete: number
  download: number
  check: number
  original: number
  rest: number
}

/**
 * Reads the phases of one tus run off the requests the store saw meanwhile: the upload's parts
 * (PUT tus/<id>?partNumber), the multipart completion (POST tus/<id>?uploadId), the whole object
 * read back (GET tus/<id>), then the attempt's original made by a copy inside the store (attempts/<attempt>/original.*).
 * Null when one of them is missing (the finish works otherwise than this bench knows).
 */
function phasesOf(run: TusRun, requests: readonly StoreRequest[]): Phases | null {
  const seen = requests.filter((r) => r.start >= run.startedAt - 5 && r.end <= run.answeredAt + 5)
  const upload = `/tus/${run.uploadId}`
  const complete = seen.find((r) => r.method === 'POST' && r.url.includes(`${upload}?uploadId=`))
  const download = complete && seen.find((r) => r.method === 'GET' && r.url.split('?')[0]!.endsWith(upload) && r.start >= complete.end)
  const original = seen.filter((r) => r.url.includes(`/attempts/${run.attemptId}/original.`))
  if (!complete || !download || original.length === 0) return null
  const originalStart = Math.min(...original.map((r) => r.start))
  const originalEnd = Math.max(...original.map((r) => r.end))
  const s = (ms: number) => ms / 1000
  return {
    receive: s(complete.start - run.startedAt),
    complete: s(complete.end - complete.start),
    download: s(download.end - complete.end),
    check: s(originalStart - download.end),
    original: s(originalEnd - originalStart),
    rest: s(run.answeredAt - originalEnd),
  }
}

export async function s3UploadBenchmark(): Promise<Section> {
  const started = Date.now()
  const video = await cachedVideo()
  const bytes = readFileSync(video)
  const size = statSync(video).size
  const s3Dir = mkdtempSync(join(tmpdir(), 'liftarena-bench-s3-'))
  const [s3, database] = await Promise.all([startS3({ directory: s3Dir }), createTestDatabase()])
  const redisPrefix = uniqueRedisPrefix()
  // Both sides go through the timing front, so both pay its hop.
  const front = await spawnFront(s3.port)
  const client = new S3Client({
    endpoint: front.endpoint,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    region: s3.env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.S3_ACCESS_KEY_ID!, secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY! },
  })
  const db = await openDatabase({ databaseUrl: database.url, dataDir: join(tmpdir(), 'liftarena-bench') }, { migrate: true })
  const server = await spawnServer({
    ...s3.env,
    S3_ENDPOINT: front.endpoint,
    STORAGE_DRIVER: 's3',
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
  })
  try {
    const challengeId = await createOngoingChallenge(db.prisma, 'S3 Upload Bench')
    const [lifter] = await createLifters(db.prisma, loadConfig().jwtSecret, 1)
    const joined = await joinChallenge(server.url, lifter!, challengeId)
    if (joined.status !== 201) throw new Error(`join answered ${joined.status}`)

    // Both sides must have stored every byte, or the figure means nothing (checked outside the timing).
    const expectStored = async (key: string, length: number) => {
      const stored = (await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }))).ContentLength
      if (stored !== length) throw new Error(`${key} holds ${stored} bytes, not ${length}`)
    }
    // lib-storage's defaults (5 MiB parts, 4 at once): what an application calling the SDK gets.
    const plainPut = async (body: Buffer, key: string) => {
      const t0 = performance.now()
      await new Upload({ client, params: { Bucket: s3.bucket, Key: key, Body: body, ContentType: 'video/mp4' } }).done()
      const seconds = (performance.now() - t0) / 1000
      await expectStored(key, body.length)
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }))
      return seconds
    }

    // Warm-up with the first 8 MiB (JIT, connections, the probe's binaries in the page cache): a clip cut mid-file is still probed.
    await plainPut(bytes.subarray(0, 8 * MiB), 'bench/warm-up.mp4')
    await tusUpload(server.url, lifter!, challengeId, readFileSync(await smallClip())).catch((error: unknown) => {
      throw new Error(`tus warm-up: ${(error as Error).message}`)
    })

    const plain: number[] = []
    const tus: TusRun[] = []
    for (let i = 0; i < RUNS; i++) {
      // The first side swaps every run.
      if (i % 2 === 0) {
        plain.push(await plainPut(bytes, `bench/plain-${i}.mp4`))
        tus.push(await tusUpload(server.url, lifter!, challengeId, bytes))
      } else {
        tus.push(await tusUpload(server.url, lifter!, challengeId, bytes))
        plain.push(await plainPut(bytes, `bench/plain-${i}.mp4`))
      }
      await expectStored(tus.at(-1)!.originalKey, size)
      console.log(
        `bench s3-upload run ${i + 1}: plain ${plain.at(-1)!.toFixed(2)} s, tus ${tus.at(-1)!.seconds.toFixed(2)} s (body sent at ${tus.at(-1)!.bodySentSeconds.toFixed(2)} s)`,
      )
    }

    const mibps = (seconds: number) => size / MiB / seconds
    const plainS = median(plain)
    const tusS = median(tus.map((t) => t.seconds))
    const bodyS = median(tus.map((t) => t.bodySentSeconds))
    const ratio = mibps(tusS) / mibps(plainS)
    const mib = round(size / MiB, 1)
    const seen = tus.map((t) => phasesOf(t, front.requests))
    const phases = seen.every((p) => p !== null) ? (seen as Phases[]) : null
    const phase = (name: keyof Phases) => median(phases!.map((p) => p[name]))
    const phaseRows: (string | number)[][] = phases
      ? [
          [
            '… receiving the bytes and storing them in S3 as 8 MiB parts (POST → last part stored)',
            round(mibps(phase('receive')), 1),
            round(phase('receive')),
            round(mibps(phase('receive')) / mibps(plainS)),
          ],
          ['… completing the multipart upload (the store joins the parts)', '', round(phase('complete')), ''],
          [
            "… reading the whole upload back from S3 to the server's scratch",
            round(mibps(phase('download')), 1),
            round(phase('download')),
            '',
          ],
          [
            "… checking the local copy is a playable video (ffprobe, decoding both ends) and starting the attempt's row",
            '',
            round(phase('check')),
            '',
          ],
          ["… copying it inside S3 to the attempt's original (CopyObject: no byte through the server)", '', round(phase('original')), ''],
          ['… recording the attempt, removing the tus upload, answering', '', round(phase('rest')), ''],
        ]
      : [["… phases: not seen in the store's requests (the finish no longer reads back and re-puts the file?)", '', '', '']]
    const after = phases ? phase('complete') + phase('download') + phase('check') + phase('original') + phase('rest') : tusS - bodyS
    console.log(`bench s3-upload: ${Math.round((Date.now() - started) / 1000)} s`)
    return {
      title: 'Upload through S3',
      method:
        `A ${mib} MiB video (${SECONDS} s of 1280×720 testsrc2 with temporal noise, H.264 ultrafast at qp 18 + AAC, made once with ffmpeg and cached in ${join(tmpdir(), 'liftarena-bench')}) uploaded to a local s3rver 3.7.1 (its own process, disk-backed, tests/helpers/s3.ts) (with the multipart calls it lacks and the tus S3 store needs added by tests/helpers/s3rver-multipart.cjs) through bench/s3-timing-front.ts in its own process (it passes every request through and logs its start and end). ` +
        "Ours: LiftArena's resumable endpoint — `POST /api/uploads/` (tus 1.0.0 create, fields as metadata, bearer token) then one PATCH with every byte (raw HTTP from memory) — served by `tsx server/server.ts` in its own process with STORAGE_DRIVER=s3 (@tus/s3-store, 8 MiB parts), on PostgreSQL and Redis; timed from the POST until the final PATCH answers with the attempt (the upload's finish included: the same probe → attempt → enqueue path as `POST /api/upload`; no worker runs, so the queued transcodes take no CPU). " +
        "Its phases are read off the store's requests (medians of each, so they need not add up exactly to the median total). " +
        'Baseline: the same bytes from memory with @aws-sdk/lib-storage `Upload` (defaults: 5 MiB parts, 4 at once) to the same store through the same front. ' +
        `One warm-up each, then ${RUNS} runs of each alternating (the first side swaps every run); medians. MiB/s = the file's size ÷ the time. ` +
        "After each run (outside the timing), both sides' stored objects are checked to hold every byte (HeadObject). " +
        `Machine: ${machine().cores} cores (${machine().model}), Node ${machine().node}, s3rver's files on the local disk; everything on loopback.`,
      commands: ['npm run bench -- s3-upload'],
      header: ['path', 'MiB/s', 's', 'ratio to baseline'],
      rows: [
        ['baseline: plain S3 put (lib-storage multipart)', round(mibps(plainS), 1), round(plainS), 1],
        ['tus through LiftArena → S3, until the final PATCH answers', round(mibps(tusS), 1), round(tusS), round(ratio)],
        ['… client side: until the last byte was sent', round(mibps(bodyS), 1), round(bodyS), round(mibps(bodyS) / mibps(plainS))],
        ...phaseRows,
      ],
      verdicts: [
        `tus / plain put: ${round(ratio)} (runs: ${plain.map((x) => round(x)).join(', ')} s plain; ${tus.map((t) => round(t.seconds)).join(', ')} s tus)`,
        phases
          ? `The gap is the finish, not the transfer: the bytes reach S3 at ${round(mibps(phase('receive')) / mibps(plainS))}× the plain put's rate, then ${round(after, 1)} s of the ${round(tusS, 1)} s go to the store joining the parts (${round(phase('complete'), 1)} s), reading the whole file back to check it (${round(phase('download'), 1)} s), the playable-video check (${round(phase('check'), 1)} s) and copying it inside the store as the original (${round(phase('original'), 1)} s): the ${mib} MiB cross the network twice (up, then back down for the check) where the plain put sends them once.`
          : `The finish (last byte → answer) takes ${round(after, 1)} s of the ${round(tusS, 1)} s.`,
      ],
    }
  } finally {
    await server.stop()
    await db.close()
    await database.drop()
    await dropRedisPrefix(redisPrefix)
    client.destroy()
    await front.stop()
    await s3.stop()
    rmSync(s3Dir, { recursive: true, force: true })
  }
}

/** A 1 s clip for the tus warm-up (a real video: the finish probes it). */
async function smallClip(): Promise<string> {
  const path = join(tmpdir(), 'liftarena-bench', 's3-upload-warm-up.mp4')
  if (!existsSync(path)) {
    await run(binaries().ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=30',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      path,
    ])
  }
  return path
}
