// `tsx worker/worker.ts` as its own process (what `npm run worker` runs), in its own process
// group so a stop reaches tsx, node and ffmpeg alike.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { resolve } from 'node:path'
import { sleep, waitUntil } from './live.ts'

const ROOT = resolve(import.meta.dirname, '../..')

export interface WorkerProcess {
  child: ChildProcess
  output(): string
  /** SIGTERM (the worker finishes or releases its job), SIGKILL after 15 s. */
  stop(): Promise<void>
}

export async function spawnWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(resolve(ROOT, 'node_modules/.bin/tsx'), ['worker/worker.ts'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, WORKER_CONCURRENCY: '1', ...env },
  })
  let output = ''
  child.stdout!.on('data', (c) => {
    output += String(c)
  })
  child.stderr!.on('data', (c) => {
    output += String(c)
  })
  const exited = once(child, 'exit')
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      /* gone */
    }
  }
  try {
    await waitUntil(
      () => (output.includes('Transcode worker') && output.includes('ready')) || child.exitCode !== null,
      'the worker to start',
      45_000,
    )
  } catch (error) {
    group('SIGKILL')
    throw error
  }
  if (child.exitCode !== null) throw new Error(`the worker exited (${child.exitCode}):\n${output}`)
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      group('SIGTERM')
      await Promise.race([exited, sleep(15_000)])
      group('SIGKILL')
    },
  }
}
