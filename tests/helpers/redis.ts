// A private redis-server from the system binary, for tests that stop and restart
// Redis: the shared service on 6379 is other tests' too. Keeps nothing on disk, so
// a restart comes back empty.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { freePort, waitUntil } from './live.ts'

export interface PrivateRedis {
  readonly url: string
  start(): Promise<void>
  /** SIGKILL, as a crash; a no-op when it is not running. */
  kill(): Promise<void>
}

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort()
  let child: ChildProcess | undefined
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const started = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      child = started
      let output = ''
      started.stdout!.on('data', (chunk) => {
        output += String(chunk)
      })
      await waitUntil(() => output.includes('Ready to accept connections'), 'redis-server to start', 10_000)
    },
    async kill() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGKILL')
      await exited
    },
  }
}
