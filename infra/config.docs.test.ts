// Every setting the code reads is documented: a variable infra/config.ts (with config-values.ts) reads but
// docs/configuration.md does not name is a setting no operator can find.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const source = ['./config.ts', './config-values.ts'].map((file) => readFileSync(new URL(file, import.meta.url), 'utf8')).join('\n')
const documentation = readFileSync(new URL('../docs/configuration.md', import.meta.url), 'utf8')

describe('docs/configuration.md', () => {
  const read = [...new Set([...source.matchAll(/env(?:\.|, ')([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]!))].sort()

  it('finds the settings config.ts reads (the pattern still matches how it reads them)', () => {
    expect(read).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'UPLOAD_MAX_BYTES']))
  })

  it('names every setting config.ts reads', () => {
    expect(read.filter((name) => !documentation.includes(`\`${name}\``))).toEqual([])
  })
})
