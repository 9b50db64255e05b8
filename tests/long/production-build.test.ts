// What the production image runs, built as its Dockerfile builds it: `tsc -p tsconfig.build.json`
// to JavaScript, laid out like the image (dist/ at the root, prisma/migrations, package.json), and
// started by Node itself — no tsx. The one-shot migrate step migrates a fresh database, a server
// told not to migrate starts on it and is ready, and a worker starts.
import { execFile, spawn } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { dropRedisPrefix, freePort, REDIS_URL, sleep, uniqueRedisPrefix, waitUntil } from '../helpers/live.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const app = mkdtempSync(join(tmpdir(), 'liftarena-image-'))
const prefix = uniqueRedisPrefix()
let database: TestDatabase | undefined
const children: ReturnType<typeof spawn>[] = []

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM')
  await sleep(2_000)
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL')
  await database?.drop()
  await dropRedisPrefix(prefix)
  rmSync(app, { recursive: true, force: true })
})

function start(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    cwd: app,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  child.stdout!.on('data', (c) => {
    output += String(c)
  })
  child.stderr!.on('data', (c) => {
    output += String(c)
  })
  return { child, output: () => output }
}

describe('the production build', () => {
  it('compiles with tsc and runs on Node alone: migrate step, server, worker', async () => {
    await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json', '--outDir', app], { cwd: ROOT })
    cpSync(join(ROOT, 'prisma/migrations'), join(app, 'prisma/migrations'), { recursive: true })
    cpSync(join(ROOT, 'package.json'), join(app, 'package.json'))
    symlinkSync(join(ROOT, 'node_modules'), join(app, 'node_modules'))

    database = await createTestDatabase()
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      JWT_SECRET: 'production-build-test-secret-0123456789abcdef',
      DATA_DIR: join(app, 'data'),
      SERVE_WEB: 'false',
    }
    const migrate = await promisify(execFile)(process.execPath, ['prisma/migrate.js', 'deploy'], {
      cwd: app,
      env: { ...process.env, ...env },
    })
    expect(migrate.stdout).toMatch(/^applied: 20261122073935_init, /)

    const port = await freePort()
    const server = start(['server/server.js'], { ...env, PORT: String(port), MIGRATE_ON_START: 'false' })
    await waitUntil(
      () => server.output().includes('LiftArena is running') || server.child.exitCode !== null,
      'the compiled server to start',
      120_000,
    )
    expect(server.output()).toContain('LiftArena is running')
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200)

    const worker = start(['worker/worker.js'], { ...env, DATA_DIR: join(app, 'worker-data') })
    await waitUntil(
      () => /Transcode worker \d+ ready/.test(worker.output()) || worker.child.exitCode !== null,
      'the compiled worker to start',
      120_000,
    )
    expect(worker.output()).toMatch(/Transcode worker \d+ ready/)
    // Node ran JavaScript only: nothing of tsx is loaded by either process's command line.
    for (const c of [server.child, worker.child]) expect(c.spawnargs.join(' ')).not.toMatch(/tsx|\.ts\b/)
  }, 400_000)
})
