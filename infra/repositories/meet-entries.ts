// What the attempt rules (contract/meet-rules.ts, applied by server/services/meets.service.ts) read of one
// lifter's entry: the challenge's format and lifts, the lifter's attempts and declared weights. Read inside the
// write that records an attempt or a declaration, after the challenge room's lock, so the rules see every
// earlier write of the challenge. Not a repository itself: attempts and meets repositories share it.
import type { Prisma, Tx } from '../db.ts'

export interface EntryAttempt {
  liftType: string
  attemptNumber: number
  weight: number
  status: 'pending' | 'completed' | 'failed'
  decidedAt: Date | null
}

export interface EntryDeclaration {
  liftType: string
  attemptNumber: number
  weight: number
  automatic: boolean
  declaredAt: Date
}

/** One lifter's entry as the rules read it. */
export interface EntryState {
  participantId: number
  userId: number
  challengeId: number
  gender: string
  challenge: {
    format: string
    liftTypes: string[]
    description: string
    startDate: Date
    endDate: Date
    declarationWindowMinutes: number
  }
  /** Oldest first. */
  attempts: EntryAttempt[]
  declarations: EntryDeclaration[]
}

export const entrySelect = {
  id: true,
  userId: true,
  challengeId: true,
  gender: true,
  challenge: {
    select: { format: true, liftTypes: true, description: true, startDate: true, endDate: true, declarationWindowMinutes: true },
  },
  attempts: {
    select: { liftType: true, attemptNumber: true, weight: true, status: true, decidedAt: true },
    orderBy: { attemptNumber: 'asc' },
  },
  declarations: { select: { liftType: true, attemptNumber: true, weight: true, automatic: true, declaredAt: true } },
} as const satisfies Prisma.ParticipantSelect

type EntryRow = {
  id: number
  userId: number
  challengeId: number
  gender: string
  challenge: EntryState['challenge']
  attempts: EntryAttempt[]
  declarations: EntryDeclaration[]
}

export const toEntryState = (row: EntryRow): EntryState => ({
  participantId: row.id,
  userId: row.userId,
  challengeId: row.challengeId,
  gender: row.gender,
  challenge: row.challenge,
  attempts: row.attempts,
  declarations: row.declarations,
})

/** The entry as it is in this transaction; null when it is gone. */
export async function readEntry(tx: Tx, participantId: number): Promise<EntryState | null> {
  const row = await tx.participant.findUnique({ where: { id: participantId }, select: entrySelect })
  return row ? toEntryState(row) : null
}

/** The number the next attempt of this lift takes: one more than the last recorded. */
export const nextAttemptNumber = (entry: EntryState, liftType: string): number =>
  entry.attempts.filter((a) => a.liftType === liftType).reduce((max, a) => Math.max(max, a.attemptNumber), 0) + 1

/** A participant as a meet's board reads it: what a Participant answer shows, with the lot and the declarations. */
export const boardInclude = {
  user: { select: { name: true, country: true, birthDate: true } },
  attempts: { orderBy: { createdAt: 'asc' } },
  declarations: { select: { liftType: true, attemptNumber: true, weight: true, automatic: true, declaredAt: true } },
} as const satisfies Prisma.ParticipantInclude
export type BoardRow = Prisma.ParticipantGetPayload<{ include: typeof boardInclude }>
