import { defineConfig } from 'vitest/config'

// `npm run test:long`: the long fault and load runs in tests/long/, one file after
// another (they measure memory and event-loop delay, and the machine has few cores).
// Each test bounds itself; the whole run stays under 15 minutes (the script adds a
// hard stop as a backstop).
export default defineConfig({
  test: {
    name: 'long',
    include: ['tests/long/**/*.test.ts'],
    environment: 'node',
    testTimeout: 240_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    globalSetup: ['tests/helpers/global-setup.ts', 'tests/long/global-setup.ts'],
  },
})
