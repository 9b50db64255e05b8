// What judging's locked writes hand the rules (server/services/judging.service.ts): the panel, an attempt
// and its votes as the rules read them, and the handles of a write holding a challenge's room lock
// (infra/repositories/judging.repository.ts makes them).
import type { DecidedBy, Lift, LiftType, Light } from '../../contract/index.ts'
import type { Seats } from './panel.ts'

export type { Seats } from './panel.ts'

export interface PanelView {
  challengeId: number
  organiserId: number | null
  allowLifters: boolean
  publishNames: boolean
  /** Appointed judges in seat order; empty means the organiser judges alone. */
  judges: { userId: number; username: string; name: string; seat: number }[]
}

/** An attempt as the judging rules read it. */
export interface AttemptState {
  id: number
  challengeId: number
  lifterId: number
  liftType: LiftType
  status: 'pending' | 'completed' | 'failed'
  /** 'video' (judged from an upload) or 'live' (the referees' presses in the hall). */
  source: 'video' | 'live'
  decidedBy: DecidedBy | null
  appealState: 'open' | 'confirmed' | 'reversed' | null
  appealUntil: Date | null
  verified: boolean
  votesCast: number
  votesNeeded: number
}

/** A vote as it is stored (and as its light reads it). */
export interface StoredVote {
  judgeId: number
  seat: number
  good: boolean
  reason: string | null
  atSeconds: number | null
  note: string | null
  /** The plate check (contract/judging.ts loadCheckOf); absent on votes read back. */
  loadMatches?: boolean | null
}

/** A decision to record: the attempt's result, its lights and until when its lifter may appeal (null: not appealable). */
export interface Decision {
  status: 'completed' | 'failed'
  by: DecidedBy
  lights: Light[]
  verified: boolean
  decidedAt: Date
  appealUntil: Date | null
}

/** The jury's verdict on an appeal; a reversal records the jury's decision. */
export interface AppealVerdict {
  state: 'confirmed' | 'reversed'
  reason: string
  at: Date
  reversal?: { status: 'completed' | 'failed'; verified: boolean }
}

/** What every judging write reads and does inside its transaction, after the challenge room's lock. */
export interface LockedChallenge {
  readonly challengeId: number
  /** The panel as it is now (the organiser alone while none is appointed). */
  seats(): Promise<Seats>
  /** Which of these users a site administrator has certified as judges (now, as the decision is taken). */
  certifiedAmong(userIds: readonly number[]): Promise<Set<number>>
  /** The attempt's first `n` votes, in the order they were cast. */
  firstVotes(attemptId: number, n: number): Promise<StoredVote[]>
  /** Records a decision and announces it (the room, with where its lifter stands now, and the boards). */
  decide(attemptId: number, decision: Decision): Promise<AttemptState>
  /** Announces an attempt's vote count to the room (the votes themselves stay blind). */
  announceVotes(attempt: AttemptState): Promise<void>
}

/** A write on one attempt: the attempt as it is after the lock, and what may change it. */
export interface LockedAttempt extends LockedChallenge {
  attempt(): AttemptState
  /** The attempt's answer as it stands now in this write. */
  lift(): Lift
  hasVoted(judgeId: number): Promise<boolean>
  /** Stores the vote and counts it; the attempt as it is now. */
  recordVote(vote: StoredVote): Promise<AttemptState>
  /** Opens the lifter's appeal and announces the attempt. */
  openAppeal(note: string, at: Date): Promise<void>
  /** Closes the open appeal with the jury's verdict and announces it (a reversal as a decision). */
  closeAppeal(verdict: AppealVerdict): Promise<void>
}

/** A write on a challenge's panel. */
export interface LockedPanel extends LockedChallenge {
  /** The challenge's settings as they are after the lock. */
  readonly challenge: { organiserId: number | null; allowLifters: boolean; publishNames: boolean }
  /** The ids of the accounts these usernames name (those that exist). */
  usersNamed(usernames: readonly string[]): Promise<Map<string, number>>
  /** One of these users who lifts in the challenge, or null. */
  lifterAmong(userIds: readonly number[]): Promise<number | null>
  /** Stores the panel (seats in the given order) and the challenge's settings. */
  replacePanel(userIds: readonly number[], settings: { allowLifters: boolean; publishNames: boolean }): Promise<void>
  pendingAttempts(): Promise<AttemptState[]>
  setVotesNeeded(attemptId: number, needed: number): Promise<AttemptState>
  /** Announces the change itself, when no attempt's event said it. */
  announcePanelChanged(judges: number): Promise<void>
}
