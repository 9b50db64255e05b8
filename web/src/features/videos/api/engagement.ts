// Comments, reactions and the analytics figures of one attempt's video (server/routes/engagement.routes.ts),
// kept live: the hook loads the first page of comments and the figures, watches the challenge room
// since the older of their two x-live-seq, and applies comment.created, comment.deleted and
// reactions.changed (each applies idempotently, so an event both answers already reflect is harmless).
import { useCallback, useEffect, useState } from 'react'
import { queryOptions } from '@tanstack/react-query'
import { queryKeys } from '../../../api/query-keys.ts'
import { apiRequest, errorText } from '../../../lib/api-client.ts'
import { applyLiveEvent, type LiveTable } from '../../../lib/live/live-table.ts'
import { queryClient } from '../../../lib/query-client.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { challengeRoom } from '../../../lib/contract.ts'
import type {
  Comment,
  CommentResponse,
  CommentsPage,
  EngagementCounts,
  EngagementResponse,
  LiveEvent,
  ReactionId,
  ReactionResponse,
  ViewKind,
  ViewResponse,
} from '../../../lib/contract.ts'
import { useLiveRoom } from '../../../stores/live.ts'

const COMMENTS_FAILED = 'Failed to load comments. Please try again.'
const POST_FAILED = 'Failed to post your comment. Please try again.'
const DELETE_FAILED = 'Failed to remove the comment. Please try again.'
const REPORT_FAILED = 'Failed to report the comment. Please try again.'
const REACT_FAILED = 'Failed to save your reaction. Please try again.'

/** A signed-out browser's own id for the view counts (localStorage; not in the spec). */
const VIEWER_ID_KEY = 'liftarena_viewer_id'

function browserViewerId(): string | undefined {
  try {
    let id = localStorage.getItem(VIEWER_ID_KEY)
    if (!id || !/^[A-Za-z0-9_-]{8,64}$/.test(id)) {
      id = crypto.randomUUID()
      localStorage.setItem(VIEWER_ID_KEY, id)
    }
    return id
  } catch {
    return undefined // storage blocked: the server counts the address instead
  }
}

/** Figures the server answered a view or play with, to whichever panel shows that attempt's (views are not announced live). */
const viewsCounted = new EventTarget()

/** Tells the server the page was opened ('view') or the video started ('play'); it counts each viewer once per window. */
export async function recordView(attemptId: number, kind: ViewKind): Promise<ViewResponse | null> {
  try {
    const { data } = await apiRequest<ViewResponse>(`/attempts/${attemptId}/views`, {
      method: 'POST',
      auth: 'optional',
      body: { kind, viewer: browserViewerId() },
    })
    viewsCounted.dispatchEvent(new CustomEvent('counted', { detail: { attemptId, views: data.views, plays: data.plays } }))
    return data
  } catch {
    return null // a figure not counted is not worth bothering the viewer about
  }
}

const seqOf = (headers: Headers) => Number(headers.get('x-live-seq') ?? 0)

/** Rejects with an Error whose message is the server's `{error}` (else `fallback`). */
async function call<T>(path: string, method: 'POST' | 'PUT' | 'DELETE', fallback: string, body?: unknown): Promise<T> {
  try {
    return (await apiRequest<T>(path, { method, auth: 'required', body })).data
  } catch (error) {
    throw new Error(errorText(error, fallback), { cause: error })
  }
}

export interface EngagementState {
  comments: Comment[]
  /** `before` for the next (older) page, when there is one. */
  nextBefore: number | undefined
  counts: EngagementCounts
  mine: ReactionId | null
  canModerate: boolean
}

async function load(attemptId: number): Promise<{ state: EngagementState; seq: number }> {
  const [page, figures] = await Promise.all([
    apiRequest<CommentsPage>(`/attempts/${attemptId}/comments`, { auth: 'optional' }),
    apiRequest<EngagementResponse>(`/attempts/${attemptId}/engagement`, { auth: 'optional' }),
  ])
  return {
    // Events after the older of the two apply to both; the newer one already has some of them, which apply idempotently.
    seq: Math.min(seqOf(page.headers), seqOf(figures.headers)),
    state: {
      comments: page.data.comments,
      nextBefore: page.data.next_before,
      counts: { ...figures.data.counts, comments: page.data.total },
      mine: figures.data.mine,
      canModerate: figures.data.can_moderate,
    },
  }
}

/** One live event on the state (events of other attempts change nothing). */
function applyEngagementEvent(state: EngagementState, event: LiveEvent, attemptId: number): EngagementState {
  switch (event.type) {
    case 'comment.created': {
      // Known already (from the answer to its post, a load, or the event): what applied it carried a count at least as new.
      if (event.data.attempt_id !== attemptId || state.comments.some((c) => c.id === event.data.comment.id)) return state
      return {
        ...state,
        comments: [event.data.comment, ...state.comments].sort((a, b) => b.id - a.id),
        counts: { ...state.counts, comments: event.data.comments },
      }
    }
    case 'comment.deleted':
      if (event.data.attempt_id !== attemptId) return state
      return {
        ...state,
        comments: state.comments.filter((c) => c.id !== event.data.comment_id),
        counts: { ...state.counts, comments: event.data.comments },
      }
    case 'reactions.changed':
      if (event.data.attempt_id !== attemptId) return state
      return { ...state, counts: { ...state.counts, reactions: event.data.reactions } }
    default:
      return state
  }
}

interface EngagementKey {
  attemptId: number
  challengeId: number
  /** The viewer: their reaction, whether they moderate. */
  userId: number | null
}

type LoadedEngagement = Awaited<ReturnType<typeof load>>

const engagementQuery = ({ attemptId, challengeId, userId }: EngagementKey) =>
  queryOptions({
    queryKey: [...queryKeys.challenge(challengeId), 'engagement', attemptId, userId ?? 0] as const,
    queryFn: () => load(attemptId),
  })

const updateEngagement = (key: EngagementKey, change: (state: EngagementState) => EngagementState) =>
  queryClient.setQueryData<LoadedEngagement>(
    engagementQuery(key).queryKey,
    (current) => current && { ...current, state: change(current.state) },
  )

/** The challenge room's table for an attempt's comments and figures (each applies idempotently). */
const applyToEngagement = (event: LiveEvent, key: EngagementKey) =>
  updateEngagement(key, (state) => applyEngagementEvent(state, event, key.attemptId))
const ENGAGEMENT_ROOM_TABLE: LiveTable<EngagementKey> = {
  'comment.created': applyToEngagement,
  'comment.deleted': applyToEngagement,
  'reactions.changed': applyToEngagement,
}

/**
 * An attempt's comments and figures, live, with the actions on them. `userId` reloads them when
 * the viewer signs in or out (their reaction, whether they moderate). Each action rejects with
 * the text to show.
 */
export function useEngagement(attemptId: number, challengeId: number, userId: number | null) {
  const key: EngagementKey = { attemptId, challengeId, userId }
  const query = useServerQuery(engagementQuery(key))
  const loaded = query.data ?? null
  const error = query.error ? errorText(query.error, COMMENTS_FAILED) : null
  const [loadingOlder, setLoadingOlder] = useState(false)
  const { reload: refetch } = query

  const reload = useCallback(async () => {
    const fresh = await refetch()
    if (!fresh) throw new Error(COMMENTS_FAILED)
    return fresh.seq
  }, [refetch])

  const update = (change: (state: EngagementState) => EngagementState) => updateEngagement(key, change)

  // The viewer's own view and play: their answers carry the figures (a load racing them may not have them yet).
  const [counted, setCounted] = useState<{ attemptId: number; views: number; plays: number } | null>(null)
  useEffect(() => {
    const onCounted = (event: Event) => {
      const figures = (event as CustomEvent<{ attemptId: number; views: number; plays: number }>).detail
      if (figures.attemptId === attemptId) setCounted(figures)
    }
    viewsCounted.addEventListener('counted', onCounted)
    return () => viewsCounted.removeEventListener('counted', onCounted)
  }, [attemptId])

  useLiveRoom(challengeRoom(challengeId), {
    ready: loaded !== null,
    seq: loaded?.seq ?? null,
    apply: (event) => applyLiveEvent(ENGAGEMENT_ROOM_TABLE, event, key),
    resync: reload,
  })

  const loadedState = loaded?.state ?? null
  const state =
    loadedState && counted?.attemptId === attemptId
      ? {
          ...loadedState,
          counts: {
            ...loadedState.counts,
            views: Math.max(loadedState.counts.views, counted.views),
            plays: Math.max(loadedState.counts.plays, counted.plays),
          },
        }
      : loadedState
  return {
    state,
    error,
    loadingOlder,
    reload,
    async loadOlder() {
      const before = state?.nextBefore
      if (!before || loadingOlder) return
      setLoadingOlder(true)
      try {
        const { data } = await apiRequest<CommentsPage>(`/attempts/${attemptId}/comments?before=${before}`, { auth: 'optional' })
        update((s) => ({
          ...s,
          comments: [...s.comments, ...data.comments.filter((c) => !s.comments.some((k) => k.id === c.id))],
          nextBefore: data.next_before,
        }))
      } catch (e) {
        throw new Error(errorText(e, COMMENTS_FAILED), { cause: e })
      } finally {
        setLoadingOlder(false)
      }
    },
    async post(text: string) {
      const answer = await call<CommentResponse>(`/attempts/${attemptId}/comments`, 'POST', POST_FAILED, { text })
      update((s) =>
        applyEngagementEvent(
          s,
          {
            type: 'comment.created',
            data: { competition_id: challengeId, attempt_id: attemptId, ...answer },
            room: challengeRoom(challengeId),
            seq: 0,
            at: '',
          },
          attemptId,
        ),
      )
    },
    async remove(commentId: number) {
      await call<null>(`/comments/${commentId}`, 'DELETE', DELETE_FAILED)
      // Unless its event came first (and set the count).
      update((s) =>
        s.comments.some((c) => c.id === commentId)
          ? {
              ...s,
              comments: s.comments.filter((c) => c.id !== commentId),
              counts: { ...s.counts, comments: Math.max(0, s.counts.comments - 1) },
            }
          : s,
      )
    },
    report: (commentId: number) => call<null>(`/comments/${commentId}/reports`, 'POST', REPORT_FAILED),
    /** Gives `reaction`, or takes it back when it is the viewer's already. */
    async react(reaction: ReactionId) {
      const taking = state?.mine === reaction
      const answer = taking
        ? await call<ReactionResponse>(`/attempts/${attemptId}/reaction`, 'DELETE', REACT_FAILED)
        : await call<ReactionResponse>(`/attempts/${attemptId}/reaction`, 'PUT', REACT_FAILED, { reaction })
      update((s) => ({ ...s, mine: answer.mine, counts: { ...s.counts, reactions: answer.reactions } }))
    },
  }
}

export type Engagement = ReturnType<typeof useEngagement>
