// The challenge summary (count, top 5 per group, newest attempts) and the signed-in lifter's own
// entry, patched by the room's events with the client's ranking rules (lib/participants.ts,
// contract rankParticipants). The top only holds the first 5 of each group, so an event may tell
// that a lifter it does not hold could now be among them: the patch then says the summary is stale.
import { SUMMARY, rankParticipants, recentVideos } from '../../../lib/contract.ts'
import type { ChallengeSummaryResponse, Lift, LiveEvent, Participant, Ranking, Standing } from '../../../lib/contract.ts'
import { applyAttempt, applyVote, applyVoteToLifts, removeParticipant, upsertLift, upsertParticipant } from '../../../lib/participants.ts'

type Summary = ChallengeSummaryResponse

interface SummaryPatch {
  summary: Summary
  /** A lifter the top does not hold may now belong in it: refetch the summary. */
  stale: boolean
}

/** The group a lifter is placed in: their weight class, or everyone for a formula. */
const groupOf = (p: Pick<Participant, 'weight_class'>, ranking: Ranking) => (ranking === 'class' ? p.weight_class : '')

/** How many lifters a group has in the whole challenge. */
const groupSize = (summary: Summary, group: string) =>
  summary.competition.ranking === 'class' ? (summary.class_counts[group] ?? 0) : summary.count

const shownIn = (summary: Summary, group: string) => summary.top.filter((p) => groupOf(p, summary.competition.ranking) === group)

/** The groups with lifters the top leaves out. */
const groupsWithHidden = (summary: Summary) => {
  const groups = summary.competition.ranking === 'class' ? Object.keys(summary.class_counts) : ['']
  return groups.filter((group) => groupSize(summary, group) > shownIn(summary, group).length)
}

const scoreOf = (s: Standing, ranking: Ranking) => (ranking === 'class' ? s.total : s.points)

/**
 * Where a's score puts it against b's (rankParticipants' first rules): negative above, positive
 * below, 0 level. Level scores are then decided by what a standing lacks (bodyweight, when made).
 */
function byScore(a: Standing, b: Standing, ranking: Ranking): number {
  const sa = scoreOf(a, ranking)
  const sb = scoreOf(b, ranking)
  if (sa !== null && sb !== null) return sb - sa
  if (sa !== null || sb !== null) return sa !== null ? -1 : 1
  return b.total_weight - a.total_weight
}

/**
 * A lifter outside the top with this standing may now pass the 5th of a group that leaves lifters
 * out (their class is not in the event, so each such group is asked). Level without a score stays
 * behind: who joined first decides, and judging does not change it.
 */
function mayEnter(summary: Summary, standing: Standing): boolean {
  const { ranking } = summary.competition
  return groupsWithHidden(summary).some((group) => {
    const fifth = shownIn(summary, group)[SUMMARY.topPerGroup - 1]
    if (!fifth) return true // fewer shown than the group's top should hold
    const order = byScore(standing, fifth, ranking)
    return order < 0 || (order === 0 && scoreOf(standing, ranking) !== null)
  })
}

/** Ranked, and the first 5 of each group kept: the top is the head of each group, so its places stay true. */
function keepTop(list: readonly Participant[], scoring: Summary['competition']): Participant[] {
  const kept = new Map<string, number>()
  return rankParticipants(list, scoring).filter((p) => {
    const group = groupOf(p, scoring.ranking)
    const n = kept.get(group) ?? 0
    kept.set(group, n + 1)
    return n < SUMMARY.topPerGroup
  })
}

/** A shown lifter whose score fell may now be passed by one the top leaves out. */
function fellWithHidden(before: Summary, after: Participant[], id: number): boolean {
  const was = before.top.find((p) => p.id === id)
  if (!was) return false
  const { ranking } = before.competition
  const now = after.find((p) => p.id === id)
  const group = groupOf(was, ranking)
  return groupsWithHidden(before).includes(group) && (!now || byScore(now, was, ranking) > 0)
}

/**
 * The summary's recent attempts with `attempt` in its place: only attempts with a video, at most two of one
 * lifter's (recentVideos, as the server lists them).
 */
function withRecent(recent: readonly Lift[], attempt: Lift): Lift[] {
  return recentVideos(attempt.video_url ? upsertLift(recent, attempt) : recent.filter((l) => l.id !== attempt.id))
}

export function applySummaryEvent(summary: Summary, event: LiveEvent): SummaryPatch {
  const scoring = summary.competition
  const withTop = (top: Participant[], stale = false): SummaryPatch => ({ summary: { ...summary, top }, stale })
  switch (event.type) {
    case 'participant.joined': {
      const { participant, participants: count } = event.data
      // Counts only grow: a join the summary already counts (an event applied again over a newer answer) adds nothing.
      const counted = count > summary.count
      const cls = participant.weight_class
      return {
        summary: {
          ...summary,
          competition: { ...summary.competition, participants: Math.max(summary.competition.participants, count) },
          count: Math.max(summary.count, count),
          class_counts: counted ? { ...summary.class_counts, [cls]: (summary.class_counts[cls] ?? 0) + 1 } : summary.class_counts,
          top: keepTop(upsertParticipant(summary.top, participant, null), scoring),
        },
        stale: false,
      }
    }
    case 'participant.left': {
      const { participant_id, weight_class: cls, participants: count } = event.data
      const group = groupOf({ weight_class: cls }, scoring.ranking)
      // A shown lifter's place goes to the next of their group, whom the top does not hold: refetch.
      const stale = summary.top.some((p) => p.id === participant_id) && groupsWithHidden(summary).includes(group)
      const { [cls]: inClass = 0, ...otherClasses } = summary.class_counts
      return {
        summary: {
          ...summary,
          competition: { ...summary.competition, participants: count },
          count,
          class_counts: inClass > 1 ? { ...otherClasses, [cls]: inClass - 1 } : otherClasses,
          top: keepTop(removeParticipant(summary.top, participant_id, null), scoring),
        },
        stale,
      }
    }
    case 'participant.updated': {
      // The whole entry comes: it joins the top if it ranks there, shown or not.
      const top = keepTop(upsertParticipant(summary.top, event.data.participant, null), scoring)
      return withTop(top, fellWithHidden(summary, top, event.data.participant.id))
    }
    case 'attempt.created':
    case 'attempt.updated': {
      const { attempt } = event.data
      const top = applyAttempt(summary.top, attempt, scoring)
      return {
        summary: { ...summary, top, recent_lifts: withRecent(summary.recent_lifts, attempt) },
        stale: fellWithHidden(summary, top, attempt.participant_id),
      }
    }
    case 'attempt.judged': {
      const { attempt, standing } = event.data
      const recent = withRecent(summary.recent_lifts, attempt)
      const shown = summary.top.some((p) => p.id === attempt.participant_id)
      const top = shown ? applyAttempt(summary.top, attempt, scoring, standing) : summary.top
      return {
        summary: { ...summary, top, recent_lifts: recent },
        stale: shown ? fellWithHidden(summary, top, attempt.participant_id) : mayEnter(summary, standing),
      }
    }
    case 'attempt.voted': {
      const votes = event.data
      return {
        summary: { ...summary, top: applyVote(summary.top, votes), recent_lifts: applyVoteToLifts(summary.recent_lifts, votes) },
        stale: false,
      }
    }
    default:
      return { summary, stale: false }
  }
}

/**
 * The signed-in lifter's own entry (null: not joined) after an event. Their place is not re-ranked
 * here (the page shows places from the top), so it keeps the server's.
 */
export function applyOwnEvent(own: Participant | null, event: LiveEvent, userId: number): Participant | null {
  switch (event.type) {
    case 'participant.joined':
    case 'participant.updated':
      return event.data.participant.user_id === userId ? event.data.participant : own
    case 'participant.left':
      return event.data.user_id === userId ? null : own
    case 'attempt.created':
    case 'attempt.updated':
    case 'attempt.judged': {
      const { attempt } = event.data
      if (!own || attempt.participant_id !== own.id) return own
      return applyAttempt([own], attempt, null, event.type === 'attempt.judged' ? event.data.standing : undefined)[0]!
    }
    case 'attempt.voted':
      return own && applyVote([own], event.data)[0]!
    default:
      return own
  }
}
