// The baseline server of the scale benchmark's fan-out, as its own process (forked by
// scale.bench.ts): a bare socket.io Server (bench/fanout.bench.ts's startBareServer) that emits
// what it is told to a room and says when, so its memory and descriptors are its own.
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import type { LiveEvent, Room } from '../contract/index.ts'
import { serveParent } from './child.ts'
import { startBareServer } from './fanout.bench.ts'

export type BareServerApi = {
  clock: { args: null; answer: number }
  /** Where clients connect. */
  url: { args: null; answer: string }
  /** Emits `event` to `room`; answers the time just before the emit (timeOrigin + now). */
  emit: { args: { room: Room; event: LiveEvent }; answer: number }
  /** Sockets in `room`, and connected in all. */
  count: { args: Room; answer: { room: number; clients: number } }
  /** This process's RSS after a forced GC, in MB. */
  rss: { args: null; answer: number }
}

const now = () => performance.timeOrigin + performance.now()
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void
const bare = await startBareServer()

serveParent<BareServerApi>(
  {
    clock: () => now(),
    url: () => bare.url,
    emit: ({ room, event }) => {
      const t0 = now()
      bare.io.to(room).emit('event', event)
      return t0
    },
    count: (room) => ({ room: bare.io.of('/').adapter.rooms.get(room)?.size ?? 0, clients: bare.io.engine.clientsCount }),
    rss: () => {
      gc()
      gc()
      return process.memoryUsage().rss / 1024 / 1024
    },
  },
  () => {
    void bare.close()
  },
)
