import { existsSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// `npm test` runs the fast projects: unit tests of pure rules (beside their files,
// no services), server and worker tests against the real services, web component
// tests in jsdom, browser end-to-end tests, and the benchmarks' smoke run.
// The long fault and load runs (tests/long/) are `npm run test:long` (vitest.long.config.ts).
export default defineConfig({
  test: {
    // One test file per core. Vitest's default for a run is one less than the cores (a core for its
    // own process), which on the 2-core CI machine meant one file at a time while most files wait on
    // PostgreSQL, Redis, a spawned server, ffmpeg or Chromium. The web-e2e project keeps one file at
    // a time (fileParallelism: false, one shared server): Vitest runs it after the others.
    maxWorkers: availableParallelism(),
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
