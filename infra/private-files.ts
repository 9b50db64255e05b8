// What LiftArena keeps on disk is private to the user it runs as: the embedded database (emails,
// password hashes), the JWT secret, uploads in flight and media. Folders 0700, files 0600.
// - `process.umask(0o077)` before anything is created gives every file and folder the process
//   makes — PGlite's, ffmpeg's and tus's included, which take their modes from the umask (open(2),
//   mkdir(2): mode & ~umask) — no group or other bits.
// - Folders made by an older version (0755 under umask 022) are closed at start: without the
//   execute bit on DATA_DIR nobody else can reach anything below it, whatever the files' own modes.
import { chmodSync, mkdirSync, statSync } from 'node:fs'
import type { Config } from './config.ts'

export const PRIVATE_UMASK = 0o077

/** Sets the umask; call first thing in a process's entry, before its configuration creates a file. */
export function createPrivateFiles(): void {
  process.umask(PRIVATE_UMASK)
}

/** Creates DATA_DIR (and the scratch and media folders) as 0700, and closes them if they were open to others. */
export function closeDataFolders(config: Pick<Config, 'dataDir' | 'scratchDir' | 'mediaDir' | 'storageDriver'>): void {
  const folders = [config.dataDir, config.scratchDir, ...(config.storageDriver === 'local' ? [config.mediaDir] : [])]
  for (const folder of folders) {
    mkdirSync(folder, { recursive: true, mode: 0o700 })
    const { mode, uid } = statSync(folder)
    // Only our own folder: another user's (a shared mount) is theirs to set, and a sticky one (/tmp, /var/tmp
    // named as SCRATCH_DIR) is shared by design: closing it would break every other user of it.
    const sticky = (mode & 0o1000) !== 0
    if ((mode & 0o077) !== 0 && !sticky && (process.getuid === undefined || uid === process.getuid())) chmodSync(folder, mode & 0o700)
  }
}
