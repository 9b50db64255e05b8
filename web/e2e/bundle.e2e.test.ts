// Route-level code splitting keeps the first load small: the JS that index.html loads
// (entry script and modulepreloads) must stay within 150 KB gzip.
import { describe, expect, it } from 'vitest'
import { INITIAL_JS_LIMIT_BYTES, initialBundle } from './bundle.ts'

describe('initial bundle', () => {
  it('is at most 150 KB of gzipped JavaScript', async () => {
    const { js } = await initialBundle()
    expect(js.files.length).toBeGreaterThan(0)
    console.info(`Initial JS: ${(js.gzipBytes / 1024).toFixed(1)} KB gzip in ${js.files.length} files`)
    expect(js.gzipBytes).toBeLessThanOrEqual(INITIAL_JS_LIMIT_BYTES)
  })
})
