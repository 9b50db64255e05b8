// Judging's rules: who may vote, the quorum and the decision it reaches, the organiser as jury,
// appeals and their window, who sits on a panel, and the sentence each refusal answers with.
// Every write runs inside the repository's locked transaction (judging.repository.ts
// withAttemptLocked / withPanelLocked): the checks read the rows as they are after the
// challenge's lock, and a Refusal thrown here rolls the write back. The judges whose queue
// changed are told after commit.
import {
  NO_LIFT_REASONS,
  decision,
  decisionLights,
  isVerifiedDecision,
  judgesFor,
  loadCheckOf,
  noLiftReason,
  panelSeats,
  toLight,
  votesNeeded,
  type JudgeQueueChange,
  type Lift,
  type QueuedAttempt,
  type LiftType,
  type VoteBody,
} from '../../contract/index.ts'
import type {
  AttemptState,
  LockedAttempt,
  LockedChallenge,
  PanelView,
  Seats,
  StoredVote,
} from '../../infra/repositories/judging-handles.ts'
import type { JudgingRepository } from '../../infra/repositories/judging.repository.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'
import { meetLiftsOf, orderQueue } from './meets.service.ts'

const NOT_ORGANISER = 'Only the organiser of this challenge can do this.'
const noAttempt = (attemptId: number) => notFound(`Attempt ${attemptId} does not exist.`)
const noChallenge = (challengeId: number) => notFound(`Challenge ${challengeId} does not exist.`)
const OWN_ATTEMPT = 'You cannot judge your own attempt.'
const DECIDED = 'This attempt has already been decided.'
export const PANEL_BUSY_LIVE = 'A lift is with the referees on a platform: change the panel once it is decided.'

export type JudgingStore = Pick<
  JudgingRepository,
  'panel' | 'withAttemptLocked' | 'withPanelLocked' | 'panelsOf' | 'queue' | 'challengesOf' | 'overview'
>

export interface JudgingDeps {
  judging: JudgingStore
  /** Tells judges their queue changed (after commit; not numbered, not stored). */
  judgeQueue: (userIds: readonly number[], change: JudgeQueueChange) => void
  /** How long after a panel decision its lifter may appeal (APPEAL_WINDOW_HOURS). */
  appealWindowMs: number
  /** Signs the URL of the queue's contact sheets (private to the judges and organiser: private-media.service.ts). */
  signedMediaUrl?: (key: string) => string
  now?: () => Date
  /** Marks the queue's record attempts (record-attempts.service.ts markQueue); without it none are marked. */
  markQueue?: <T extends QueuedAttempt>(attempts: readonly T[]) => Promise<T[]>
}

/** A vote as it is stored (and as its light reads it): a good lift carries no reason. */
const ballotOf = (vote: VoteBody) => ({
  good: vote.good,
  reason: vote.good ? null : (vote.reason ?? null),
  atSeconds: vote.at_seconds ?? null,
  note: vote.note?.trim() || null,
})

/** A no lift needs a reason from the lift's catalogue. */
function assertReason(liftType: LiftType, vote: Pick<VoteBody, 'good' | 'reason'>): void {
  if (vote.good) return
  if (!vote.reason || !noLiftReason(liftType, vote.reason)) {
    const codes = NO_LIFT_REASONS[liftType]?.map((r) => r.code).join(', ') ?? ''
    throw badRequest(`A no lift needs a reason for this lift: one of ${codes}.`)
  }
}

/**
 * The panel as `viewer` may see it. With names unpublished, only the organiser sees the seats (the
 * order they appointed); anyone else gets the judges by name with seat 0, so the list cannot be
 * matched to votes (lights tell no seat either: decisionLights).
 */
const panelAsSeenBy = (panel: PanelView, organiserFallback: number, viewer: number | null) => {
  const seatsShown = panel.publishNames || (viewer !== null && viewer === panel.organiserId)
  const judges = panel.judges.map((j) => ({ user_id: j.userId, username: j.username, name: j.name, seat: seatsShown ? j.seat : 0 }))
  if (!seatsShown) judges.sort((a, b) => a.name.localeCompare(b.name) || a.username.localeCompare(b.username))
  return {
    competition_id: panel.challengeId,
    organiser_id: panel.organiserId ?? organiserFallback,
    judges,
    allow_lifters: panel.allowLifters,
    publish_names: panel.publishNames,
  }
}

export function createJudgingService(deps: JudgingDeps) {
  const { judging, judgeQueue, appealWindowMs } = deps
  const now = deps.now ?? (() => new Date())

  /** The organiser deciding as jury, as the verification rule sees them. */
  async function juryOf(locked: LockedChallenge, organiserId: number) {
    return { userId: organiserId, certified: (await locked.certifiedAmong([organiserId])).has(organiserId) }
  }

  /** The panel's decision from the first `needed` votes, recorded (false while votes are missing). */
  async function decideByVotes(locked: LockedChallenge, attempt: AttemptState, needed: 1 | 3, seats: Seats): Promise<boolean> {
    const votes: StoredVote[] = await locked.firstVotes(attempt.id, needed)
    const status = decision(votes, needed)
    if (!status) return false
    // Lights by seat only with names published (decisionLights).
    const lights = decisionLights(votes, attempt.liftType, seats.publishNames ? new Map(seats.seats.map((s) => [s.userId, s.name])) : null)
    const certified = await locked.certifiedAmong(votes.map((v) => v.judgeId))
    const verified = isVerifiedDecision({
      by: 'panel',
      lifterId: attempt.lifterId,
      organiserId: seats.organiserId,
      panel: seats.seats.map((s) => s.userId),
      voters: votes.map((v) => ({
        userId: v.judgeId,
        certified: certified.has(v.judgeId),
        withDecision: v.good === (status === 'completed'),
      })),
    })
    // An appeal goes to the organiser as jury: the organiser's own attempts have no one above them to hear one.
    const decidedAt = now()
    const appealUntil = attempt.lifterId !== seats.organiserId ? new Date(decidedAt.getTime() + appealWindowMs) : null
    await locked.decide(attempt.id, { status, by: 'panel', lights, verified, decidedAt, appealUntil })
    return true
  }

  /** Runs a write on one attempt; its answer is the attempt as the write left it. */
  async function onAttempt(attemptId: number, work: (locked: LockedAttempt) => Promise<void>): Promise<Lift> {
    const lift = await judging.withAttemptLocked(attemptId, async (locked) => {
      await work(locked)
      return locked.lift()
    })
    if (!lift) throw noAttempt(attemptId)
    return lift
  }

  return {
    /** The panel as `viewer` may see it; refused when the challenge does not exist. */
    async panelFor(challengeId: number, viewer: number | null) {
      const panel = await judging.panel(challengeId)
      if (!panel) throw noChallenge(challengeId)
      return panelAsSeenBy(panel, 0, viewer)
    },

    /**
     * Replaces the panel (the organiser only): 1–5 judges by username; a lifter of the challenge
     * only when lifters are allowed on it. Pending attempts get the quorum of the new panel; one
     * whose votes already reach it is decided now.
     */
    async setPanel(
      challengeId: number,
      organiserId: number,
      change: { usernames: string[]; allowLifters?: boolean; publishNames?: boolean },
    ): Promise<void> {
      const notify = await judging.withPanelLocked(challengeId, async (locked) => {
        if (locked.challenge.organiserId !== organiserId) throw forbidden(NOT_ORGANISER)
        const allowLifters = change.allowLifters ?? locked.challenge.allowLifters
        const wanted = [...new Set(change.usernames.map((u) => u.trim()))]
        const byName = await locked.usersNamed(wanted)
        const missing = wanted.find((u) => !byName.has(u))
        if (missing !== undefined) throw badRequest(`There is no user named ${missing}.`)
        const ids = wanted.map((u) => byName.get(u)!)
        if (!allowLifters) {
          const lifter = await locked.lifterAmong(ids)
          if (lifter !== null)
            throw conflict(`${wanted[ids.indexOf(lifter)]} lifts in this challenge; allow lifters on the panel to appoint them.`)
        }
        const pending = await locked.pendingAttempts()
        // The referees' presses on a lift in the hall are the panel's votes: a panel changed under them would
        // leave that lift undecidable (docs/hall-mode.md).
        if (pending.some((attempt) => attempt.source === 'live')) throw conflict(PANEL_BUSY_LIVE)
        await locked.replacePanel(ids, { allowLifters, publishNames: change.publishNames ?? locked.challenge.publishNames })

        const seats = await locked.seats()
        let announced = false
        for (const attempt of pending) {
          const needed = votesNeeded(seats.seats, attempt.lifterId)
          if (needed === attempt.votesNeeded) continue
          const row = await locked.setVotesNeeded(attempt.id, needed)
          if (row.votesCast >= needed && (await decideByVotes(locked, row, needed, seats))) announced = true
          else {
            await locked.announceVotes(row)
            announced = true
          }
        }
        // The room's lock reserved a number: with no attempt to announce, the change itself is the event.
        if (!announced) await locked.announcePanelChanged(seats.seats.length)
        return seats.seats.map((s) => s.userId)
      })
      if (!notify) throw noChallenge(challengeId)
      judgeQueue(notify, { competition_id: challengeId, attempt_id: 0 })
    },

    /** A judge's vote. At the quorum the decision is recorded in the same transaction, once. */
    async vote(attemptId: number, judgeId: number, vote: VoteBody): Promise<Lift> {
      let notify: number[] = []
      let challengeId = 0
      const lift = await onAttempt(attemptId, async (locked) => {
        const attempt = locked.attempt()
        challengeId = attempt.challengeId
        const seats = await locked.seats()
        const seat = seats.seats.find((s) => s.userId === judgeId)
        if (!seat) throw forbidden('You are not a judge of this challenge.')
        if (attempt.lifterId === judgeId) throw forbidden(OWN_ATTEMPT)
        if (attempt.status !== 'pending') throw conflict(DECIDED)
        if (await locked.hasVoted(judgeId)) throw conflict('You have already voted on this attempt.')
        assertReason(attempt.liftType, vote)
        const load = loadCheckOf(vote)
        if ('refusal' in load) throw badRequest(load.refusal)
        const counted = await locked.recordVote({ judgeId, seat: seat.seat, ...ballotOf(vote), loadMatches: load.loadMatches })
        const needed = counted.votesNeeded === 3 ? 3 : 1
        if (counted.votesCast >= needed && (await decideByVotes(locked, counted, needed, seats))) {
          // A decided attempt leaves the other judges' queues.
          notify = judgesFor(seats.seats, attempt.lifterId).filter((id) => id !== judgeId)
          return
        }
        await locked.announceVotes({ ...counted, votesNeeded: needed })
      })
      if (notify.length > 0) judgeQueue(notify, { competition_id: challengeId, attempt_id: attemptId })
      return lift
    },

    /**
     * An attempt judged live in the hall (docs/hall-mode.md): the referees' three presses as the panel's votes and the
     * decision at its quorum, as a video's (same appeal and jury); a red may lack its reason. Idempotent.
     */
    async recordLive(attemptId: number, presses: readonly { judgeId: number; good: boolean; reason: string | null }[]): Promise<Lift> {
      let notify: number[] = []
      let challengeId = 0
      const lift = await onAttempt(attemptId, async (locked) => {
        const attempt = locked.attempt()
        challengeId = attempt.challengeId
        if (attempt.status !== 'pending') return
        const seats = await locked.seats()
        let counted = attempt
        for (const press of presses) {
          const seat = seats.seats.find((s) => s.userId === press.judgeId)
          if (!seat) throw forbidden('You are not a judge of this challenge.')
          if (await locked.hasVoted(press.judgeId)) continue
          counted = await locked.recordVote({
            judgeId: press.judgeId,
            seat: seat.seat,
            good: press.good,
            reason: press.good ? null : press.reason,
            atSeconds: null,
            note: null,
          })
        }
        const needed = counted.votesNeeded === 3 ? 3 : 1
        if (counted.votesCast >= needed && (await decideByVotes(locked, counted, needed, seats))) {
          notify = judgesFor(seats.seats, attempt.lifterId)
          return
        }
        await locked.announceVotes({ ...counted, votesNeeded: needed })
      })
      if (notify.length > 0) judgeQueue(notify, { competition_id: challengeId, attempt_id: attemptId })
      return lift
    },

    /** The organiser decides a pending attempt directly, as jury (recorded as such; final). */
    async juryDecide(attemptId: number, organiserId: number, vote: VoteBody): Promise<Lift> {
      let notify: number[] = []
      let challengeId = 0
      const lift = await onAttempt(attemptId, async (locked) => {
        const attempt = locked.attempt()
        challengeId = attempt.challengeId
        const seats = await locked.seats()
        if (seats.organiserId !== organiserId) throw forbidden(NOT_ORGANISER)
        if (attempt.lifterId === organiserId) throw forbidden(OWN_ATTEMPT)
        if (attempt.status !== 'pending') throw conflict(DECIDED)
        assertReason(attempt.liftType, vote)
        notify = seats.seats.map((s) => s.userId)
        const juryLight = toLight(ballotOf(vote), attempt.liftType, 'Jury')
        const verified = isVerifiedDecision({
          by: 'jury',
          onAppeal: false,
          reversesVerified: false,
          lifterId: attempt.lifterId,
          jury: await juryOf(locked, organiserId),
        })
        await locked.decide(attempt.id, {
          status: vote.good ? 'completed' : 'failed',
          by: 'jury',
          lights: [juryLight],
          verified,
          decidedAt: now(),
          appealUntil: null,
        })
      })
      judgeQueue(notify, { competition_id: challengeId, attempt_id: attemptId })
      return lift
    },

    /** The lifter appeals a panel decision, once, within the window. */
    appeal(attemptId: number, lifterId: number, note: string): Promise<Lift> {
      return onAttempt(attemptId, async (locked) => {
        const attempt = locked.attempt()
        if (attempt.lifterId !== lifterId) throw forbidden('Only the lifter can appeal this attempt.')
        // Decisions recorded before organisers' own attempts stopped being appealable still say so.
        if ((await locked.seats()).organiserId === lifterId) {
          throw forbidden('You organise this challenge: your own attempts cannot be appealed, as the jury that hears appeals is you.')
        }
        if (attempt.status === 'pending' || attempt.decidedBy !== 'panel' || attempt.appealState)
          throw conflict('Only a decision of the judges can be appealed, and only once.')
        const at = now()
        if (!attempt.appealUntil || attempt.appealUntil <= at) throw conflict('The time to appeal this decision has passed.')
        await locked.openAppeal(note.trim(), at)
      })
    },

    /** The organiser, as jury, confirms or reverses an appealed decision, with a reason; final. */
    decideAppeal(attemptId: number, organiserId: number, verdict: { reverse: boolean; reason: string }): Promise<Lift> {
      return onAttempt(attemptId, async (locked) => {
        const attempt = locked.attempt()
        if ((await locked.seats()).organiserId !== organiserId) throw forbidden(NOT_ORGANISER)
        // Their own attempt: an appeal opened before organisers' appeals were refused may be closed
        // (confirmed: the panel's decision stands), never reversed in their own favour.
        if (attempt.lifterId === organiserId && verdict.reverse) throw forbidden(OWN_ATTEMPT)
        if (attempt.appealState !== 'open') throw conflict('This attempt has no appeal to decide.')
        // A reversal is the jury's decision and verified as one; a confirmation leaves the panel's as it was.
        const reversal = verdict.reverse
          ? {
              status: attempt.status === 'completed' ? ('failed' as const) : ('completed' as const),
              verified: isVerifiedDecision({
                by: 'jury',
                onAppeal: true,
                reversesVerified: attempt.verified,
                lifterId: attempt.lifterId,
                jury: await juryOf(locked, organiserId),
              }),
            }
          : undefined
        await locked.closeAppeal({ state: verdict.reverse ? 'reversed' : 'confirmed', reason: verdict.reason.trim(), at: now(), reversal })
      })
    },

    /**
     * Attempts awaiting this judge's vote across the panels they sit on (appointed, or the organiser while
     * none is), oldest first; never their own, and only with a video: a judge decides from the video
     * (docs/judging.md), so one entered without any never reaches a queue. A meet's attempts come in its
     * lifting order (by lift, round, weight, lot: docs/meet-rules.md), in the places its attempts hold.
     */
    async queue(judgeId: number) {
      const seated = (await judging.panelsOf(judgeId))
        .filter((panel) => panelSeats(panel.appointed, panel.organiserId).includes(judgeId))
        .map((panel) => panel.challengeId)
      const rows =
        seated.length === 0 ? [] : await judging.queue({ challengeIds: seated, votedBy: judgeId, liftedBy: judgeId, withVideo: true })
      const ordered = orderQueue(rows, ({ attempt, order }) => ({
        challengeId: order.challengeId,
        format: order.challenge.format,
        lifts: meetLiftsOf(order.challenge),
        ordered: {
          lift: attempt.lift_type as LiftType,
          attempt: attempt.attempt_number,
          weight: attempt.weight,
          lot: order.lot,
          earlier: order.earlier,
          bodyweight: order.bodyweight,
          name: attempt.participant_name,
        },
      })).map(({ attempt }) => {
        const sheet = attempt.take_checks?.contact_sheet_key
        return sheet && deps.signedMediaUrl ? { ...attempt, contact_sheet_url: deps.signedMediaUrl(sheet) } : attempt
      })
      return deps.markQueue ? deps.markQueue(ordered) : ordered
    },
    challengesOf: (userId: number) => judging.challengesOf(userId),

    /** The organiser's view: what waits, each judge's votes and agreement with the decisions, open appeals. */
    async overview(challengeId: number, viewer: number) {
      const found = await judging.overview(challengeId)
      if (!found) throw noChallenge(challengeId)
      if (found.panel.organiserId !== viewer) throw forbidden(NOT_ORGANISER)
      return {
        competition_id: challengeId,
        pending: found.pending,
        judges: found.judges.map((j) => {
          const own = found.votes.filter((v) => v.judgeId === j.userId)
          const decided = own.filter((v) => v.status !== 'pending')
          const agreed = decided.filter((v) => v.good === (v.status === 'completed')).length
          return {
            user_id: j.userId,
            username: j.username,
            name: j.name,
            seat: j.seat,
            votes_cast: own.length,
            agreement: decided.length > 0 ? agreed / decided.length : null,
          }
        }),
        appeals: found.appeals,
      }
    },
  }
}

export type JudgingService = ReturnType<typeof createJudgingService>
