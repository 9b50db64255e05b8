// Route-level code splitting keeps the first load small: the JS that index.html loads
// (entry script and modulepreloads) must stay within 150 KB gzip.
import { readFile } from 'node:fs/promises'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

const DIST = new URL('../dist/', import.meta.url)
const LIMIT_BYTES = 150 * 1024

describe('initial bundle', () => {
  it('is at most 150 KB of gzipped JavaScript', async () => {
    const html = await readFile(new URL('index.html', DIST), 'utf8')
    const scripts = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
    expect(scripts.length).toBeGreaterThan(0)
    let total = 0
    for (const script of scripts) total += gzipSync(await readFile(new URL(script, DIST))).length
    console.info(`Initial JS: ${(total / 1024).toFixed(1)} KB gzip in ${scripts.length} files`)
    expect(total).toBeLessThanOrEqual(LIMIT_BYTES)
  })
})
