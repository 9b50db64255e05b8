// What lies on disk under a folder, for tests that check an upload left nothing behind.
import { readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

/** Every file under `root` (not folders), relative to it, sorted; none when it does not exist. */
export function filesUnder(root: string): string[] {
  const out: string[] = []
  const walk = (at: string) => {
    let names: string[]
    try {
      names = readdirSync(at)
    } catch {
      return
    }
    for (const name of names) {
      const path = join(at, name)
      if (statSync(path).isDirectory()) walk(path)
      else out.push(relative(root, path))
    }
  }
  walk(root)
  return out.sort()
}

/** Scratch folders of multipart uploads (`upload-…`) wherever they sit under the media root's `.tmp`, sorted. */
export function uploadScratchFolders(mediaDir: string): string[] {
  const found: string[] = []
  const walk = (at: string) => {
    let names: string[]
    try {
      names = readdirSync(at)
    } catch {
      return
    }
    for (const name of names) {
      const path = join(at, name)
      // An upload ending meanwhile removes its folder: a vanished entry is no folder.
      if (!statSync(path, { throwIfNoEntry: false })?.isDirectory()) continue
      if (name.startsWith('upload-')) found.push(path)
      else walk(path)
    }
  }
  walk(join(mediaDir, '.tmp'))
  return found.sort()
}
