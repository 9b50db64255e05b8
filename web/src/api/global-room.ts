// The global room (new challenges, joins, board changes) for screens whose REST answer carries
// no seq: `apply` patches the answer with each event, and a resync refetches it.
import { GLOBAL_ROOM } from '../lib/contract.ts'
import type { LiveEvent } from '../lib/contract.ts'
import type { Query } from '../lib/use-query.ts'
import { useLiveRoom } from '../stores/live.ts'

export function useGlobalRoom<T>(query: Query<T>, apply: (event: LiveEvent) => void) {
  useLiveRoom(GLOBAL_ROOM, {
    ready: query.data !== undefined,
    seq: null,
    apply,
    resync: async () => {
      await query.reload()
      return null
    },
  })
}
