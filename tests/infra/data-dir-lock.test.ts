// One process per embedded database (issue 27, item 6). Before: two `npm start` on one DATA_DIR
// both ran on one PGlite folder, handed the same user ids to different people, and the folder
// no longer started afterwards. Now the second refuses with a sentence naming the first; a lock
// left by a killed process is taken over; REDIS_URL without DATABASE_URL is refused at start.
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '../../infra/config.ts'
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../infra/data-dir-lock.ts'
import { spawnServer, waitUntil, type ServerProcess } from '../helpers/live.ts'

const dirs: string[] = []
const servers: ServerProcess[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'liftarena-lock-'))
  dirs.push(dir)
  return dir
}
afterAll(async () => {
  for (const s of servers) await s.stop()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const lockOwner = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')) as { pid: number; host: string }

describe('the data directory lock', () => {
  it('is held once: a second holder is refused with a sentence naming the first, and it is free again after release', () => {
    const dir = freshDir()
    const lock = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`in use by process ${process.pid} on `))
    lock.release()
    lockDataDir(dir).release()
  })

  it('takes over a lock whose process is gone, and one of another host not refreshed for 30 s, but not a fresh one of another host', () => {
    const dir = freshDir()
    const file = join(dir, LOCK_FILE)
    // A pid far above pid_max's default: no such process.
    writeFileSync(file, JSON.stringify({ pid: 4_194_305, host: hostname(), startTicks: null, startedAt: 'then', command: 'gone' }))
    lockDataDir(dir).release()

    writeFileSync(
      file,
      JSON.stringify({ pid: 1, host: 'another-host', startTicks: null, startedAt: 'now', command: 'tsx server/server.ts' }),
    )
    expect(() => lockDataDir(dir)).toThrow(/in use by process 1 on another-host/)
    const old = new Date(Date.now() - 60_000)
    utimesSync(file, old, old)
    lockDataDir(dir).release()
  })
})

describe('two servers on one embedded DATA_DIR', () => {
  it('the second refuses to start, naming the first; once the first is killed (-9) a new one starts', async () => {
    const dir = freshDir()
    const embedded = { DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '' }
    const first = await spawnServer(embedded)
    servers.push(first)
    const owner = lockOwner(dir)
    // Before: the second started too ("LiftArena is running at …") on the same PGlite folder.
    const second = await spawnServer(embedded).then(
      (s) => {
        servers.push(s)
        return 'started'
      },
      (error: Error) => error.message,
    )
    expect(second).toMatch(new RegExp(`Configuration error: DATA_DIR ${dir} is in use by process ${owner.pid} on ${owner.host}`))
    expect(second).not.toMatch(/LiftArena is running/)

    process.kill(owner.pid, 'SIGKILL')
    await waitUntil(() => {
      try {
        process.kill(owner.pid, 0)
        return false
      } catch {
        return true
      }
    }, 'the first server to die')
    const third = await spawnServer(embedded)
    servers.push(third)
    expect(lockOwner(dir).pid).not.toBe(owner.pid)
    expect((await fetch(`${third.url}/api/competitions`)).status).toBe(200)
  }, 120_000)
})

describe('REDIS_URL', () => {
  it('is refused without DATABASE_URL (several processes would share one embedded database)', () => {
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x'.repeat(32), DATA_DIR: freshDir() })).toThrow(ConfigError)
    expect(() => loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', JWT_SECRET: 'x'.repeat(32), DATA_DIR: freshDir() })).toThrow(
      /REDIS_URL is set without DATABASE_URL/,
    )
    expect(
      loadConfig({
        REDIS_URL: 'redis://127.0.0.1:6379',
        DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/test',
        JWT_SECRET: 'x'.repeat(32),
      }).redisUrl,
    ).toBeDefined()
  })
})
