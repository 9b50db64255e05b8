// Shared pieces of the benchmarks: statistics, child processes, the report table.
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { cpus } from 'node:os'

export const median = (values: readonly number[]) => {
  const s = [...values].sort((a, b) => a - b)
  const mid = Math.floor(s.length / 2)
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2
}

export const percentile = (values: readonly number[], p: number) => {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!
}

export const round = (value: number, digits = 2) => Number(value.toFixed(digits))

/** Runs a command to completion and answers its stdout; rejects with its stderr on failure. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; cwd?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...options.env }, cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.stderr.on('data', (d) => {
      err += d
    })
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${err.slice(-2000)}`)),
    )
  })
}

export interface Section {
  title: string
  /** How the figure was made, in a sentence or two. */
  method: string
  commands: string[]
  header: string[]
  rows: (string | number)[][]
  /** Targets met or missed, one line each. */
  verdicts: string[]
}

export function machine() {
  const cpu = cpus()
  return { cores: cpu.length, model: cpu[0]?.model ?? 'unknown', node: process.version }
}

export function renderSection(s: Section): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`
  return [
    `## ${s.title}`,
    '',
    `Measured on ${new Date().toISOString().slice(0, 10)}. ${s.method}`,
    '',
    line(s.header),
    line(s.header.map(() => '---')),
    ...s.rows.map(line),
    '',
    ...s.verdicts.map((v) => `- ${v}`),
    '',
    'Commands:',
    '',
    '```sh',
    ...s.commands,
    '```',
    '',
  ].join('\n')
}

/**
 * `BENCH_SIZE=tiny`: every section at a size that only shows it still starts and finishes (the smoke
 * run in `npm test`, tests/bench/bench-smoke.test.ts); its figures mean nothing and are never written to BENCHMARKS.md.
 */
export const TINY = process.env.BENCH_SIZE === 'tiny'
/** The full benchmark's value, or the smoke run's. */
export const sized = <T>(full: T, tiny: T): T => (TINY ? tiny : full)

// Its CLI straight from node_modules: `npx` would add an npm start to every run.
const AUTOCANNON_CLI = createRequire(import.meta.url).resolve('autocannon/autocannon.js')

export interface Cannonade {
  rps: number
  p50: number
  p99: number
}

/**
 * autocannon in its own process against `url`. It ignores `Connection: close`, so it is told to
 * open a new connection after `reconnectEvery` requests — the server's MAX_REQUESTS_PER_SOCKET, where
 * a browser, a proxy or an HTTP agent reconnects because the server's answer said close. (autocannon
 * drops that last answer of each connection from its count: 1 in `reconnectEvery`, the same for every route.)
 * Any answer but 2xx, or any error, fails the run: a figure with refusals in it measures the refusals.
 */
export async function autocannon(
  url: string,
  o: { connections: number; seconds: number; reconnectEvery: number; headers?: string[] },
): Promise<Cannonade> {
  const out = await run(process.execPath, [
    AUTOCANNON_CLI,
    '-c',
    String(o.connections),
    '-d',
    String(o.seconds),
    '-D',
    String(o.reconnectEvery),
    ...(o.headers ?? []).flatMap((h) => ['-H', h]),
    '-j',
    url,
  ])
  const r = JSON.parse(out) as {
    requests: { average: number }
    latency: { p50: number; p99: number }
    non2xx: number
    errors: number
    statusCodeStats?: Record<string, { count: number }>
  }
  if (r.non2xx > 0 || r.errors > 0)
    throw new Error(
      `${url}: ${r.non2xx} non-2xx answers (${Object.entries(r.statusCodeStats ?? {})
        .map(([code, { count }]) => `${count}× ${code}`)
        .join(', ')}), ${r.errors} errors`,
    )
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 }
}
