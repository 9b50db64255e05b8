// Scratch directories on this host's disk (both storage drivers use them): made per job with their owner
// in the name, kept alive by a heartbeat while in use, and swept when old or when their owner is gone.
import { mkdir, mkdtemp, readdir, rm, stat, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { OWNER_STALE_MS, SCRATCH_HEARTBEAT_MS, currentOwner, ownerGone, ownerTag, parseOwnerTag } from './scratch-owner.ts'
import type { Storage } from './storage.ts'

const LABEL = /^[a-z0-9-]{1,40}$/
// What scratch() names its directories, `<label>-<owner>-<6 from mkdtemp>` (the owner as scratch-owner.ts
// writes it; before it, 6 random hex digits): the sweeps remove nothing else, so other things kept beside
// them (resumable uploads' parts in `tus/`) are safe.
const SCRATCH_ENTRY = /^[a-z0-9-]{1,40}-(?:[0-9a-f]{6}|p[0-9a-f.]{1,80})-[A-Za-z0-9]{6}$/
const OWNED_ENTRY = /^[a-z0-9-]{1,40}-(p[0-9a-f.]{1,80})-[A-Za-z0-9]{6}$/

/** This process's scratch directories in use, touched every SCRATCH_HEARTBEAT_MS so another pid namespace sees them alive. */
const inUse = new Set<string>()
let heartbeat: NodeJS.Timeout | undefined
function track(dir: string): () => void {
  inUse.add(dir)
  heartbeat ??= setInterval(() => {
    const now = new Date()
    for (const path of inUse) void utimes(path, now, now).catch(() => {})
  }, SCRATCH_HEARTBEAT_MS).unref()
  return () => {
    inUse.delete(dir)
    if (inUse.size === 0 && heartbeat) {
      clearInterval(heartbeat)
      heartbeat = undefined
    }
  }
}

/** scratch()/sweepScratch()/sweepDeadScratch() over a directory of this host's disk (shared by both drivers). */
export function scratchArea(scratchRoot: string): Pick<Storage, 'scratch' | 'sweepScratch' | 'sweepDeadScratch'> {
  /** Removes the entries `remove` picks; answers how many. */
  async function sweep(remove: (name: string, path: string) => Promise<boolean>): Promise<number> {
    let names: string[]
    try {
      names = await readdir(scratchRoot)
    } catch {
      return 0
    }
    let removed = 0
    for (const name of names) {
      const path = join(scratchRoot, name)
      if (SCRATCH_ENTRY.test(name) && (await remove(name, path))) {
        await rm(path, { recursive: true, force: true })
        removed++
      }
    }
    return removed
  }
  const modifiedAt = async (path: string) => (await stat(path).catch(() => null))?.mtimeMs

  return {
    async scratch(label) {
      if (!LABEL.test(label)) throw new Error(`Scratch label "${label}" must be a plain lower-case word.`)
      await mkdir(scratchRoot, { recursive: true })
      const dir = await mkdtemp(join(scratchRoot, `${label}-${ownerTag(currentOwner())}-`))
      const untrack = track(dir)
      return {
        dir,
        dispose: () => {
          untrack()
          return rm(dir, { recursive: true, force: true })
        },
      }
    },

    sweepScratch(olderThanMs, labelPrefix = '') {
      const cutoff = Date.now() - olderThanMs
      return sweep(async (name, path) => name.startsWith(labelPrefix) && ((await modifiedAt(path)) ?? Infinity) <= cutoff)
    },

    sweepDeadScratch() {
      const staleBefore = Date.now() - OWNER_STALE_MS
      return sweep(async (name, path) => {
        const owner = parseOwnerTag(OWNED_ENTRY.exec(name)?.[1] ?? '')
        if (!owner) return false // an older name, without its owner: left to sweepScratch's age rule
        return ownerGone(owner) ?? ((await modifiedAt(path)) ?? Infinity) < staleBefore
      })
    },
  }
}
