// A change of viewer (sign-out, another account) takes the previous viewers' answers out of the
// cache: at once when no screen observes them, when their last observer leaves otherwise (an
// observer is never left on a query removed under it); queries every viewer shares stay.
import { QueryObserver } from '@tanstack/react-query'
import { act } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useSession } from '../stores/session.ts'
import { queryClient, viewerOfKey, viewerSegment } from './query-client.ts'
import { currentViewer } from './viewer.ts'

const signedIn = (userId: number | null) =>
  act(() =>
    useSession.setState(
      userId
        ? { status: 'authenticated', userId, user: null, error: null }
        : { status: 'unauthenticated', userId: null, user: null, error: null },
    ),
  )
afterEach(() => signedIn(null))

const cached = () =>
  queryClient
    .getQueryCache()
    .findAll()
    .map((q) => JSON.stringify(q.queryKey))
    .sort()
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('viewer-dependent queries', () => {
  it('keys end with the viewer, read from the session', () => {
    signedIn(7)
    expect(currentViewer()).toBe(7)
    expect(viewerOfKey(['profile', 3, viewerSegment(7)])).toBe(7)
    expect(viewerOfKey(['profile', 3])).toBeUndefined()
    signedIn(null)
    expect(currentViewer()).toBe('anon')
  })

  it("another viewer's queries leave the cache; an observed one when its observer leaves; shared ones stay", async () => {
    signedIn(7)
    queryClient.setQueryData(['profile', 3, viewerSegment(7)], 'seven sees the email')
    queryClient.setQueryData(['challenge', 1, 'judging', viewerSegment(7)], "seven's judging view")
    queryClient.setQueryData(['leaderboard'], 'everyone')
    const observer = new QueryObserver(queryClient, {
      queryKey: ['challenge', 1, 'judging', viewerSegment(7)],
      queryFn: () => "seven's judging view",
      staleTime: Infinity,
    })
    const stop = observer.subscribe(() => {})

    signedIn(null)
    expect(cached()).toEqual(['["challenge",1,"judging",{"viewer":7}]', '["leaderboard"]'])
    expect(observer.getCurrentResult().data).toBe("seven's judging view") // its screen moves on at its next render

    signedIn(8)
    observer.setOptions({
      queryKey: ['challenge', 1, 'judging', viewerSegment(8)],
      queryFn: () => "eight's judging view",
      staleTime: Infinity,
    })
    await tick()
    expect(cached()).toEqual(['["challenge",1,"judging",{"viewer":8}]', '["leaderboard"]'])
    await expect.poll(() => observer.getCurrentResult().data).toBe("eight's judging view")
    stop()
    await tick()
    expect(cached()).toEqual(['["challenge",1,"judging",{"viewer":8}]', '["leaderboard"]']) // the viewer's own stays
  })
})
