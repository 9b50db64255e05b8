// Who judges a challenge, as votes and uploads read it inside their transactions: the seats the
// panel rule gives (contract/judging.ts panelSeats) over the appointed judges in seat order.
import { panelSeats } from '../../contract/index.ts'
import type { Tx } from '../db.ts'

export interface Seats {
  organiserId: number | null
  publishNames: boolean
  seats: { userId: number; seat: number; name: string }[]
}

export async function seatsOf(tx: Tx, challengeId: number): Promise<Seats> {
  const challenge = await tx.challenge.findUniqueOrThrow({
    where: { id: challengeId },
    select: {
      createdById: true,
      publishJudgeNames: true,
      createdBy: { select: { name: true } },
      judges: { orderBy: { seat: 'asc' }, include: { user: { select: { name: true } } } },
    },
  })
  const organiser =
    challenge.createdById !== null ? { userId: challenge.createdById, seat: 1, name: challenge.createdBy?.name ?? 'Organiser' } : null
  const seats = panelSeats(
    challenge.judges.map((j) => ({ userId: j.userId, seat: j.seat, name: j.user.name })),
    organiser,
  )
  return { seats, publishNames: challenge.publishJudgeNames, organiserId: challenge.createdById }
}

// The rules of who judges which attempt are the contract's (contract/judging.ts); the upload path reads them here.
export { judgesFor, votesNeeded } from '../../contract/index.ts'
