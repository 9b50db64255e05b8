// An S3-compatible server for tests: s3rver (MinIO cannot be installed here) in a child
// process, so a test can stop it and start it again on the same port (the store going
// away and coming back); objects are files under `directory`, kept across restarts.
// The child exits when its stdin closes: it dies with the test process, even a killed one.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort, waitUntil } from './live.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))

// Runs in the child (cwd: the repository): start s3rver with the bucket, print each request (tests count multipart
// parts from them), exit when the parent goes.
const CHILD = `
const S3rver = require('s3rver')
const { S3RVER_PORT, S3RVER_DIR, S3RVER_BUCKET } = process.env
// With the multipart calls s3rver lacks and @tus/s3-store needs (see s3rver-multipart.cjs).
const { addMultipartCalls } = require('./tests/helpers/s3rver-multipart.cjs')
const server = addMultipartCalls(new S3rver({ port: Number(S3RVER_PORT), address: '127.0.0.1', silent: true, directory: S3RVER_DIR, configureBuckets: [{ name: S3RVER_BUCKET }] }))
server.run().then(() => {
  server.httpServer.on('request', (req) => process.stdout.write('REQ ' + req.method + ' ' + req.url + '\\n'))
  process.stdout.write('LISTENING\\n')
}, (error) => { console.error(error); process.exit(1) })
process.stdin.on('end', () => process.exit(0)).on('error', () => process.exit(0)).resume()
`

export interface TestS3 {
  readonly endpoint: string
  readonly port: number
  readonly bucket: string
  /** STORAGE_DRIVER=s3 and the S3_* variables for loadConfig or a child server. */
  readonly env: Record<string, string>
  /** Requests the server received since it was first started (`PUT /bucket/key?partNumber=1&uploadId=…`). */
  readonly requests: string[]
  /** Starts it again on the same port with the same objects (no-op when running). */
  start(): Promise<void>
  /** Stops it (SIGKILL, as a crash or a lost network); a no-op when stopped. */
  stop(): Promise<void>
}

export interface S3Options {
  /** Where s3rver keeps the objects (under the test's temp dir); default: a temp dir removed when the test process exits. */
  directory?: string
  bucket?: string
}

/** Starts s3rver on a free port with the bucket created. */
export async function startS3({ directory, bucket = 'liftarena-test' }: S3Options = {}): Promise<TestS3> {
  if (!directory) {
    const own = mkdtempSync(join(tmpdir(), 'liftarena-s3-'))
    process.once('exit', () => rmSync(own, { recursive: true, force: true }))
    directory = own
  }
  const dir = directory
  const port = await freePort()
  const endpoint = `http://127.0.0.1:${port}`
  const requests: string[] = []
  let child: ChildProcess | undefined
  const killChild = () => child?.kill('SIGKILL')

  const s3: TestS3 = {
    endpoint,
    port,
    bucket,
    requests,
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) return
      const started = spawn(process.execPath, ['-e', CHILD], {
        cwd: ROOT,
        env: { ...process.env, S3RVER_PORT: String(port), S3RVER_DIR: dir, S3RVER_BUCKET: bucket },
        stdio: ['pipe', 'pipe', 'pipe'],
      })
      child = started
      process.once('exit', killChild)
      let output = ''
      let errors = ''
      let listening = false
      started.stdout!.on('data', (chunk: Buffer) => {
        output += String(chunk)
        const lines = output.split('\n')
        output = lines.pop()!
        for (const line of lines) if (line.startsWith('REQ ')) requests.push(line.slice(4))
        if (lines.includes('LISTENING')) listening = true
      })
      started.stderr!.on('data', (chunk: Buffer) => {
        errors += String(chunk)
      })
      await waitUntil(() => listening || started.exitCode !== null, 's3rver to start', 15_000)
      if (!listening) throw new Error(`s3rver did not start: ${errors}`)
    },
    async stop() {
      const running = child
      if (!running || running.exitCode !== null || running.signalCode !== null) return
      process.off('exit', killChild)
      const exited = once(running, 'exit')
      running.kill('SIGKILL')
      await exited
    },
  }
  await s3.start()
  return s3
}
