import { existsSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

// `npm test` runs the fast projects: unit tests of pure rules (beside their files,
// no services), server and worker tests against the real services, web component
// tests in jsdom, browser end-to-end tests, and the benchmarks' smoke run.
// The long fault and load runs (tests/long/) are `npm run test:long` (vitest.long.config.ts).
export default defineConfig({
  test: {
    // Vitest's default worker count (one less than the cores: one test file at a time on the 2-core CI
    // machine). Two at a time saved about a tenth of `npm test` in CI (25.5 against 27 min) but, with
    // the machine's two cores shared, made the timing-sensitive fault tests race their own teardown
    // (an unhandled 'Connection is closed' from redis-outage's private Redis): kept off until those
    // tests wait on conditions only.
    projects: [
      {
        test: {
          name: 'unit',
          include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'infra/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/long/**', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
      {
        test: {
          // The smoke run of `npm run bench`: every section at BENCH_SIZE=tiny, so a change that breaks a benchmark fails here.
          name: 'bench',
          include: ['bench/**/*.test.ts'],
          environment: 'node',
          env: { BENCH_SIZE: 'tiny' },
          testTimeout: 180_000,
          hookTimeout: 60_000,
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
      ...['web/vitest.config.ts', 'web/vitest.e2e.config.ts'].filter((file) => existsSync(file)),
    ],
  },
})
