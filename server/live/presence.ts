// "N watching now": how many people follow each challenge's room, over every server node.
//
// Counted per room, never per client: each node knows how many of its own sockets are in each
// `competition:<id>` room (the adapter's local rooms). Every `intervalMs` a node
// - writes the counts that changed (and, every `heartbeatMs`, all of them) to Redis: one hash
//   per room, one field per node, `<count>:<expires at>` by Redis's clock;
// - reads the other nodes' fields of the rooms it has sockets in (one script, one round trip
//   for all of them; fields past their expiry are dropped, so a node that died without saying
//   goodbye stops counting within `ttlMs`);
// - sends each of those rooms' total to its own sockets in the room, only when it changed.
// So a room hears at most one `presence` per interval, however many join, and the cost per
// tick is one script over the node's rooms. Without Redis (one node) the total is the local count.
// Who counts, per node and room: a signed-in user once, however many tabs; an anonymous socket
// (a tab, a projector board) once, but at most ANONYMOUS_PER_ADDRESS of one address — a script
// opening thousands of sockets cannot show thousands watching, while a gym's phones behind one
// router still count up to the cap.
import { randomUUID } from 'node:crypto'
import type { Redis } from 'ioredis'
import { parseRoom, type Room, type ServerEvents } from '../../contract/index.ts'
import type { LiveIo } from './socket-server.ts'
import { clientNetwork } from '../client-network.ts'

export interface PresenceOptions {
  /** How often changed counts are written, totals read and sent (the most a room hears). */
  intervalMs?: number
  /** How often every count of this node is written again, changed or not. */
  heartbeatMs?: number
  /** How long a node's count lives after its last write (a dead node's share disappears after it). */
  ttlMs?: number
}

/** Anonymous sockets of one address counted per room and node. */
export const ANONYMOUS_PER_ADDRESS = 20

export const PRESENCE_DEFAULTS: Required<PresenceOptions> = { intervalMs: 2000, heartbeatMs: 10_000, ttlMs: 30_000 }

export interface PresenceDeps extends PresenceOptions {
  io: LiveIo
  redis?: { client: Redis; prefix: string }
  log?: { warn(obj: object, msg: string): void }
}

type Socket = { emit: (name: 'presence', payload: Parameters<ServerEvents['presence']>[0]) => unknown }

export interface PresenceTracker {
  /** Sends the room's current total to one socket (right after it subscribed). */
  sendTo(socket: Socket, room: Room): void
  /** Stops, and removes this node's counts from Redis (a graceful shutdown need not wait for the expiry). */
  close(): Promise<void>
}

/**
 * KEYS: the room hashes to write (the first ARGV[3] of them), then those to read.
 * ARGV: node id, ttl in ms, number of writes, then each write's count (0 removes the node's field).
 * Returns, per read hash, the sum of the other nodes' live counts.
 */
const PRESENCE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local node, ttl, writes = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
for i = 1, writes do
  local count = tonumber(ARGV[3 + i])
  if count > 0 then
    redis.call('HSET', KEYS[i], node, count .. ':' .. (now + ttl))
    redis.call('PEXPIRE', KEYS[i], ttl)
  else
    redis.call('HDEL', KEYS[i], node)
  end
end
local totals = {}
for i = writes + 1, #KEYS do
  local sum = 0
  local fields = redis.call('HGETALL', KEYS[i])
  for j = 1, #fields, 2 do
    if fields[j] ~= node then
      local count, expires = string.match(fields[j + 1], '^(%d+):(%d+)$')
      if count and tonumber(expires) > now then
        sum = sum + tonumber(count)
      else
        redis.call('HDEL', KEYS[i], fields[j])
      end
    end
  end
  totals[#totals + 1] = sum
end
return totals
`

const isChallengeRoom = (room: unknown): room is Room =>
  typeof room === 'string' && room.startsWith('competition:') && parseRoom(room) === room

export function createPresence(deps: PresenceDeps): PresenceTracker {
  const { intervalMs, heartbeatMs, ttlMs } = { ...PRESENCE_DEFAULTS, ...deps }
  const adapter = deps.io.of('/').adapter
  const nodeId = randomUUID()
  const key = (room: Room) => `${deps.redis?.prefix}:presence:${room}`
  const sockets = deps.io.of('/').sockets
  /** The room's viewers on this node (see the rule at the top). Walks the room's sockets: only for rooms that changed or at a heartbeat. */
  function localCount(room: Room): number {
    const ids = adapter.rooms.get(room)
    if (!ids || ids.size <= 1) return ids?.size ?? 0
    const users = new Set<number>()
    const anonymous = new Map<string, number>()
    let count = 0
    for (const id of ids) {
      const socket = sockets.get(id)
      const userId = socket?.data.userId
      if (typeof userId === 'number') {
        if (!users.has(userId)) count++
        users.add(userId)
        continue
      }
      const address = socket ? clientNetwork(socket.handshake.address) : id
      const held = anonymous.get(address) ?? 0
      if (held < ANONYMOUS_PER_ADDRESS) count++
      anonymous.set(address, held + 1)
    }
    return count
  }

  /** Rooms whose local count changed since it was last written. */
  const dirty = new Set<Room>()
  /** Rooms this node has a field for in Redis. */
  const written = new Set<Room>()
  /** The other nodes' sum per room, as last read. */
  const remote = new Map<Room, number>()
  /** The total last sent to this node's sockets in each room. */
  const sent = new Map<Room, number>()
  let lastHeartbeat = 0
  let ticking = false
  let closed = false
  let warned = false

  const markDirty = (room: unknown) => {
    if (isChallengeRoom(room)) dirty.add(room)
  }
  adapter.on('join-room', markDirty)
  adapter.on('leave-room', markDirty)

  /** Rooms with at least one socket on this node. */
  function localRooms(): Room[] {
    const rooms: Room[] = []
    for (const [room, sockets] of adapter.rooms) if (sockets.size > 0 && isChallengeRoom(room)) rooms.push(room)
    return rooms
  }

  /** Writes `writes` (room → local count) and reads the other nodes' sums of `reads`. */
  async function exchange(writes: Map<Room, number>, reads: Room[]): Promise<void> {
    const redis = deps.redis
    if (!redis) return
    if (writes.size === 0 && reads.length === 0) return
    const keys = [...writes.keys(), ...reads].map(key)
    const totals = (await redis.client.eval(
      PRESENCE_SCRIPT,
      keys.length,
      ...keys,
      nodeId,
      ttlMs,
      writes.size,
      ...writes.values(),
    )) as number[]
    for (const [room, count] of writes) {
      if (count > 0) written.add(room)
      else written.delete(room)
    }
    reads.forEach((room, i) => remote.set(room, Number(totals[i] ?? 0)))
  }

  async function tick() {
    if (ticking || closed) return
    ticking = true
    try {
      const rooms = localRooms()
      const heartbeat = Date.now() - lastHeartbeat >= heartbeatMs
      const writes = new Map<Room, number>()
      // Each room's sockets are walked at most once per tick.
      const counted = new Map<Room, number>()
      const countOf = (room: Room) => counted.get(room) ?? counted.set(room, localCount(room)).get(room)!
      for (const room of heartbeat ? [...rooms, ...dirty] : dirty) {
        const count = countOf(room)
        if (count > 0 || written.has(room)) writes.set(room, count)
      }
      dirty.clear()
      try {
        await exchange(writes, rooms)
        if (heartbeat) lastHeartbeat = Date.now()
        warned = false
      } catch (error) {
        for (const room of writes.keys()) dirty.add(room) // written on the next tick
        if (!warned) deps.log?.warn({ err: error }, 'presence: Redis did not answer; totals may be stale')
        warned = true
      }
      const here = new Set(rooms)
      for (const room of sent.keys())
        if (!here.has(room)) {
          sent.delete(room)
          remote.delete(room)
        }
      for (const room of rooms) {
        const total = (remote.get(room) ?? 0) + countOf(room)
        if (sent.get(room) === total) continue
        sent.set(room, total)
        // Local only: every node sends its own sockets the total (nothing goes through the stream).
        deps.io.local.to(room).emit('presence', { room, watching: total })
      }
    } finally {
      ticking = false
    }
  }

  const timer = setInterval(() => void tick(), intervalMs)
  timer.unref()

  // A room new to this node has no remote sum yet: one read per room however many subscribe at once.
  const reading = new Map<Room, Promise<void>>()
  function readRemote(room: Room): Promise<void> {
    let read = reading.get(room)
    if (!read) {
      read = exchange(new Map(), [room])
        .catch(() => undefined)
        .finally(() => reading.delete(room))
      reading.set(room, read)
    }
    return read
  }

  return {
    sendTo(socket, room) {
      if (!isChallengeRoom(room)) return
      const send = () => {
        if (!closed) socket.emit('presence', { room, watching: (remote.get(room) ?? 0) + localCount(room) })
      }
      if (!deps.redis || remote.has(room)) return send()
      void readRemote(room).then(send)
    },
    async close() {
      if (closed) return
      closed = true
      clearInterval(timer)
      adapter.off('join-room', markDirty)
      adapter.off('leave-room', markDirty)
      const goodbye = new Map([...written].map((room) => [room, 0]))
      await exchange(goodbye, []).catch(() => undefined)
    },
  }
}
