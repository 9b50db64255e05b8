// "N watching now" (server/live/presence.ts) with real socket.io clients: two real app nodes on one
// database and one Redis prefix, clients joining and leaving a challenge's room on both, every
// client seeing the total; a node killed with SIGKILL (no goodbye) whose share disappears once its
// count expires; one embedded node (no Redis) counting alone; and a burst of 100 subscribers that
// the room hears as a few coalesced presence messages.
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join as joinPath, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { challengeRoom, type Presence, type Room } from '../../../contract/index.ts'
import { ANONYMOUS_PER_ADDRESS, PRESENCE_DEFAULTS } from '../../../server/live/presence.ts'
import { startTestApp, type TestApp } from '../../helpers/app.ts'
import { createTestDatabase, type TestDatabase } from '../../helpers/database.ts'
import {
  connectClient,
  createLifters,
  createOngoingChallenge,
  dropRedisPrefix,
  freePort,
  REDIS_URL,
  sleep,
  startLiveServer,
  subscribe,
  uniqueRedisPrefix,
  waitUntil,
  type ClientSocket,
  type LiveTestServer,
} from '../../helpers/live.ts'

const ROOT = resolve(import.meta.dirname, '../../..')

/** A socket.io client following one room, with every presence message it heard. */
interface Watcher {
  socket: ClientSocket
  heard: Presence[]
  last(): number | undefined
}

const sockets: ClientSocket[] = []
async function watch(url: string, room: Room, token?: string): Promise<Watcher> {
  const socket = await connectClient(url, token)
  sockets.push(socket)
  const heard: Presence[] = []
  socket.on('presence', (p) => heard.push(p))
  await subscribe(socket, room)
  return { socket, heard, last: () => heard.at(-1)?.watching }
}

/** The numbers a watcher heard, repeats left out (a subscriber may hear its first number twice: its own, then the room's). */
const changes = (w: Watcher) => w.heard.map((p) => p.watching).filter((n, i, all) => n !== all[i - 1])

/** Waits until every watcher's latest presence says `n`. */
async function allSee(watchers: Watcher[], n: number, timeoutMs = 10_000) {
  try {
    await waitUntil(() => watchers.every((w) => w.last() === n), `every watcher to see ${n}`, timeoutMs)
  } catch (error) {
    throw new Error(`${(error as Error).message}; they see ${watchers.map((w) => w.last()).join(', ')}`, { cause: error })
  }
}

afterAll(() => {
  for (const s of sockets) s.close()
})

describe('two app nodes sharing Redis', () => {
  let database: TestDatabase
  const prefix = uniqueRedisPrefix()
  const nodes: { t: TestApp; url: string }[] = []
  let killable: ChildProcess | undefined
  let killableDir: string | undefined

  beforeAll(async () => {
    database = await createTestDatabase()
    for (let i = 0; i < 2; i++) {
      const t = await startTestApp({ env: { DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: prefix } })
      await t.app.listen({ port: 0, host: '127.0.0.1' })
      nodes.push({ t, url: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` })
    }
  })
  afterAll(async () => {
    killable?.kill('SIGKILL')
    for (const node of nodes) await node.t.close()
    await database?.drop()
    await dropRedisPrefix(prefix)
    if (killableDir) rmSync(killableDir, { recursive: true, force: true })
  })

  it('counts the sockets in a room on both nodes: every client sees the total as clients join and leave', async () => {
    const [a, b] = nodes as [{ t: TestApp; url: string }, { t: TestApp; url: string }]
    const room = challengeRoom(await createOngoingChallenge(a.t.db.prisma, 'Presence'))
    const other = challengeRoom(await createOngoingChallenge(a.t.db.prisma, 'Elsewhere'))

    const first = await watch(a.url, room)
    await allSee([first], 1, 1000) // sent right after the subscribe, not at the next tick
    expect(first.heard[0]).toEqual({ room, watching: 1 })
    const second = await watch(b.url, room)
    await allSee([first, second], 2)
    const third = await watch(a.url, room)
    const elsewhere = await watch(b.url, other) // another room is counted apart
    await allSee([first, second, third], 3)
    expect(elsewhere.last()).toBe(1)

    // Leaving: an unsubscribe on A, a closed connection on B.
    await third.socket.timeout(5000).emitWithAck('unsubscribe', { room })
    await allSee([first, second], 2)
    second.socket.close()
    await allSee([first], 1)
    expect(third.last()).toBe(3) // no longer in the room: it hears nothing more
    expect(elsewhere.heard.every((p) => p.room === other && p.watching === 1)).toBe(true)
  })

  it("drops a killed node's share once its count expires (~30 s)", async () => {
    const [a] = nodes as [{ t: TestApp; url: string }]
    const room = challengeRoom(await createOngoingChallenge(a.t.db.prisma, 'Killed node'))
    // A third node as its own process (node itself, not tsx's wrapper, so SIGKILL kills the server).
    const port = await freePort()
    killableDir = mkdtempSync(joinPath(tmpdir(), 'liftarena-presence-'))
    killable = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        SEED_DEMO_DATA: 'false',
        SERVE_WEB: 'false',
        LOG_LEVEL: 'warn',
        DATA_DIR: killableDir,
        DATABASE_URL: database.url,
        REDIS_URL,
        REDIS_PREFIX: prefix,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    killable.stdout!.on('data', (c) => {
      output += String(c)
    })
    killable.stderr!.on('data', (c) => {
      output += String(c)
    })
    await waitUntil(() => output.includes('LiftArena is running'), `the third node to start:\n${output}`, 45_000)

    const onA = await watch(a.url, room)
    const onKilled = [await watch(`http://127.0.0.1:${port}`, room), await watch(`http://127.0.0.1:${port}`, room)]
    await allSee([onA, ...onKilled], 3)

    const exited = once(killable, 'exit')
    killable.kill('SIGKILL')
    await exited
    const killedAt = Date.now()
    await allSee([onA], 1, PRESENCE_DEFAULTS.ttlMs + 3 * PRESENCE_DEFAULTS.intervalMs + 2000)
    const after = Date.now() - killedAt
    console.log(`a killed node's share disappeared after ${(after / 1000).toFixed(1)} s`)
    // Not before its last heartbeat could have expired (no one removed it early), not much after the expiry.
    expect(after).toBeGreaterThan(PRESENCE_DEFAULTS.ttlMs - PRESENCE_DEFAULTS.heartbeatMs - PRESENCE_DEFAULTS.intervalMs)
    expect(changes(onA)).toEqual([1, 3, 1])
  }, 90_000)
})

describe('one embedded node (no Redis)', () => {
  let t: LiveTestServer
  beforeAll(async () => {
    t = await startLiveServer({ embedded: true })
  })
  afterAll(async () => {
    await t?.close()
  })

  it('counts its own sockets', async () => {
    const room = challengeRoom(await createOngoingChallenge(t.db.prisma, 'Embedded'))
    const first = await watch(t.url, room)
    await allSee([first], 1, 1000)
    const second = await watch(t.url, room)
    await allSee([second], 2, 1000)
    expect(second.heard[0]).toEqual({ room, watching: 2 })
    await allSee([first, second], 2)
    second.socket.close()
    await allSee([first], 1)
  })

  it('counts a signed-in user once however many tabs, and at most ANONYMOUS_PER_ADDRESS anonymous sockets of one address', async () => {
    const room = challengeRoom(await createOngoingChallenge(t.db.prisma, 'Crowded'))
    const [fan] = await createLifters(t.db.prisma, t.config.jwtSecret, 1, 'Tabs')
    const tabs = await Promise.all(Array.from({ length: 3 }, () => watch(t.url, room, fan!.token)))
    await allSee(tabs, 1)
    // A script opening 30 sockets from one address shows no more than the cap.
    const script = await Promise.all(Array.from({ length: ANONYMOUS_PER_ADDRESS + 10 }, () => watch(t.url, room)))
    await allSee([...tabs, ...script], 1 + ANONYMOUS_PER_ADDRESS)
    for (const w of script.slice(0, 15)) w.socket.close()
    await allSee(tabs, 1 + ANONYMOUS_PER_ADDRESS - 5)
  })

  it('coalesces a burst: 100 subscribers make a few presence messages to the room, not 100', async () => {
    const room = challengeRoom(await createOngoingChallenge(t.db.prisma, 'Burst'))
    const observer = await watch(t.url, room)
    await allSee([observer], 1, 1000)
    // Signed-in people (one address counts only so many anonymous sockets).
    const people = await createLifters(t.db.prisma, t.config.jwtSecret, 100, 'Burst')
    const started = Date.now()
    const crowd = await Promise.all(people.map((p) => watch(t.url, room, p.token)))
    await allSee([observer], 101)
    const took = Date.now() - started
    await sleep(PRESENCE_DEFAULTS.intervalMs + 500) // nothing more arrives once the count holds
    console.log(
      `over ${took} ms of 100 subscribes the observer heard ${observer.heard.length} presence messages: ${observer.heard.map((p) => p.watching).join(', ')}`,
    )
    // At most one per interval while the crowd arrived (plus its own first number), and far fewer than one per subscriber.
    const bound = Math.ceil(took / PRESENCE_DEFAULTS.intervalMs) + 2
    expect(observer.heard.length).toBeLessThanOrEqual(Math.min(bound, 10))
    expect(observer.last()).toBe(101)
    // Every newcomer heard its number at once, then the room's totals: the last one is right.
    for (const w of crowd) expect(w.last()).toBe(101)
    expect(Math.max(...crowd.map((w) => w.heard.length))).toBeLessThanOrEqual(Math.min(bound + 1, 10))
  })
})
