// Builds the web client, starts `server/server.ts` like `npm start` does (fresh embedded
// database in a temp folder, demo data, relaxed rate limits), and makes a 2 s test clip.
// The build and the server start are exported for the web benchmark (bench/web.bench.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
    clipPath: string
    /** The shared server's mail outbox (no SMTP_URL): DATA_DIR/outbox, one .eml per mail. */
    outboxDir: string
  }
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env })
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with status ${result.status}`)
}

function waitForServer(child: ChildProcess, url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`The server did not start within 240 s:\n${output}`)), 240_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('LiftArena is running at')) {
        clearTimeout(timer)
        resolve()
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`The server exited (${code}) before ${url} was up:\n${output}`))
    })
  })
}

/** `npm run build:web` into web/dist, as production serves it. */
export function buildWebApp() {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  run('npm', ['run', 'build:web'], { ...process.env, NODE_ENV: 'production' })
}

export interface AppServer {
  baseUrl: string
  stop(): Promise<void>
}

/**
 * Starts `server/server.ts` on the embedded defaults, a free port and a fresh database under `dataDir`, with demo data.
 * With `port` and a `dataDir` used before, it starts again where a stopped one left off (a server restart).
 * `databaseUrl`: on that PostgreSQL database instead, without demo data.
 */
export async function startAppServer(dataDir: string, port?: number, databaseUrl?: string): Promise<AppServer> {
  port ??= await freePort()
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: databaseUrl ? 'false' : 'true',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AUTH_PER_MINUTE: '1000',
    RATE_LIMIT_UPLOAD_PER_MINUTE: '1000',
    SERVE_WEB: 'true',
    // The demo organiser anna1 (password liftarena-demo) is a site administrator: she certifies judges (admin.e2e.test.ts).
    ADMIN_USERNAMES: 'anna1',
  }
  // The embedded defaults: no external database, queue or media folder from the caller's environment.
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'MEDIA_DIR', 'API_BASE', 'CORS_ORIGINS']) delete env[name]
  if (databaseUrl) env.DATABASE_URL = databaseUrl
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const baseUrl = `http://127.0.0.1:${port}`
  await waitForServer(server, baseUrl)
  server.stdout?.resume()
  server.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[server] ${chunk.toString()}`))
  return {
    baseUrl,
    stop: () =>
      new Promise<void>((resolve) => {
        if (server.exitCode !== null) return resolve()
        server.once('exit', () => resolve())
        server.kill('SIGTERM')
        setTimeout(() => server.kill('SIGKILL'), 10_000).unref()
      }),
  }
}

export default async function setup(project: TestProject) {
  buildWebApp()
  const dir = await mkdtemp(join(tmpdir(), 'liftarena-e2e-'))
  const clipPath = join(dir, 'lift.mp4')
  run('ffmpeg', [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x360:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    clipPath,
  ])
  const server = await startAppServer(join(dir, 'data'))

  project.provide('baseUrl', server.baseUrl)
  project.provide('clipPath', clipPath)
  project.provide('outboxDir', join(dir, 'data', 'outbox'))

  return async () => {
    await server.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
