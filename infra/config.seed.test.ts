// Demo accounts sign in with a published password (README): a production image run alone must not
// seed them (issue 27, item 7). Before: SEED_DEMO_DATA defaulted to true everywhere, NODE_ENV=production too.
import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

const base = { JWT_SECRET: 'a-secret-of-thirty-two-characters-or-more', DATA_DIR: '/nonexistent/liftarena-config-test' }

describe('SEED_DEMO_DATA', () => {
  it('defaults to off with NODE_ENV=production and on elsewhere; an explicit value wins either way', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).seedDemoData).toBe(false)
    expect(loadConfig({ ...base, NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true)
    expect(loadConfig({ ...base }).seedDemoData).toBe(true)
    expect(loadConfig({ ...base, NODE_ENV: 'development', SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false)
  })
})
