// `npm run worker`: a transcode worker process (needs REDIS_URL; without Redis the
// API server transcodes in-process and no worker is needed). Any number may run.
// - concurrency: WORKER_CONCURRENCY;
// - a worker that dies mid-job: its lock lapses and another worker takes the job
//   again (BullMQ stalled-job recovery, timings in JOB_POLICIES.transcode);
// - SIGTERM/SIGINT: stop taking jobs, let the running ones finish within the
//   policy's grace, then release them back to the queue, close Redis and the
//   database, and exit.
// The job and its queue are in infra/transcoding/; this file is the worker's composition root
// (configuration, database, the named Redis clients, the Redis publisher, the repositories,
// storage: each built once and handed down) and runs them.
import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig } from '../infra/config.ts'
import { closeDataFolders, createPrivateFiles } from '../infra/private-files.ts'
import { openDatabase } from '../infra/db.ts'
import { resolveFfmpegBinaries } from '../infra/ffmpeg.ts'
import { createRedisPublisher } from '../infra/live-redis.ts'
import { startMetricsListener } from '../infra/metrics-server.ts'
import { openRedisClients } from '../infra/redis-clients.ts'
import { createRepositories } from '../infra/repositories/index.ts'
import { openStorage } from '../infra/storage.ts'
import { startTranscodeWorker } from '../infra/transcoding/index.ts'
import { JOB_POLICIES, consoleLog } from '../infra/transcoding/jobs.ts'

async function main() {
  createPrivateFiles() // before loadConfig, which may create DATA_DIR and its jwt-secret
  const config = loadConfig()
  if (!config.redisUrl) {
    throw new ConfigError('REDIS_URL is not set. The worker takes jobs from Redis; without Redis, `npm start` transcodes in-process.')
  }
  closeDataFolders(config)
  const log = consoleLog
  const policy = JOB_POLICIES.transcode
  const binaries = resolveFfmpegBinaries(config)
  const db = await openDatabase(config) // the server applies migrations; workers only read and write rows
  const storage = await openStorage(config)
  // Scratch left by killed processes on this host (a transcode's outputs, a download): nothing resumes from it.
  await storage.sweepDeadScratch().then(
    (removed) => {
      if (removed > 0) log.info({ removed }, 'removed the scratch of stopped processes')
    },
    (err: unknown) => log.warn({ err }, 'could not sweep scratch'),
  )
  const redis = openRedisClients(config.redisUrl)
  const publisher = createRedisPublisher(config, {
    client: redis.get('live'),
    onError: (error) => log.warn({ err: error.message }, 'live publisher error'),
  })
  const repos = createRepositories(db.prisma, publisher, config.apiBase)
  // The worker may take a job while it is still starting: SIGTERM is handled from before it starts,
  // so a stop at that moment still finishes (or releases) the job rather than killing the process.
  const starting = startTranscodeWorker(
    { config, storage, attempts: repos.attempts, publisher, redis, verdictClips: repos.verdictClips },
    { log },
  )
  // METRICS_PORT: /metrics for Prometheus and /health for the container's health check.
  const metricsStarting =
    config.metricsPort === undefined
      ? undefined
      : starting.then(() => startMetricsListener({ port: config.metricsPort!, host: config.host, token: config.metricsToken }))

  // The delay is only a backstop above the policy's grace (the running job finishes or is released within it).
  closeWithGrace({ delay: policy.shutdownGraceMs + 10_000 }, async ({ err, signal }) => {
    if (err) console.error(`Transcode worker ${process.pid}: stopping after an error`, err)
    else
      console.log(
        `Transcode worker ${process.pid}: ${signal}, finishing the running job (up to ${policy.shutdownGraceMs / 1000} s) or releasing it.`,
      )
    await (await starting.catch(() => undefined))?.close()
    await (await metricsStarting?.catch(() => undefined))?.close()
    await publisher.close()
    await redis.close()
    await db.close()
  })
  await starting
  const metrics = await metricsStarting

  console.log(
    `Transcode worker ${process.pid} ready: concurrency ${config.workerConcurrency}, queue "${config.redisPrefix}:${policy.queue}", ` +
      `ffmpeg ${binaries.ffmpeg} (${binaries.source.ffmpeg}), ffprobe ${binaries.ffprobe} (${binaries.source.ffprobe})` +
      `${metrics ? `, /metrics and /health on ${config.host}:${metrics.port}` : ''}.`,
  )
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
