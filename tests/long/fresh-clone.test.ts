// A newcomer's first minute: clone the repository (its committed HEAD) into a fresh folder, run
// the README's start command there (`npm install && npm start`) with no project environment
// (no DATABASE_URL, REDIS_URL, PORT, …: the embedded defaults), and check that the site
// answers on the default address: `GET /` and a deep link give the web app's HTML, its script
// loads, and the API answers with the demo data. Nothing is built by hand: `npm start` builds
// the web client first (scripts/ensure-web-build.ts). The time from clone to first answer is
// printed so it can be quoted.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const PORT = 3000 // the default: the README says to open http://127.0.0.1:3000
const BASE = `http://127.0.0.1:${PORT}`
const START_BOUND_MS = 5 * 60_000

/** The first command of the README's "Two commands" section: how a newcomer starts the product. */
function readmeStartCommand(readme: string): string {
  const section = readme.split(/^## Two commands$/m)[1]
  const command = section?.match(/```sh\n(.+?)\n```/s)?.[1]?.trim()
  if (!command) throw new Error('README.md has no ```sh block under "## Two commands"')
  return command
}

/** What a user's shell has, without this project's settings or the test runner's node_modules/.bin. */
function newcomerEnvironment(): NodeJS.ProcessEnv {
  const path = (process.env.PATH ?? '')
    .split(delimiter)
    .filter((dir) => dir && !dir.includes('node_modules'))
    .join(delimiter)
  const env: NodeJS.ProcessEnv = { PATH: path, HOME: process.env.HOME ?? tmpdir() }
  // The machine's own setup (locale, temp folder, certificate store, proxies), not the project's.
  for (const name of [
    'LANG',
    'TMPDIR',
    'NODE_EXTRA_CA_CERTS',
    'HTTP_PROXY',
    'HTTPS_PROXY',
    'NO_PROXY',
    'http_proxy',
    'https_proxy',
    'no_proxy',
  ]) {
    if (process.env[name] !== undefined) env[name] = process.env[name]
  }
  return env
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `127.0.0.1:${port} is in use (${error.code}), so a fresh clone's \`npm start\` cannot listen on its default port. ` +
            'Stop whatever listens there (another `npm start`?) and run this test again.',
        ),
      ),
    )
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()))
  })
}

interface Started {
  child: ChildProcess
  output: () => string
  /** ms since the clone began at which `text` first appeared in the output. */
  seenAt: Map<string, number>
}

const MARKS = ['Building the web app', 'Built the web app', 'LiftArena is running at', '  Local:']

function start(command: string, cwd: string, t0: number): Started {
  // detached: its own process group (bash → npm → tsx → node → ffmpeg), killed as one.
  const child = spawn('bash', ['-c', command], { cwd, env: newcomerEnvironment(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const seenAt = new Map<string, number>()
  const onData = (chunk: Buffer) => {
    output += chunk.toString()
    for (const mark of MARKS) if (!seenAt.has(mark) && output.includes(mark)) seenAt.set(mark, performance.now() - t0)
  }
  child.stdout!.on('data', onData)
  child.stderr!.on('data', onData)
  return { child, output: () => output, seenAt }
}

function waitFor(started: Started, mark: string, boundMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const tail = () => started.output().slice(-6000)
    if (started.seenAt.has(mark)) return resolve()
    const check = setInterval(() => {
      if (started.seenAt.has(mark)) done(() => resolve())
    }, 50)
    const timer = setTimeout(
      () => done(() => reject(new Error(`"${mark}" did not appear within ${boundMs / 1000} s. Output so far:\n${tail()}`))),
      boundMs,
    )
    const onExit = (code: number | null, signal: string | null) =>
      done(() => reject(new Error(`The start command exited (${code ?? signal}) before "${mark}". Output:\n${tail()}`)))
    started.child.once('exit', onExit)
    function done(settle: () => void) {
      clearInterval(check)
      clearTimeout(timer)
      started.child.off('exit', onExit)
      settle()
    }
  })
}

async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid
  if (pid === undefined) return
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-pid, signal)
    } catch {
      // the group is gone already
    }
  }
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit').then(() => {})
  kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
  kill('SIGKILL') // anything of the group still there (the server's graceful stop is bounded, this is the backstop)
}

describe('a fresh clone', () => {
  let tmp: string | undefined
  let started: Started | undefined

  afterAll(async () => {
    if (started) await stopGroup(started.child)
    if (tmp) await rm(tmp, { recursive: true, force: true })
  }, 60_000)

  it(
    "`npm install && npm start` (the README's command, no environment) serves the web app at / and at deep links",
    async () => {
      await assertPortFree(PORT)
      tmp = await mkdtemp(join(tmpdir(), 'liftarena-fresh-clone-'))
      const dir = join(tmp, 'liftarena')

      const t0 = performance.now()
      const clone = spawnSync('git', ['clone', '--quiet', ROOT, dir], { encoding: 'utf8' })
      if (clone.status !== 0) throw new Error(`git clone failed (${clone.status}): ${clone.stderr}`)
      const cloned = performance.now() - t0

      const command = readmeStartCommand(readFileSync(join(dir, 'README.md'), 'utf8'))
      expect(command).toContain('npm start')
      started = start(command, dir, t0)
      await waitFor(started, 'LiftArena is running at', START_BOUND_MS)
      await waitFor(started, '  Local:', 5_000)
      const output = started.output()
      expect(output).toContain('Building the web app (first start)…')
      expect(output).toMatch(/LiftArena is running at http:\/\/127\.0\.0\.1:3000 \(embedded database\)/)
      expect(output).toContain(`  Local:   ${BASE}/`)

      const home = await fetch(`${BASE}/`)
      const answered = performance.now() - t0
      expect(home.status).toBe(200)
      expect(home.headers.get('content-type')).toMatch(/^text\/html/)
      const html = await home.text()
      expect(html).toContain('<div id="root"></div>')
      const script = html.match(/<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>/)?.[1]
      expect(script, `the built index.html names its bundle:\n${html}`).toBeDefined()

      const deepLink = await fetch(`${BASE}/challenges/1`)
      expect(deepLink.status).toBe(200)
      expect(deepLink.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await deepLink.text()).toBe(html)

      const bundle = await fetch(`${BASE}${script}`)
      expect(bundle.status).toBe(200)
      expect(bundle.headers.get('content-type')).toMatch(/javascript/)

      const api = await fetch(`${BASE}/api/competitions`)
      expect(api.status).toBe(200)
      expect(api.headers.get('content-type')).toMatch(/^application\/json/)
      const body = (await api.json()) as unknown
      // The demo data (an array today; `{competitions: [...]}` once the spec's envelope lands).
      const challenges = Array.isArray(body) ? body : (body as { competitions?: unknown[] }).competitions
      expect(challenges?.length).toBeGreaterThan(0)

      const seconds = (ms: number | undefined) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(1)} s`)
      console.log(
        [
          `Fresh clone → first answer at ${BASE}/: ${seconds(answered)}`,
          `  git clone: ${seconds(cloned)}`,
          `  npm install done, web build starts: ${seconds(started.seenAt.get('Building the web app'))}`,
          `  web build done: ${seconds(started.seenAt.get('Built the web app'))}`,
          `  "LiftArena is running at" (migrations, demo seed and clips done): ${seconds(started.seenAt.get('LiftArena is running at'))}`,
        ].join('\n'),
      )
    },
    START_BOUND_MS + 60_000,
  )
})
