// Who judges a challenge, as votes and uploads read it inside their transactions: the
// appointed judges in seat order, or, while none is appointed, the organiser alone.
import { quorum } from '../../contract/index.ts'
import type { Tx } from '../db.ts'

export interface Seats {
  organiserId: number | null
  publishNames: boolean
  seats: { userId: number; seat: number; name: string }[]
}

export async function seatsOf(tx: Tx, competitionId: number): Promise<Seats> {
  const competition = await tx.competition.findUniqueOrThrow({
    where: { id: competitionId },
    select: {
      createdById: true, publishJudgeNames: true, createdBy: { select: { name: true } },
      judges: { orderBy: { seat: 'asc' }, include: { user: { select: { name: true } } } },
    },
  })
  const seats = competition.judges.length > 0
    ? competition.judges.map((j) => ({ userId: j.userId, seat: j.seat, name: j.user.name }))
    : competition.createdById !== null ? [{ userId: competition.createdById, seat: 1, name: competition.createdBy?.name ?? 'Organiser' }] : []
  return { seats, publishNames: competition.publishJudgeNames, organiserId: competition.createdById }
}

/** Votes an attempt of this lifter needs from these seats (a judge never judges their own attempt). */
export const votesNeeded = (seats: Seats['seats'], lifterId: number) => quorum(seats.filter((s) => s.userId !== lifterId).length)

/** The judges who may vote on this lifter's attempts. */
export const judgesFor = (seats: Seats['seats'], lifterId: number) => seats.map((s) => s.userId).filter((id) => id !== lifterId)
