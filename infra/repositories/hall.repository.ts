// Hall mode's I/O (docs/hall-mode.md): a meet's flights, each platform's live row (the called lifter and the
// clock as stored), the live attempts a call creates and the referees' presses. The rules are
// server/services/hall.service.ts's; every write runs in `withHallLocked`, after the challenge room's lock
// (the lock order: room, then rows), and announces the platforms it changed ('hall.changed') in its transaction.
import { challengeRoom, type HallPlatformView } from '../../contract/index.ts'
import type { Announcer } from '../announcer.ts'
import type { PrismaClient, Tx } from '../db.ts'

export interface HallAttemptRow {
  id: number
  liftType: string
  attemptNumber: number
  weight: number
  status: string
  decidedAt: Date | null
  /** 'live' (the hall's referees) or 'video'. */
  judgingSource: string
}
export interface HallLifterRow {
  participantId: number
  userId: number
  name: string
  gender: string
  lot: number | null
  bodyweight: number | null
  flightId: number | null
  attempts: HallAttemptRow[]
  declarations: { liftType: string; attemptNumber: number; weight: number; automatic: boolean }[]
}
export interface PlatformRow {
  platform: number
  flightId: number | null
  liftType: string | null
  participantId: number | null
  attemptId: number | null
  previousParticipantId: number | null
  allowanceMs: number
  remainingMs: number
  runningSince: Date | null
}
/** A platform's timekeeper or announcer/marshal (docs/hall-mode.md, "The desk"). */
export interface OfficialRow {
  platform: number
  role: string
  userId: number
  name: string
}
/** What the desk recorded of a lifter's attempt: declared at the desk, changes used. */
export interface DeskEntryRow {
  participantId: number
  liftType: string
  attemptNumber: number
  declared: boolean
  changes: number
}
export interface PressRow {
  attemptId: number
  seat: number
  refereeId: number
  good: boolean
  reason: string | null
}
export interface HallSnapshot {
  challenge: { id: number; organiserId: number | null; format: string; venue: string; liftTypes: string[]; description: string }
  flights: { id: number; name: string; session: number; platform: number }[]
  lifters: HallLifterRow[]
  platforms: PlatformRow[]
  /** The judging panel's seats (1–5), in seat order. */
  seats: { userId: number; seat: number }[]
  /** The presses on the platforms' current attempts. */
  presses: PressRow[]
  officials: OfficialRow[]
  deskEntries: DeskEntryRow[]
}

export interface HallHandle {
  snapshot(): HallSnapshot
  /** Reads the rows again (after this write's changes). */
  reload(): Promise<HallSnapshot>
  /** Replaces the meet's venue and flights (lifters leave their old flights). */
  replaceFlights(venue: string, flights: { name: string; session: number; platform: number; participantIds: number[] }[]): Promise<void>
  savePlatform(row: PlatformRow): Promise<void>
  /** Creates the called attempt, judged live; its id. */
  createLiveAttempt(a: {
    participantId: number
    liftType: string
    attemptNumber: number
    weight: number
    votesNeeded: number
  }): Promise<number>
  /** Stores a press unless the seat already pressed on the attempt; whether it was stored. */
  insertPress(press: PressRow): Promise<boolean>
  setPressReason(attemptId: number, seat: number, reason: string): Promise<void>
  /** The presses on one attempt, in seat order. */
  pressesOn(attemptId: number): Promise<PressRow[]>
  announce(platform: HallPlatformView): Promise<void>
  /** The users with these usernames (those that exist). */
  usersNamed(usernames: string[]): Promise<{ id: number; username: string }[]>
  /** Sets (or, with null, removes) a platform's official in a role. */
  setOfficial(platform: number, role: string, userId: number | null): Promise<void>
  /** The lifter's declared weight for an attempt (not automatic: declared at the desk). */
  saveDeclaration(d: { participantId: number; liftType: string; attemptNumber: number; weight: number }): Promise<void>
  saveDeskEntry(e: DeskEntryRow): Promise<void>
  /** A called attempt's weight, changed before the lift. */
  setAttemptWeight(attemptId: number, weight: number): Promise<void>
}

async function readSnapshot(db: Tx | PrismaClient, challengeId: number): Promise<HallSnapshot | null> {
  const challenge = await db.challenge.findUnique({
    where: { id: challengeId },
    select: { id: true, createdById: true, format: true, venue: true, liftTypes: true, description: true },
  })
  if (!challenge) return null
  const [flights, participants, platforms, judges] = await Promise.all([
    db.hallFlight.findMany({
      where: { challengeId },
      orderBy: [{ session: 'asc' }, { name: 'asc' }],
      select: { id: true, name: true, session: true, platform: true },
    }),
    db.participant.findMany({
      where: { challengeId },
      select: {
        id: true,
        userId: true,
        gender: true,
        lot: true,
        bodyweight: true,
        flightId: true,
        user: { select: { name: true } },
        attempts: {
          select: { id: true, liftType: true, attemptNumber: true, weight: true, status: true, decidedAt: true, judgingSource: true },
          orderBy: { attemptNumber: 'asc' },
        },
        declarations: { select: { liftType: true, attemptNumber: true, weight: true, automatic: true } },
      },
    }),
    db.hallPlatform.findMany({ where: { challengeId }, orderBy: { platform: 'asc' } }),
    db.judge.findMany({ where: { challengeId }, orderBy: { seat: 'asc' }, select: { userId: true, seat: true } }),
  ])
  const [officials, deskEntries] = await Promise.all([
    db.hallOfficial.findMany({
      where: { challengeId },
      orderBy: [{ platform: 'asc' }, { role: 'asc' }],
      select: { platform: true, role: true, userId: true, user: { select: { name: true } } },
    }),
    db.hallDeskEntry.findMany({
      where: { participant: { challengeId } },
      select: { participantId: true, liftType: true, attemptNumber: true, declared: true, changes: true },
    }),
  ])
  const current = platforms.map((p) => p.attemptId).filter((id): id is number => id !== null)
  const presses =
    current.length === 0
      ? []
      : await db.hallPress.findMany({
          where: { attemptId: { in: current } },
          orderBy: { seat: 'asc' },
          select: { attemptId: true, seat: true, refereeId: true, good: true, reason: true },
        })
  return {
    challenge: {
      id: challenge.id,
      organiserId: challenge.createdById,
      format: challenge.format,
      venue: challenge.venue,
      liftTypes: challenge.liftTypes,
      description: challenge.description,
    },
    flights,
    lifters: participants.map((p) => ({
      participantId: p.id,
      userId: p.userId,
      name: p.user.name,
      gender: p.gender,
      lot: p.lot,
      bodyweight: p.bodyweight,
      flightId: p.flightId,
      attempts: p.attempts.map((a) => ({ ...a, status: a.status as string })),
      declarations: p.declarations,
    })),
    platforms: platforms.map((p) => ({
      platform: p.platform,
      flightId: p.flightId,
      liftType: p.liftType,
      participantId: p.participantId,
      attemptId: p.attemptId,
      previousParticipantId: p.previousParticipantId,
      allowanceMs: p.allowanceMs,
      remainingMs: p.remainingMs,
      runningSince: p.runningSince,
    })),
    seats: judges,
    presses,
    officials: officials.map((o) => ({ platform: o.platform, role: o.role, userId: o.userId, name: o.user.name })),
    deskEntries,
  }
}

export function createHallRepository(prisma: PrismaClient, announcer: Announcer) {
  return {
    /** The hall as it is (unlocked: a read); null when the challenge does not exist. */
    read: (challengeId: number) => readSnapshot(prisma, challengeId),

    /** Runs `work` after the challenge room's lock, in one transaction with its events; null when the challenge does not exist. */
    async withHallLocked<T>(challengeId: number, work: (hall: HallHandle) => Promise<T>): Promise<T | null> {
      const exists = await prisma.challenge.findUnique({ where: { id: challengeId }, select: { id: true } })
      if (!exists) return null
      return announcer.write(async (tx, announce) => {
        const room = challengeRoom(challengeId)
        await announce.lock(room)
        let snapshot = (await readSnapshot(tx, challengeId))!
        const handle: HallHandle = {
          snapshot: () => snapshot,
          async reload() {
            snapshot = (await readSnapshot(tx, challengeId))!
            return snapshot
          },
          async replaceFlights(venue, flights) {
            await tx.challenge.update({ where: { id: challengeId }, data: { venue } })
            await tx.participant.updateMany({ where: { challengeId }, data: { flightId: null } })
            await tx.hallFlight.deleteMany({ where: { challengeId } })
            for (const f of flights) {
              const row = await tx.hallFlight.create({ data: { challengeId, name: f.name, session: f.session, platform: f.platform } })
              await tx.participant.updateMany({ where: { id: { in: f.participantIds } }, data: { flightId: row.id } })
            }
          },
          async savePlatform(row) {
            const data = { ...row, updatedAt: new Date() }
            await tx.hallPlatform.upsert({
              where: { challengeId_platform: { challengeId, platform: row.platform } },
              create: { challengeId, ...data },
              update: data,
            })
          },
          async createLiveAttempt(a) {
            const row = await tx.attempt.create({ data: { ...a, status: 'pending', judgingSource: 'live' }, select: { id: true } })
            return row.id
          },
          async insertPress(press) {
            const { count } = await tx.hallPress.createMany({ data: [press], skipDuplicates: true })
            return count === 1
          },
          async setPressReason(attemptId, seat, reason) {
            await tx.hallPress.update({ where: { attemptId_seat: { attemptId, seat } }, data: { reason } })
          },
          pressesOn: (attemptId) =>
            tx.hallPress.findMany({
              where: { attemptId },
              orderBy: { seat: 'asc' },
              select: { attemptId: true, seat: true, refereeId: true, good: true, reason: true },
            }),
          announce: (platform) => announce(room, 'hall.changed', { competition_id: challengeId, platform }),
          usersNamed: (usernames) => tx.user.findMany({ where: { username: { in: usernames } }, select: { id: true, username: true } }),
          async setOfficial(platform, role, userId) {
            const key = { challengeId_platform_role: { challengeId, platform, role } }
            if (userId === null) await tx.hallOfficial.deleteMany({ where: { challengeId, platform, role } })
            else await tx.hallOfficial.upsert({ where: key, create: { challengeId, platform, role, userId }, update: { userId } })
          },
          async saveDeclaration(d) {
            const { weight, ...key } = d
            await tx.declaration.upsert({
              where: { participantId_liftType_attemptNumber: key },
              create: { ...key, weight },
              update: { weight, automatic: false, declaredAt: new Date() },
            })
          },
          async saveDeskEntry(e) {
            const { declared, changes, ...key } = e
            await tx.hallDeskEntry.upsert({
              where: { participantId_liftType_attemptNumber: key },
              create: { ...e },
              update: { declared, changes, updatedAt: new Date() },
            })
          },
          async setAttemptWeight(attemptId, weight) {
            await tx.attempt.update({ where: { id: attemptId }, data: { weight } })
          },
        }
        return work(handle)
      })
    },
  }
}

export type HallRepository = ReturnType<typeof createHallRepository>
