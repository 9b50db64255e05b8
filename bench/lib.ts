// Shared pieces of the benchmarks: statistics, child processes, the report table.
import { spawn } from 'node:child_process'
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
    child.stdout.on('data', (d) => { out += d })
    child.stderr.on('data', (d) => { err += d })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${err.slice(-2000)}`))))
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
    `## ${s.title}`, '', `Measured on ${new Date().toISOString().slice(0, 10)}. ${s.method}`, '',
    line(s.header), line(s.header.map(() => '---')), ...s.rows.map(line), '',
    ...s.verdicts.map((v) => `- ${v}`), '',
    'Commands:', '', '```sh', ...s.commands, '```', '',
  ].join('\n')
}
