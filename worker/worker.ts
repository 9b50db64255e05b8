// `npm run worker`: a transcode worker process (needs REDIS_URL; without Redis the
// API server transcodes in-process and no worker is needed). Any number may run.
// - concurrency: WORKER_CONCURRENCY;
// - a worker that dies mid-job: its lock lapses and another worker takes the job
//   again (BullMQ stalled-job recovery, timings in JOB_POLICIES.transcode);
// - SIGTERM/SIGINT: stop taking jobs, let the running ones finish within the
//   policy's grace, then release them back to the queue and exit.
import { ConfigError, loadConfig } from '../infra/config.ts'
import { openDatabase } from '../infra/db.ts'
import { resolveFfmpegBinaries } from '../infra/ffmpeg.ts'
import { createRedisPublisher } from '../infra/live-redis.ts'
import { createLocalStorage } from '../infra/storage.ts'
import { JOB_POLICIES, consoleLog, createBullTranscodeWorker, requeueUnfinished, createBullTranscodeQueue } from '../infra/transcode-queue.ts'
import { createTranscodeProcessor, markTranscodeFailed } from './transcode.job.ts'

async function main() {
  const config = loadConfig()
  if (!config.redisUrl) {
    throw new ConfigError('REDIS_URL is not set. The worker takes jobs from Redis; without Redis, `npm start` transcodes in-process.')
  }
  const log = consoleLog
  const binaries = resolveFfmpegBinaries(config)
  const db = await openDatabase(config) // the server applies migrations; workers only read and write rows
  const storage = createLocalStorage(config.mediaDir)
  const publisher = createRedisPublisher(config, { onError: (error) => log.warn({ err: error.message }, 'live publisher error') })
  const processor = createTranscodeProcessor({ db, storage, publisher, config, log })
  const transcoder = createBullTranscodeWorker(config, processor, {
    log,
    onGaveUp: async (job, reason) => {
      await markTranscodeFailed({ db, publisher, config }, job.attemptId, 'The video could not be converted; please upload it again.')
      log.warn({ attemptId: job.attemptId, reason }, 'transcode given up after repeated worker deaths')
    },
  })
  await transcoder.worker.waitUntilReady()

  // Attempts whose enqueue was lost (the server died between commit and enqueue) get their job now.
  const producer = createBullTranscodeQueue(config, log)
  await requeueUnfinished(db, producer).catch((err: unknown) => log.warn({ err }, 'could not re-enqueue unfinished transcodes'))
  await producer.close()

  const policy = JOB_POLICIES.transcode
  console.log(
    `Transcode worker ${process.pid} ready: concurrency ${config.workerConcurrency}, queue "${config.redisPrefix}:${policy.queue}", ` +
    `ffmpeg ${binaries.ffmpeg} (${binaries.source.ffmpeg}), ffprobe ${binaries.ffprobe} (${binaries.source.ffprobe}).`,
  )

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`Transcode worker ${process.pid}: ${signal}, finishing the running job (up to ${policy.shutdownGraceMs / 1000} s) or releasing it.`)
    const hardStop = setTimeout(() => process.exit(1), policy.shutdownGraceMs + 10_000).unref()
    try {
      await transcoder.close()
      await publisher.close()
      await db.close()
    } finally {
      clearTimeout(hardStop)
    }
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
