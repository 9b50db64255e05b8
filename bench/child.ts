// A benchmark helper that runs as its own process (so its CPU, memory and file
// descriptors are its own), driven by the bench over Node's IPC channel: each request
// names a handler and gets exactly one answer (or the handler's error).
import { fork, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'

/** Request name → its arguments and its answer. */
export type ChildApi = Record<string, { args: unknown; answer: unknown }>

type Handlers<A extends ChildApi> = { [K in keyof A]: (args: A[K]['args']) => Promise<A[K]['answer']> | A[K]['answer'] }

interface Request {
  id: number
  name: string
  args: unknown
}
type Reply = { ready: true } | { id: number; answer: unknown } | { id: number; error: string }

export interface BenchChild<A extends ChildApi> {
  readonly process: ChildProcess
  ask<K extends keyof A & string>(name: K, args: A[K]['args']): Promise<A[K]['answer']>
  /** Disconnects; the child exits on its own (killed if it has not after 10 s). */
  stop(): Promise<void>
}

/** Forks `path` (a TypeScript module that calls `serveParent`) through tsx and waits until it listens. */
export async function forkTs<A extends ChildApi>(
  path: string,
  options: { env?: NodeJS.ProcessEnv; execArgv?: string[] } = {},
): Promise<BenchChild<A>> {
  const child = fork(path, [], {
    execArgv: ['--import', 'tsx', ...(options.execArgv ?? [])],
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const pending = new Map<number, { resolve(answer: unknown): void; reject(error: Error): void }>()
  let nextId = 1
  const exited = once(child, 'exit')
  const failAll = (error: Error) => {
    for (const p of pending.values()) p.reject(error)
    pending.clear()
  }
  child.on('exit', (code, signal) => failAll(new Error(`${path} exited (${signal ?? code})`)))
  child.on('message', (reply: Reply) => {
    if ('ready' in reply) return
    const p = pending.get(reply.id)
    pending.delete(reply.id)
    if ('error' in reply) p?.reject(new Error(`${path}: ${reply.error}`))
    else p?.resolve(reply.answer)
  })
  await new Promise<void>((resolve, reject) => {
    child.on('message', (reply: Reply) => {
      if ('ready' in reply) resolve()
    })
    void exited.then(() => reject(new Error(`${path} exited before it was ready`)))
  })
  return {
    process: child,
    ask(name, args) {
      return new Promise((resolve, reject) => {
        const id = nextId++
        pending.set(id, { resolve: resolve as (answer: unknown) => void, reject })
        child.send({ id, name, args } satisfies Request)
      })
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      if (child.connected) child.disconnect()
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** The child's side: answers requests with `handlers` and exits when the parent disconnects. */
export function serveParent<A extends ChildApi>(handlers: Handlers<A>, onDisconnect: () => Promise<void> | void = () => {}) {
  const send = (reply: Reply) => process.send!(reply)
  process.on('message', (request: Request) => {
    const handler = handlers[request.name] as ((args: unknown) => unknown) | undefined
    Promise.resolve()
      .then(() => {
        if (!handler) throw new Error(`no handler "${request.name}"`)
        return handler(request.args)
      })
      .then(
        (answer) => send({ id: request.id, answer }),
        (error: unknown) => send({ id: request.id, error: (error as Error)?.stack ?? String(error) }),
      )
  })
  process.on('disconnect', () => {
    void Promise.resolve(onDisconnect()).finally(() => process.exit(0))
  })
  send({ ready: true })
}
