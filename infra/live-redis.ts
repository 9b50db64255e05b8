// Live events across processes, through the Redis stream of socket.io's Redis
// Streams adapter. Server nodes read that stream (the adapter does), and each
// delivers a broadcast to its own clients only, so one stream entry reaches each
// client exactly once, on whichever node it is connected to; connection state
// recovery replays the same entries.
//
// A process without socket.io (the transcode worker) publishes with
// `createRedisPublisher`: it appends entries in the adapter's own format, exactly
// what `io.to(room).emit(...)` on a node appends (the streams counterpart of
// @socket.io/redis-emitter, which only speaks the pub/sub adapter's format).
// tests/live-multinode.test.ts guards the format against two real server processes.
import type { Redis } from 'ioredis'
import type { JudgeQueueChange, LiveEvent, TranscodeProgress, UserRoom } from '../contract/index.ts'
import { userRoom } from '../contract/index.ts'
import type { Config } from './config.ts'
import type { EventPublisher } from './live-publisher.ts'
import { openRedisClient } from './redis-clients.ts'

/** Options of the streams adapter; the worker's publisher writes to the same stream. */
export function liveStreamOptions(redisPrefix: string) {
  return {
    streamName: `${redisPrefix}:socket.io`,
    channelPrefix: `${redisPrefix}:socket.io`,
    sessionKeyPrefix: `${redisPrefix}:socket.io:session:`,
    /** Entries kept (approximately) for connection state recovery; the outbox covers anything older. */
    maxLen: 10_000,
    /** How long a node's XREAD blocks when idle (it returns at once when an entry arrives). */
    blockTimeInMs: 5_000,
  }
}

/** The uid socket.io's emitters use: never equal to a node's adapter uid, so every node delivers. */
const EMITTER_UID = 'emitter'
const BROADCAST = 3 // socket.io-adapter MessageType.BROADCAST
const EVENT_PACKET = 2 // socket.io-parser PacketType.EVENT

/** The stream entry a node appends for `io.to(room).emit(name, payload)` on the main namespace. */
export function broadcastEntry(room: string, name: string, payload: unknown): string[] {
  const data = JSON.stringify({
    packet: { type: EVENT_PACKET, data: [name, payload], nsp: '/' },
    opts: { rooms: [room], except: [], flags: {} },
  })
  return ['uid', EMITTER_UID, 'nsp', '/', 'type', String(BROADCAST), 'data', data]
}

export interface RedisPublisher extends EventPublisher {
  /** Resolves when every entry published so far is in Redis (or failed and was reported). */
  flush(): Promise<void>
  close(): Promise<void>
}

/**
 * The worker's publisher: call `publish(events)` after the transaction that appended them commits
 * (infra/announcer.ts does), `progress(userId, p)` for the uploader's progress. Never throws: a
 * failed write is reported to `onError`, and clients still get the events from the outbox (on
 * their next gap, subscribe or reconnect), because the database, not Redis, is the source of truth.
 */
export function createRedisPublisher(
  config: Pick<Config, 'redisUrl' | 'redisPrefix'>,
  options: {
    onError?: (error: Error) => void
    /** The process's `live` client (infra/redis-clients.ts); without it, one of its own that close() ends. */ client?: Redis
  } = {},
): RedisPublisher {
  if (!config.redisUrl)
    throw new Error("createRedisPublisher needs REDIS_URL: without Redis the worker runs in-process and uses the server's publisher.")
  const onError = options.onError ?? ((error: Error) => console.error('live publisher:', error.message))
  const owned = options.client ? undefined : openRedisClient(config.redisUrl, 'live')
  const client = options.client ?? owned!
  client.on('error', onError)
  const { streamName, maxLen } = liveStreamOptions(config.redisPrefix)
  let pending: Promise<void> = Promise.resolve()

  function append(entries: Array<{ room: string; name: string; payload: unknown }>) {
    if (entries.length === 0) return
    // One pipeline per call, chained after the previous one: entries land in publish order.
    const pipeline = client.pipeline()
    for (const { room, name, payload } of entries)
      pipeline.xadd(streamName, 'MAXLEN', '~', maxLen, '*', ...broadcastEntry(room, name, payload))
    const written = pipeline.exec().then((results) => {
      const failed = results?.find(([error]) => error)
      if (failed?.[0]) onError(failed[0])
    }, onError)
    pending = pending.then(() => written)
  }

  return {
    publish(events: readonly LiveEvent[]) {
      append(events.map((event) => ({ room: event.room, name: 'event', payload: event })))
    },
    progress(userId: number, progress: TranscodeProgress) {
      const room: UserRoom = userRoom(userId)
      append([{ room, name: 'transcode:progress', payload: progress }])
    },
    judgeQueue(userIds: readonly number[], change: JudgeQueueChange) {
      append(userIds.map((userId) => ({ room: userRoom(userId), name: 'judge:queue', payload: change })))
    },
    flush: () => pending,
    async close() {
      await pending
      await owned?.quit().catch(() => owned.disconnect())
    },
  }
}
