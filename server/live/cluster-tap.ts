// The cluster tap: every live event another process broadcast (another node's `io.to(room).emit`,
// or the worker's stream entries) that reaches this node through socket.io's Redis adapter, handed
// to this node's other listeners (the plain feed, the head watch, the caches) after its sockets got it.
import type { LiveEvent } from '../../contract/index.ts'
import type { LiveIo } from './socket-server.ts'

interface ClusterMessage {
  uid?: string
  nsp?: string
  type?: number
  data?: { requestId?: string; packet?: { data?: unknown[] } }
}

/**
 * Calls `onEvent` for every `event` broadcast that reaches this node from another process
 * (another node's `io.to(room).emit`, or the worker's stream entries), after its sockets got it.
 */
export function tapRemoteBroadcasts(io: LiveIo, onEvent: (event: LiveEvent) => void) {
  const adapter = io.of('/').adapter as unknown as { uid: string; onMessage(message: ClusterMessage, offset?: string): unknown }
  const deliver = adapter.onMessage.bind(adapter)
  adapter.onMessage = (message, offset) => {
    const result = deliver(message, offset)
    if (message.type === 3 && message.uid !== adapter.uid && message.nsp === '/' && message.data?.requestId === undefined) {
      const [name, payload] = message.data?.packet?.data ?? []
      if (name === 'event' && isLiveEvent(payload)) onEvent(payload)
    }
    return result
  }
}

/** The shape of a broadcast from our own processes (not client input: the full schema's cost is not paid per event). */
function isLiveEvent(value: unknown): value is LiveEvent {
  const event = value as Partial<LiveEvent> | null
  return (
    typeof event === 'object' &&
    event !== null &&
    typeof event.room === 'string' &&
    Number.isSafeInteger(event.seq) &&
    typeof event.type === 'string'
  )
}
