// Component and unit tests of the web client, in jsdom. Run alone with
// `npx vitest run --config web/vitest.config.ts`, or as the `web` project of the root config.
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Node 25+ defines a global `localStorage` of its own (undefined without --localstorage-file) that
// hides jsdom's: the tests' workers run without it (`--no-webstorage`, a flag older Nodes lack).
const nodeWebStorage = Number(process.versions.node.split('.')[0]) >= 25

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    ...(nodeWebStorage ? { execArgv: ['--no-webstorage'] } : {}),
  },
})
