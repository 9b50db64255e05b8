// Runs once before the long fault and load runs: builds the web client (the projector
// board test serves it), and stops the whole run if it ever outlives its 15-minute bound.
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const LONG_RUN_BOUND_MS = 15 * 60_000

export default function setup() {
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (build.status !== 0) throw new Error(`npm run build:web failed with status ${build.status}`)
  // A backstop: every test bounds itself, but the run as a whole must end in 15 minutes.
  const bound = setTimeout(() => {
    console.error(`npm run test:long exceeded ${LONG_RUN_BOUND_MS / 60_000} minutes; stopping.`)
    process.exit(1)
  }, LONG_RUN_BOUND_MS)
  bound.unref()
  return () => clearTimeout(bound)
}
