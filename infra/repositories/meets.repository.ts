// Meets: declarations, the sweep that declares for lifters whose window passed, and the board's read. All of
// their I/O; the rules are server/services/meets.service.ts's, run inside these writes after the challenge
// room's lock (so every earlier write of the challenge is seen; a Refusal they throw rolls the write back).
// Every declaration is announced ('attempt.declared') in the transaction that writes it.
import { randomInt } from 'node:crypto'
import { codeForAttempt, challengeRoom, type Declaration, type LiftType } from '../../contract/index.ts'
import type { Announcer } from '../announcer.ts'
import type { PrismaClient, Tx } from '../db.ts'
import { boardInclude, entrySelect, readEntry, toEntryState, type BoardRow, type EntryState } from './meet-entries.ts'
import { scoringSelect, type ScoringRow } from '../scoring-view.ts'

/** A declaration to write: which attempt, what weight, whether the window's default made it. */
export interface NewDeclaration {
  liftType: LiftType
  attemptNumber: number
  weight: number
  automatic: boolean
}

/** A declaration as the challenge's room sees it: without its attempt code (the lifter's and the judges' only). */
const publicDeclaration = ({ code: _code, ...rest }: Declaration): Declaration => rest

/** Rolls back a locked write that has nothing to write (no event may follow a reserved seq). */
class NothingToWrite extends Error {}

/** How many entries one sweep looks at, at most (the next sweep takes the rest). */
const SWEEP_BATCH = 200

export function createMeetsRepository(prisma: PrismaClient, announcer: Announcer) {
  async function writeDeclaration(tx: Tx, entry: EntryState, d: NewDeclaration, at: Date): Promise<Declaration> {
    const key = { participantId: entry.participantId, liftType: d.liftType, attemptNumber: d.attemptNumber }
    // The lifter's codes so far, read in this locked write; which code the attempt gets is contract/attempt-codes.ts's rule.
    const earlier = await tx.declaration.findMany({
      where: { participantId: entry.participantId },
      select: { liftType: true, attemptNumber: true, code: true },
    })
    const code = codeForAttempt(earlier, d, randomInt)
    const row = await tx.declaration.upsert({
      where: { participantId_liftType_attemptNumber: key },
      create: { ...key, weight: d.weight, automatic: d.automatic, declaredAt: at, code },
      update: { weight: d.weight, automatic: d.automatic, declaredAt: at, code },
    })
    return {
      competition_id: entry.challengeId,
      user_id: entry.userId,
      lift_type: d.liftType,
      attempt_number: row.attemptNumber,
      weight: row.weight,
      automatic: row.automatic,
      declared_at: row.declaredAt.toISOString(),
      code,
    }
  }

  return {
    /** One entry as the attempt rules read it (unlocked: an upload's early check); null when it does not exist. */
    async entry(participantId: number): Promise<EntryState | null> {
      const row = await prisma.participant.findUnique({ where: { id: participantId }, select: entrySelect })
      return row ? toEntryState(row) : null
    },

    /**
     * Declares for the lifter (`decide` reads their entry after the challenge room's lock and answers what to
     * declare, or throws the refusal), and announces it. null: the challenge does not exist or they have not joined.
     */
    async declare(
      userId: number,
      challengeId: number,
      decide: (entry: EntryState) => NewDeclaration,
      now = new Date(),
    ): Promise<Declaration | null> {
      const participant = await prisma.participant.findUnique({
        where: { userId_challengeId: { userId, challengeId } },
        select: { id: true },
      })
      if (!participant) return null
      return announcer
        .write(async (tx, announce) => {
          const room = challengeRoom(challengeId)
          await announce.lock(room)
          const entry = await readEntry(tx, participant.id)
          if (!entry) throw new NothingToWrite()
          const declaration = await writeDeclaration(tx, entry, decide(entry), now)
          await announce(room, 'attempt.declared', { competition_id: challengeId, declaration: publicDeclaration(declaration) })
          return declaration
        })
        .catch((error: unknown) => {
          if (error instanceof NothingToWrite) return null
          throw error
        })
    },

    /** The lifter's own declarations in a challenge, with their attempt codes, in lifting order; null when they have not joined. */
    async declarationsOf(userId: number, challengeId: number): Promise<Declaration[] | null> {
      const participant = await prisma.participant.findUnique({
        where: { userId_challengeId: { userId, challengeId } },
        select: { declarations: { orderBy: [{ liftType: 'asc' }, { attemptNumber: 'asc' }] } },
      })
      return (
        participant &&
        participant.declarations.map((row) => ({
          competition_id: challengeId,
          user_id: userId,
          lift_type: row.liftType as LiftType,
          attempt_number: row.attemptNumber,
          weight: row.weight,
          automatic: row.automatic,
          declared_at: row.declaredAt.toISOString(),
          ...(row.code ? { code: row.code } : {}),
        }))
      )
    },

    /**
     * Declares what is due (`due` reads each entry after its room's lock) for the entries of running meets whose
     * last decision is older than their window and whose next attempt nobody declared or took. Idempotent: run by
     * every node, at start and periodically, so nothing is lost to a restart. Answers the declarations made.
     */
    async sweepDue(now: Date, due: (entry: EntryState, now: Date) => NewDeclaration[]): Promise<Declaration[]> {
      // Timestamps are stored in UTC without a zone: compared as such, whatever the session's time zone.
      const at = now.toISOString().replace('Z', '')
      const candidates = await prisma.$queryRaw<{ participant_id: number; competition_id: number }[]>`
        SELECT DISTINCT a.participant_id, p.competition_id
        FROM attempts a
        JOIN participants p ON p.id = a.participant_id
        JOIN competitions c ON c.id = p.competition_id
        WHERE c.format = 'meet' AND c.end_date >= ${at}::timestamp AND a.status <> 'pending' AND a.decided_at IS NOT NULL
          AND a.decided_at <= ${at}::timestamp - make_interval(mins => c.declaration_window_minutes)
          AND NOT EXISTS (SELECT 1 FROM attempts n WHERE n.participant_id = a.participant_id AND n.lift_type = a.lift_type AND n.attempt_number > a.attempt_number)
          AND NOT EXISTS (SELECT 1 FROM declarations d WHERE d.participant_id = a.participant_id AND d.lift_type = a.lift_type AND d.attempt_number = a.attempt_number + 1)
          AND a.attempt_number < 3
        ORDER BY a.participant_id
        LIMIT ${SWEEP_BATCH}`
      const made: Declaration[] = []
      for (const { participant_id: participantId, competition_id: challengeId } of candidates) {
        const declared = await announcer
          .write(async (tx, announce) => {
            const room = challengeRoom(challengeId)
            await announce.lock(room)
            const entry = await readEntry(tx, participantId)
            const list = entry ? due(entry, now) : []
            if (!entry || list.length === 0) throw new NothingToWrite()
            const written: Declaration[] = []
            for (const d of list) {
              const declaration = await writeDeclaration(tx, entry, d, now)
              await announce(room, 'attempt.declared', { competition_id: challengeId, declaration: publicDeclaration(declaration) })
              written.push(publicDeclaration(declaration))
            }
            return written
          })
          .catch((error: unknown) => {
            if (error instanceof NothingToWrite) return []
            throw error
          })
        made.push(...declared)
      }
      return made
    },

    /**
     * What a meet's board is made of, read in one REPEATABLE READ snapshot with the room's seq: the challenge,
     * every entry with its attempts, lot and declarations. null when the challenge does not exist.
     */
    async board(challengeId: number): Promise<{
      seq: number
      challenge: ScoringRow & { format: string; startDate: Date; endDate: Date; declarationWindowMinutes: number }
      rows: BoardRow[]
    } | null> {
      const [challenge, head, rows] = await prisma.$transaction(
        [
          prisma.challenge.findUnique({
            where: { id: challengeId },
            select: { ...scoringSelect, format: true, startDate: true, endDate: true, declarationWindowMinutes: true },
          }),
          prisma.liveRoom.findUnique({ where: { room: challengeRoom(challengeId) }, select: { seq: true } }),
          prisma.participant.findMany({
            where: { challengeId },
            include: boardInclude,
          }),
        ],
        { isolationLevel: 'RepeatableRead' },
      )
      return challenge ? { seq: head?.seq ?? 0, challenge, rows } : null
    },
  }
}

export type MeetsRepository = ReturnType<typeof createMeetsRepository>
