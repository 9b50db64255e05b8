// What a person sees in the terminal after `npm start` (stdout a terminal: the server runs under
// script(1), which gives it a pseudo-terminal): the address, a short summary (demo logins, where data
// lives, what the log shows), no line per request at the default level, and on the first start no
// "resuming unfinished transcodes" for the demo videos it just made. Not a terminal (a service, a
// container): request lines stay in the JSON log at info.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { freePort, spawnServer } from '../helpers/live.ts'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
let database: TestDatabase
let dataDir: string

beforeAll(async () => {
  database = await createTestDatabase()
  dataDir = mkdtempSync(join(tmpdir(), 'liftarena-terminal-'))
}, 60_000)

afterAll(async () => {
  await database?.drop()
  rmSync(dataDir, { recursive: true, force: true })
})

/** `npm start`'s server on a terminal, first start with demo data; answers its output once a request or two were served. */
async function firstStartOnATerminal(): Promise<string> {
  const port = await freePort()
  const child = spawn('script', ['-qfec', `${join(ROOT, 'node_modules/.bin/tsx')} server/server.ts`, '/dev/null'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'true',
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
    },
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += String(chunk)
  })
  child.stderr.on('data', (chunk) => {
    output += String(chunk)
  })
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start within 120 s:\n${output}`)), 120_000)
      child.stdout.on('data', () => {
        if (output.includes('  Log:')) {
          clearTimeout(timer)
          resolve()
        }
      })
      child.on('exit', () => {
        clearTimeout(timer)
        reject(new Error(`exited:\n${output}`))
      })
    })
    for (const path of ['/api/competitions', '/api/health', '/api/no-such-route']) await fetch(`http://127.0.0.1:${port}${path}`)
    return output
  } finally {
    try {
      process.kill(-child.pid!, 'SIGTERM')
    } catch {
      /* gone */
    }
    await new Promise((r) => child.once('close', r))
  }
}

describe('npm start on a terminal', () => {
  it('prints the address and a short summary, logs no line per request, and says nothing of resuming on a first start', async () => {
    const output = await firstStartOnATerminal()
    expect(output).toMatch(/LiftArena is running at http:\/\/127\.0\.0\.1:\d+ \(postgres database\)/)
    expect(output).toContain('Demo logins (password liftarena-demo): organiser anna1')
    expect(output).toContain('Data: PostgreSQL at DATABASE_URL; videos in ')
    expect(output).toContain('one line per request with LOG_LEVEL=debug (now info)')
    expect(output).not.toContain('resuming unfinished transcodes')
    expect(output).not.toContain('request completed')
    expect(output).not.toContain('incoming request')
  }, 180_000)
})

describe('the server when stdout is not a terminal', () => {
  it('keeps its JSON request lines at info', async () => {
    const server = await spawnServer({ DATABASE_URL: database.url, LOG_LEVEL: 'info' })
    try {
      await fetch(`${server.url}/api/competitions`)
      await fetch(`${server.url}/api/health`)
      expect(server.output()).toMatch(/"msg":"request completed"/)
      expect(server.output()).toContain('Log: JSON lines at info')
    } finally {
      await server.stop()
    }
  }, 120_000)
})
