import { existsSync } from 'node:fs'
import { defineConfig } from 'vitest/config'

// `npm test` runs every project: server and worker tests against the real
// services, web component tests in jsdom, and browser end-to-end tests.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          globalSetup: ['tests/helpers/global-setup.ts'],
        },
      },
      ...['web/vitest.config.ts', 'web/vitest.e2e.config.ts'].filter((file) => existsSync(file)),
    ],
  },
})
