// What the first load of the built app costs: the files index.html loads up front (entry
// script, its modulepreloaded static imports, stylesheets), not the lazy route chunks.
// Shared by the bundle budget test and the web benchmark.
import { readFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'

export const DIST = new URL('../dist/', import.meta.url)
/** Route-level code splitting keeps the initial JS within this (gzip). */
export const INITIAL_JS_LIMIT_BYTES = 150 * 1024

export interface InitialAssets {
  files: string[]
  gzipBytes: number
}

async function gzipTotal(files: string[], dist: URL): Promise<number> {
  let total = 0
  for (const file of files) total += gzipSync(await readFile(new URL(file, dist))).length
  return total
}

export async function initialBundle(dist: URL = DIST): Promise<{ js: InitialAssets; css: InitialAssets }> {
  const html = await readFile(new URL('index.html', dist), 'utf8')
  const referenced = (ext: string) => [...html.matchAll(new RegExp(`(?:src|href)="/(assets/[^"]+\\.${ext})"`, 'g'))].map((m) => m[1]!)
  const js = referenced('js')
  const css = referenced('css')
  return { js: { files: js, gzipBytes: await gzipTotal(js, dist) }, css: { files: css, gzipBytes: await gzipTotal(css, dist) } }
}
