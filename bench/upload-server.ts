// The server of the upload benchmark, in its own process so that its resident set is
// its own: the real app on PostgreSQL with a no-op transcode queue, plus a baseline
// route that reads the request body to the end and discards it, and a reference
// route that writes it to the media volume.
// The bench imports only this file's types: loading it starts the IPC side.
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join as joinPath } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { createChallenge, registerUser, startTestApp, type TestApp } from '../tests/helpers/app.ts'
import { join } from '../tests/helpers/live.ts'
import { serveParent } from './child.ts'

const DISCARD_ROUTE = '/bench/discard'
const TO_DISK_ROUTE = '/bench/to-disk'
const TO_DISK_FILE = 'bench-body'

export type UploadServerApi = {
  /** Starts the app; answers where it listens and a lifter who joined an ongoing challenge. */
  start: {
    args: null
    answer: {
      url: string
      discardUrl: string
      toDiskUrl: string
      toDiskPath: string
      token: string
      challengeId: number
      mediaDir: string
      uploadMaxBytes: number
    }
  }
  /** Starts a new peak from the resident set now (ours and the kernel's high-water mark). */
  markMemory: { args: null; answer: { rss: number } }
  /** The highest resident set since the mark: our 20 ms samples, and the kernel's VmHWM where Linux offers it. */
  peakMemory: { args: null; answer: { sampled: number; kernel: number | null } }
}

let t: TestApp | undefined
let peak = 0
setInterval(() => {
  const rss = process.memoryUsage.rss()
  if (rss > peak) peak = rss
}, 20).unref()

/** Linux: writing 5 to clear_refs resets VmHWM (peak RSS) to the current RSS. */
function resetKernelPeak(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5')
    return true
  } catch {
    return false
  }
}
let kernelPeakReset = false

function kernelPeak(): number | null {
  if (!kernelPeakReset) return null
  const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]
  return kb ? Number(kb) * 1024 : null
}

async function start() {
  t = await startTestApp({
    queue: { enqueue: async () => {}, close: async () => {} }, // no 1 GiB transcode after each upload
    beforeReady: (app) => {
      app.post(DISCARD_ROUTE, async (request) => {
        // @fastify/multipart's parser leaves the body unread: read every byte here and drop it.
        let bytes = 0
        for await (const chunk of request.raw) bytes += (chunk as Buffer).length
        return { bytes }
      })
      // A reference, not the baseline: what landing the same bytes on the media volume costs, with no parsing or checks.
      app.post(TO_DISK_ROUTE, async (request) => {
        // Left in place, like a stored upload: the bench deletes it after the request.
        const path = joinPath(app.deps.config.mediaDir, TO_DISK_FILE)
        await mkdir(app.deps.config.mediaDir, { recursive: true })
        await pipeline(request.raw, createWriteStream(path))
        return { bytes: (await stat(path)).size }
      })
    },
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
  const lifter = await registerUser(t.app, 'Upload Bench')
  const challengeId = await createChallenge(t.app, lifter.access_token)
  const joined = await join(url, { userId: lifter.user_id, token: lifter.access_token }, challengeId)
  if (joined.status !== 201) throw new Error(`join answered ${joined.status}`)
  return {
    url,
    discardUrl: `${url}${DISCARD_ROUTE}`,
    toDiskUrl: `${url}${TO_DISK_ROUTE}`,
    toDiskPath: joinPath(t.config.mediaDir, TO_DISK_FILE),
    token: lifter.access_token,
    challengeId,
    mediaDir: t.config.mediaDir,
    uploadMaxBytes: t.config.uploadMaxBytes,
  }
}

serveParent<UploadServerApi>(
  {
    start,
    markMemory: () => {
      peak = process.memoryUsage.rss()
      kernelPeakReset = resetKernelPeak()
      return { rss: peak }
    },
    peakMemory: () => ({ sampled: Math.max(peak, process.memoryUsage.rss()), kernel: kernelPeak() }),
  },
  async () => {
    await t?.close()
  },
)
