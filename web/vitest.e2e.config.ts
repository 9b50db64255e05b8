// End-to-end tests in real headless Chromium against the app as `npm start` serves it.
// The global setup builds the web client, starts the server on a free port with a fresh
// embedded database and demo data, and generates a test clip with ffmpeg.
// Run alone with `npx vitest run --config web/vitest.e2e.config.ts`.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'web-e2e',
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    // One server, browsers are heavy: files one after another.
    fileParallelism: false,
  },
})
