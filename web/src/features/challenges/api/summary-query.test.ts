// The challenge summary loaded while two screens of the tab follow its room: the answer is brought
// up to the events applied meanwhile (lib/live/live-table.ts fetchSince), each event once however
// many screens applied it, so a lifter leaving lowers their class count once.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { LiveEvent, Room } from '../../../lib/contract.ts'
import { queryClient } from '../../../lib/query-client.ts'
import { challenge, participant, summary } from '../../../test/fixtures.ts'
import { deferred, twoScreens } from '../../../test/live-screens.ts'
import { summaryQuery } from './summary-query.ts'

afterEach(() => queryClient.clear())

describe('summary query with two screens on the room', () => {
  it('a lifter leaving while the summary loads lowers their class count once, not once per screen', async () => {
    const room: Room = 'competition:9'
    const screens = await twoScreens(room, 1)
    screens.answer(1)
    const lifters = [1, 2, 3].map((n) => participant({ id: n, user_id: 100 + n, competition_id: 9, weight_class: '74kg' }))
    const body = summary({
      competition: challenge({ id: 9, participants: 3, ranking: 'class' }),
      count: 3,
      class_counts: { '74kg': 3 },
      top: lifters,
    })
    const answered = deferred<void>()
    const requested = deferred<void>()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        requested.resolve()
        await answered.promise
        return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json', 'x-live-seq': '1' } })
      }),
    )
    const loading = queryClient.fetchQuery(summaryQuery(9))
    await requested.promise
    // Lifter 3 leaves: both screens apply the event.
    screens.socket.fire('event', {
      room,
      seq: 2,
      type: 'participant.left',
      at: '',
      data: { competition_id: 9, participant_id: 3, user_id: 103, weight_class: '74kg', participants: 2 },
    } satisfies LiveEvent)
    expect(screens.applied).toEqual([[2], [2]])
    answered.resolve()
    const { summary: folded, seq } = await loading
    expect(seq).toBe(2)
    expect(folded.count).toBe(2)
    expect(folded.class_counts).toEqual({ '74kg': 2 })
    expect(folded.top.map((p) => p.id)).toEqual([1, 2])
    screens.stop()
  })
})
