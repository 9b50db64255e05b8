// Runs before `npm start` (package.json "prestart"): builds the web client into web/dist when
// web/dist/index.html is missing or older than any of the client's sources, so a fresh clone's
// `npm install && npm start` serves the site with no build step by hand. When the build is
// fresh this is a stat walk over a few hundred files, no build.
//
// The sources: web/src, web/index.html, web/public, web/vite.config.ts, contract/ (the
// client imports its types and constants) and package-lock.json (an upgraded React or Vite). Directories count too, so a deleted or renamed
// file makes the build stale as well.
import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
export const WEB_SOURCES = ['web/src', 'web/index.html', 'web/public', 'web/vite.config.ts', 'contract', 'package-lock.json']
export const WEB_BUILD_INDEX = 'web/dist/index.html'

async function mtimeOf(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs
  } catch {
    return undefined
  }
}

/** The newest modification time under `path` (files and directories), or undefined if it does not exist. */
async function newestUnder(path: string): Promise<{ path: string; mtimeMs: number } | undefined> {
  let info
  try {
    info = await stat(path)
  } catch {
    return undefined
  }
  let newest = { path, mtimeMs: info.mtimeMs }
  if (info.isDirectory()) {
    for (const entry of await readdir(path)) {
      const found = await newestUnder(join(path, entry))
      if (found && found.mtimeMs > newest.mtimeMs) newest = found
    }
  }
  return newest
}

/** Why web/dist must be (re)built, or undefined when it is up to date. */
export async function webBuildStaleReason(root = ROOT): Promise<'missing' | { changed: string } | undefined> {
  const built = await mtimeOf(join(root, WEB_BUILD_INDEX))
  if (built === undefined) return 'missing'
  for (const source of WEB_SOURCES) {
    const newest = await newestUnder(join(root, source))
    if (newest && newest.mtimeMs > built) return { changed: newest.path.slice(root.length) }
  }
  return undefined
}

/** `vite build --config web/vite.config.ts`, as production serves it (React's production build). */
export async function buildWebApp(root = ROOT): Promise<void> {
  // Vite picks React's development build when NODE_ENV says so (Vitest sets it to "test").
  process.env.NODE_ENV = 'production'
  let vite: typeof import('vite')
  try {
    vite = await import('vite')
  } catch (error) {
    throw new Error(
      `Vite is not installed (${(error as Error).message.split('\n')[0]}). Run \`npm install\` (with dev dependencies: the web build needs them).`,
      { cause: error },
    )
  }
  await vite.build({ configFile: join(root, 'web/vite.config.ts'), mode: 'production', logLevel: 'warn' })
}

function serveWebDisabled(): boolean {
  return ['0', 'false', 'no', 'off'].includes((process.env.SERVE_WEB ?? '').trim().toLowerCase())
}

async function main() {
  // SERVE_WEB=false: the server serves no web app, so there is nothing to build.
  if (serveWebDisabled()) return
  const reason = await webBuildStaleReason()
  if (reason === undefined) return
  console.log(
    reason === 'missing' ? 'Building the web app (first start)…' : `Building the web app (${reason.changed} changed since the last build)…`,
  )
  const started = performance.now()
  try {
    await buildWebApp()
  } catch (error) {
    console.error(`\nCould not build the web app: ${error instanceof Error ? error.message : String(error)}`)
    console.error(
      'The server was not started. Fix the error above (the build is `npm run build:web`), or start the API alone with SERVE_WEB=false.',
    )
    process.exit(1)
  }
  console.log(`Built the web app in ${((performance.now() - started) / 1000).toFixed(1)} s.`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
