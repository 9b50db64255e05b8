// Which process made a scratch entry, and whether it still runs. Several processes on one host may
// share a scratch root (a server and a worker, or several servers with one MEDIA_DIR): at start a
// process removes only the entries of processes that are gone, so a kill -9 leaves nothing behind
// for long and a live neighbour's upload is never touched.
//
// An owner is written into the entry's name: `p<pid>.<start>.<boot>.<pidns>`. The pid alone is not
// enough: pids are reused (a container's server is pid 1 after every restart), so the process's
// start time since boot (/proc/<pid>/stat, field 22, proc(5)) and the kernel's boot id
// (/proc/sys/kernel/random/boot_id) go with it. Pids only mean something inside one pid namespace:
// an entry made in another one (another container sharing the volume) cannot be checked this way,
// and counts as gone only once it has not been touched for OWNER_STALE_MS (a live owner touches its
// entries every SCRATCH_HEARTBEAT_MS). Without /proc (not Linux) only the pid is checked.
import { readFileSync, readlinkSync } from 'node:fs'

export interface ScratchOwner {
  pid: number
  /** Start time in clock ticks since boot; '0' where /proc is not readable. */
  start: string
  /** First 8 hex digits of the boot id; '00000000' where unknown. */
  boot: string
  /** The pid namespace's inode; '0' where unknown. */
  pidns: string
}

/** A live owner touches its entries this often; an entry of another pid namespace untouched for OWNER_STALE_MS is gone. */
export const SCRATCH_HEARTBEAT_MS = 60_000
export const OWNER_STALE_MS = 10 * 60_000

const TAG = /^p(\d{1,10})\.(\d{1,20})\.([0-9a-f]{8})\.(\d{1,20})$/

export const ownerTag = (o: ScratchOwner) => `p${o.pid}.${o.start}.${o.boot}.${o.pidns}`

export function parseOwnerTag(tag: string): ScratchOwner | null {
  const m = TAG.exec(tag)
  return m ? { pid: Number(m[1]), start: m[2]!, boot: m[3]!, pidns: m[4]! } : null
}

const read = (path: string) => {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return undefined
  }
}

/** A process's start time (field 22 of /proc/<pid>/stat, after the parenthesised command name); undefined when unreadable. */
export function startTicks(pid: number | 'self'): string | undefined {
  const stat = read(`/proc/${pid}/stat`)
  if (!stat) return undefined
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // Fields from the third on: state is field 3, so starttime (22) is at index 19.
  const ticks = fields[19]
  return ticks && /^\d+$/.test(ticks) ? ticks : undefined
}

let self: ScratchOwner | undefined
/** This process, as its scratch entries name it. */
export function currentOwner(): ScratchOwner {
  if (self) return self
  const boot = read('/proc/sys/kernel/random/boot_id')
    ?.replace(/[^0-9a-f]/gi, '')
    .slice(0, 8)
    .toLowerCase()
  let pidns = '0'
  try {
    pidns = /\[(\d+)\]/.exec(readlinkSync('/proc/self/ns/pid'))?.[1] ?? '0'
  } catch {
    // not Linux, or /proc is not mounted
  }
  self = { pid: process.pid, start: startTicks('self') ?? '0', boot: boot?.length === 8 ? boot : '00000000', pidns }
  return self
}

/**
 * Whether `owner` has certainly stopped, as far as `me` can tell: true or false, or undefined when it
 * runs in another pid namespace (then only the entry's age can tell).
 */
export function ownerGone(
  owner: ScratchOwner,
  me: ScratchOwner = currentOwner(),
  ticksOf: (pid: number) => string | undefined = startTicks,
): boolean | undefined {
  // Made before this host last booted: every process of then has stopped.
  if (owner.boot !== me.boot) return true
  if (owner.pidns !== me.pidns) return undefined
  if (owner.pid === me.pid) return owner.start !== me.start
  try {
    process.kill(owner.pid, 0)
  } catch (error) {
    // EPERM: the process exists (another user's).
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return true
  }
  if (me.start === '0') return false // no /proc: the pid is all there is
  // The pid is in use: by the owner, or by a later process that was given its number.
  return ticksOf(owner.pid) !== owner.start
}
