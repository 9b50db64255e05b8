// One owner per embedded database: the process that opens PGlite under DATA_DIR holds
// DATA_DIR/liftarena.lock until it stops. A second process on the same DATA_DIR refuses to
// start with a sentence naming the first (two PGlite instances on one folder hand the same ids
// to different people and leave a database that no longer starts).
//
// Node has no flock(2), so this is PostgreSQL's own scheme (postmaster.pid, see
// src/backend/utils/init/miscinit.c, CreateLockFile): a file created with O_EXCL holding the
// owner's pid; a file whose owner is gone is stale and taken over.
// - "Gone": on this host, no process with that pid, or one that started at another moment
//   (a pid reused after a restart: /proc/<pid>/stat's start time is kept in the file). As
//   PostgreSQL does, a file naming this very process (a container restarted with the same pid)
//   is stale too.
// - On another host (a shared volume), the owner cannot be asked: it refreshes the file's
//   mtime every HEARTBEAT_MS, and a file not refreshed for STALE_MS is stale.
// - Taking over is done under a second O_EXCL file (`.takeover`), re-reading the lock under it,
//   so two processes finding one stale lock cannot both take it.
import { hostname } from 'node:os'
import { closeSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from './config.ts'

export const LOCK_FILE = 'liftarena.lock'
const HEARTBEAT_MS = 10_000
const STALE_MS = 3 * HEARTBEAT_MS

/** A ConfigError: the process stops with its sentence, as for a bad setting. */
export class DataDirInUseError extends ConfigError {}

interface Owner {
  pid: number
  host: string
  /** /proc/<pid>/stat field 22 (clock ticks since boot), when the host has /proc. */
  startTicks: string | null
  startedAt: string
  command: string
}

export interface DataDirLock {
  release(): void
}

/** Directories this process holds (a second open in the same process is refused too). */
const held = new Set<string>()

function startTicksOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
  } catch {
    return null
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' // exists, another user's
  }
}

function readOwner(file: string): { owner: Owner | null; mtimeMs: number } | null {
  try {
    const text = readFileSync(file, 'utf8')
    const { mtimeMs } = statSync(file)
    try {
      return { owner: JSON.parse(text) as Owner, mtimeMs }
    } catch {
      return { owner: null, mtimeMs } // half-written by a process that died while writing it
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Whether the lock's owner may still be running. */
function ownerRunning(found: { owner: Owner | null; mtimeMs: number }): boolean {
  const { owner, mtimeMs } = found
  if (!owner || typeof owner.pid !== 'number') return Date.now() - mtimeMs < STALE_MS
  if (owner.host !== hostname()) return Date.now() - mtimeMs < STALE_MS
  if (owner.pid === process.pid) return false
  if (!alive(owner.pid)) return false
  return owner.startTicks === null || startTicksOf(owner.pid) === null || startTicksOf(owner.pid) === owner.startTicks
}

function describeOwner(dataDir: string, owner: Owner | null): string {
  const who = owner ? `process ${owner.pid} on ${owner.host} (${owner.command}, started ${owner.startedAt})` : 'another process'
  return (
    `DATA_DIR ${dataDir} is in use by ${who}: one embedded database has one owner. ` +
    'Stop that process first, give this one its own DATA_DIR, or set DATABASE_URL to share a PostgreSQL server between processes.'
  )
}

function create(file: string, owner: Owner): boolean {
  let fd: number
  try {
    fd = openSync(file, 'wx', 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
  try {
    writeSync(fd, `${JSON.stringify(owner)}\n`)
  } finally {
    closeSync(fd)
  }
  return true
}

/** Takes DATA_DIR's lock for this process, or throws DataDirInUseError naming its holder. */
export function lockDataDir(dataDir: string): DataDirLock {
  const file = join(dataDir, LOCK_FILE)
  if (held.has(file)) throw new DataDirInUseError(describeOwner(dataDir, ownerOf(process.pid)))
  const me = ownerOf(process.pid)
  for (let attempt = 0; ; attempt++) {
    if (create(file, me)) break
    const found = readOwner(file)
    if (found === null) continue // removed meanwhile: try again
    if (ownerRunning(found)) throw new DataDirInUseError(describeOwner(dataDir, found.owner))
    if (attempt >= 5) throw new DataDirInUseError(describeOwner(dataDir, found.owner))
    takeOver(file, found, me)
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20) // let a racing takeover finish
  }
  held.add(file)
  const heartbeat = setInterval(() => {
    try {
      const now = new Date()
      utimesSync(file, now, now)
    } catch {
      // the folder went away; nothing to keep fresh
    }
  }, HEARTBEAT_MS)
  heartbeat.unref()
  let released = false
  return {
    release() {
      if (released) return
      released = true
      clearInterval(heartbeat)
      held.delete(file)
      const found = readOwner(file)
      if (found?.owner?.pid === me.pid && found.owner.startedAt === me.startedAt) {
        try {
          unlinkSync(file)
        } catch {
          // already gone
        }
      }
    },
  }
}

/** Removes a stale lock, under the takeover file, only if it is still the one found stale. */
function takeOver(file: string, stale: { owner: Owner | null; mtimeMs: number }, me: Owner) {
  const guard = `${file}.takeover`
  if (!create(guard, me)) {
    const other = readOwner(guard)
    // A takeover left behind by a process that died in the middle of one.
    if (other && !ownerRunning(other)) {
      try {
        unlinkSync(guard)
      } catch {
        // another process removed it
      }
    }
    return
  }
  try {
    const again = readOwner(file)
    if (again && again.mtimeMs === stale.mtimeMs && JSON.stringify(again.owner) === JSON.stringify(stale.owner)) unlinkSync(file)
  } finally {
    unlinkSync(guard)
  }
}

function ownerOf(pid: number): Owner {
  return {
    pid,
    host: hostname(),
    startTicks: startTicksOf(pid),
    startedAt: processStartedAt,
    command:
      process.argv
        .slice(1)
        .map((a) => a.split('/').slice(-2).join('/'))
        .join(' ') || 'node',
  }
}

const processStartedAt = new Date(Date.now() - process.uptime() * 1000).toISOString()
