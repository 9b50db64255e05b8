// Participants (a user in one challenge, in a weight class): all of their I/O.
// Joining and leaving are announced to the challenge room (with the new count) and the board.
import { randomInt } from 'node:crypto'
import { GLOBAL_ROOM, challengeRoom, drawLot, type Participant } from '../../contract/index.ts'
import type { Announcer } from '../announcer.ts'
import type { Prisma, PrismaClient } from '../db.ts'
import { Refusal, isUniqueViolation } from '../refusal.ts'
import { refreshLeaderboardOf } from './leaderboard-refresh.ts'
import { scoringSelect, type ScoringRow } from '../scoring-view.ts'

/** A participant with what its answer shows: name, country and every attempt, oldest first. */
export const participantWithAttempts = {
  user: { select: { name: true, country: true, birthDate: true } },
  attempts: { orderBy: { createdAt: 'asc' } },
} as const satisfies Prisma.ParticipantInclude
export type ParticipantRow = Prisma.ParticipantGetPayload<{ include: typeof participantWithAttempts }>

export interface NewParticipant {
  userId: number
  challengeId: number
  weightClass: string
  gender: string
  bodyweight: number | null
  /** The team (club) entered for; null: none. */
  team?: string | null
  /** 'classic' (the column's default) or 'equipped' (contract/categories.ts entryEquipment). */
  equipment?: string
}

/** A write on one lifter's entry, after its challenge room's lock. */
export interface LockedEntry {
  /** How many attempts the lifter has in the challenge. */
  attempts(): Promise<number>
  /** How many of them are judged already. */
  judgedAttempts(): Promise<number>
  /** Sets the bodyweight and announces the entry (the room, the boards). */
  setBodyweight(bodyweight: number): Promise<Participant>
  /** Removes the entry and announces it with the new count. */
  remove(): Promise<{ count: number; weightClass: string }>
}

export const ALREADY_JOINED = 'You have already joined this challenge.'

/** Rolls back a locked write on an entry that is not there (withEntryLocked then answers null). */
class NotJoined extends Error {}

/** Rolls back a date-of-birth write whose entries changed between their first read and their rooms' locks. */
class EntriesMoved extends Error {}

/** Writes of a date of birth tried before the entries stop changing under it (then a 409 asks to try again). */
const ENTRY_SET_TRIES = 5
const ENTRIES_BUSY = 'Your entries changed while your date of birth was being saved. Please try again.'

export function createParticipantsRepository(prisma: PrismaClient, announcer: Announcer) {
  return {
    /**
     * Joins and announces it. The challenge room is locked before the count, so the count in the
     * event includes every earlier join. A second join of the same user is refused (409). With
     * `setsAccountSex`, the account's sex is set to the entry's if it has none; null (nothing
     * written) when another write set it otherwise meanwhile.
     */
    join(
      data: NewParticipant,
      setsAccountSex: boolean,
      answer: (row: ParticipantRow) => Participant,
    ): Promise<{ participant: Participant; count: number } | null> {
      return announcer.write(async (tx, announce) => {
        // An account's first join sets its sex to the entry's: two first joins of one account racing in
        // different categories leave one of them refused, never both stored.
        if (setsAccountSex) {
          await tx.user.updateMany({ where: { id: data.userId, sex: null }, data: { sex: data.gender } })
          const account = await tx.user.findUnique({ where: { id: data.userId }, select: { sex: true } })
          if (account?.sex !== data.gender) return null
        }
        const room = challengeRoom(data.challengeId)
        await announce.lock(room)
        // The lot, drawn at random among those not drawn yet: the room's lock keeps two joins from drawing one number.
        const drawn = await tx.participant.findMany({
          where: { challengeId: data.challengeId, lot: { not: null } },
          select: { lot: true },
        })
        const lot = drawLot(new Set(drawn.map((p) => p.lot!)), () => randomInt(0, 2 ** 32) / 2 ** 32)
        let created: ParticipantRow
        try {
          created = await tx.participant.create({ data: { ...data, lot }, include: participantWithAttempts })
        } catch (error) {
          if (isUniqueViolation(error)) throw new Refusal('conflict', ALREADY_JOINED)
          throw error
        }
        const count = await tx.participant.count({ where: { challengeId: data.challengeId } })
        const participant = answer(created)
        await announce(room, 'participant.joined', { competition_id: data.challengeId, participant, participants: count })
        await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: data.challengeId })
        await refreshLeaderboardOf(tx, data.userId)
        return { participant, count }
      })
    },

    /**
     * Runs `work` in one write on the lifter's entry, after the challenge room's lock; null (nothing
     * written) when they have not joined. What `work` throws rolls the write back: the room's
     * reserved seq must not commit without its event. For a removal the entry's row is taken FOR
     * UPDATE: an attempt being recorded for this lifter (it takes a key-share lock on the row)
     * commits before the attempts are counted, or waits and then finds the row gone.
     */
    withEntryLocked<T>(
      entry: { userId: number; challengeId: number; answer: (row: ParticipantRow) => Participant; forRemoval?: boolean },
      work: (locked: LockedEntry) => Promise<T>,
    ): Promise<T | null> {
      const { userId, challengeId } = entry
      return announcer
        .write(async (tx, announce) => {
          const room = challengeRoom(challengeId)
          await announce.lock(room)
          const where = { userId_challengeId: { userId, challengeId } }
          const [lifter] = entry.forRemoval
            ? await tx.$queryRaw<
                { id: number }[]
              >`SELECT id FROM participants WHERE user_id = ${userId} AND competition_id = ${challengeId} FOR UPDATE`
            : [await tx.participant.findUnique({ where, select: { id: true } })]
          // Thrown, not returned: the room's reserved seq must not commit without its event.
          if (!lifter) throw new NotJoined()
          return work({
            attempts: () => tx.attempt.count({ where: { participantId: lifter.id } }),
            judgedAttempts: () => tx.attempt.count({ where: { participantId: lifter.id, status: { not: 'pending' } } }),
            async setBodyweight(bodyweight) {
              const participant = entry.answer(
                await tx.participant.update({ where, data: { bodyweight }, include: participantWithAttempts }),
              )
              await announce(room, 'participant.updated', { competition_id: challengeId, participant })
              await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: challengeId })
              await refreshLeaderboardOf(tx, userId)
              return participant
            },
            async remove() {
              const removed = await tx.participant.delete({ where: { id: lifter.id }, select: { weightClass: true } })
              const count = await tx.participant.count({ where: { challengeId } })
              await announce(room, 'participant.left', {
                competition_id: challengeId,
                participant_id: userId,
                user_id: userId,
                weight_class: removed.weightClass,
                participants: count,
              })
              await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: challengeId })
              await refreshLeaderboardOf(tx, userId)
              return { count, weightClass: removed.weightClass }
            },
          })
        })
        .catch((error: unknown) => {
          if (error instanceof NotJoined) return null
          throw error
        })
    },

    /**
     * Sets an account's date of birth and announces each of its entries again (their divisions follow
     * it). Every entry's room is locked first, in one fixed order (ascending challenge id, so two such
     * writes cannot deadlock), then the entries are read again: an entry made or left between the first
     * read and the locks runs the write again. `mayChange` runs with the rooms held (no judging can add a
     * result meanwhile): it throws the refusal when the account has results, and nothing is written.
     */
    async setBirthDate(
      userId: number,
      birthDate: Date,
      answer: (row: ParticipantRow, challenge: ScoringRow & { startDate: Date }) => Participant,
      mayChange: (account: { hasResults: boolean }) => void = () => {},
    ): Promise<void> {
      for (let tries = 1; ; tries += 1) {
        try {
          return await announcer.write(async (tx, announce) => {
            const entriesNow = async () =>
              (await tx.participant.findMany({ where: { userId }, select: { challengeId: true } }))
                .map((e) => e.challengeId)
                .sort((a, b) => a - b)
            const locked = await entriesNow()
            for (const challengeId of locked) await announce.lock(challengeRoom(challengeId))
            const entries = await entriesNow()
            if (entries.length !== locked.length || entries.some((id, i) => id !== locked[i])) throw new EntriesMoved()
            mayChange({ hasResults: (await tx.attempt.count({ where: { participant: { userId } }, take: 1 })) > 0 })
            await tx.user.update({ where: { id: userId }, data: { birthDate } })
            for (const challengeId of entries) {
              const row = await tx.participant.findUniqueOrThrow({
                where: { userId_challengeId: { userId, challengeId } },
                include: { ...participantWithAttempts, challenge: { select: { ...scoringSelect, startDate: true } } },
              })
              await announce(challengeRoom(challengeId), 'participant.updated', {
                competition_id: challengeId,
                participant: answer(row, row.challenge),
              })
            }
            if (entries.length > 0) await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: 0 })
          })
        } catch (error) {
          // Rolled back (the rooms' reserved numbers too): read and lock the entries as they are now.
          if (!(error instanceof EntriesMoved)) throw error
          if (tries >= ENTRY_SET_TRIES) throw new Refusal('conflict', ENTRIES_BUSY)
        }
      }
    },

    /**
     * Records a lifter's weigh-in after the challenge room's lock: `decide` reads the entry as it is then
     * and answers the class the bodyweight puts them in (or throws the refusal). The entry keeps the class
     * it entered when moved, and is announced. null (nothing written) when they have not joined.
     */
    recordWeighIn(
      entry: { userId: number; challengeId: number; bodyweight: number; at: Date; answer: (row: ParticipantRow) => Participant },
      decide: (current: { weightClass: string; gender: string; weighedInAt: Date | null; birthDate: Date | null }) => string,
    ): Promise<{ participant: Participant; movedFrom: string | null } | null> {
      const { userId, challengeId } = entry
      return announcer
        .write(async (tx, announce) => {
          const room = challengeRoom(challengeId)
          await announce.lock(room)
          const where = { userId_challengeId: { userId, challengeId } }
          const current = await tx.participant.findUnique({
            where,
            select: { weightClass: true, gender: true, weighedInAt: true, user: { select: { birthDate: true } } },
          })
          if (!current) throw new NotJoined()
          const weightClass = decide({ ...current, birthDate: current.user.birthDate })
          const movedFrom = weightClass === current.weightClass ? null : current.weightClass
          const row = await tx.participant.update({
            where,
            data: { bodyweight: entry.bodyweight, weighedInAt: entry.at, weightClass, ...(movedFrom ? { enteredClass: movedFrom } : {}) },
            include: participantWithAttempts,
          })
          const participant = entry.answer(row)
          await announce(room, 'participant.updated', { competition_id: challengeId, participant })
          await announce(GLOBAL_ROOM, 'leaderboard.changed', { competition_id: challengeId })
          await refreshLeaderboardOf(tx, userId)
          return { participant, movedFrom }
        })
        .catch((error: unknown) => {
          if (error instanceof NotJoined) return null
          throw error
        })
    },

    /** The user's participation in a challenge, with the name events carry; null when they have not joined. */
    findLifter(userId: number, challengeId: number) {
      return prisma.participant.findUnique({
        where: { userId_challengeId: { userId, challengeId } },
        include: { user: { select: { name: true, birthDate: true } } },
      })
    },

    /**
     * A challenge's participants and its room's seq, read in one REPEATABLE READ snapshot, so the
     * rows are exactly the state at that seq (events after it apply on top without double
     * counting), with how the challenge scores them. null when the challenge does not exist.
     */
    async listWithSeq(
      challengeId: number,
    ): Promise<{ seq: number; rows: ParticipantRow[]; challenge: ScoringRow & { startDate: Date } } | null> {
      const [challenge, head, rows] = await prisma.$transaction(
        [
          prisma.challenge.findUnique({ where: { id: challengeId }, select: { ...scoringSelect, startDate: true } }),
          prisma.liveRoom.findUnique({ where: { room: challengeRoom(challengeId) }, select: { seq: true } }),
          prisma.participant.findMany({ where: { challengeId }, include: participantWithAttempts }),
        ],
        { isolationLevel: 'RepeatableRead' },
      )
      return challenge ? { seq: head?.seq ?? 0, rows, challenge } : null
    },
  }
}

export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>
