// An entry's record results and the records of every category they count in, rewritten inside the
// transaction that decided (or reversed) one of its attempts; a new record is announced in that
// transaction. The rules are contract/records.ts's (docs/records.md); this does the I/O. Not a
// repository itself, so the judging repository calls it as it calls refreshLeaderboardOf.
import {
  GLOBAL_ROOM,
  challengeLifts,
  challengeRoom,
  newRecords,
  performancesOf,
  progression,
  recordKey,
  type Holder,
  type Performance,
  type RecordCategory,
  type PlatformRecordLift,
  type RecordRow,
} from '../../contract/index.ts'
import type { Announce } from '../announcer.ts'
import type { Tx } from '../db.ts'

/** Namespace of the per-category advisory locks ('RC' in ASCII). */
const LOCK_NAMESPACE = 0x5243

type KeyFields = RecordCategory & { lift: PlatformRecordLift }
const keyWhere = (k: KeyFields) => ({
  sport: k.sport,
  sex: k.sex,
  classSet: k.classSet,
  weightClass: k.weightClass,
  division: k.division,
  equipment: k.equipment,
  lift: k.lift,
})

const recordInclude = { user: { select: { name: true, country: true } }, challenge: { select: { name: true, location: true } } } as const

type StoredRecord = {
  sport: string
  sex: string
  classSet: string
  weightClass: string
  division: string
  equipment: string
  lift: string
  weight: number
  previous: number | null
  userId: number
  challengeId: number
  attemptId: number
  setAt: Date
  user: { name: string; country: string | null }
  challenge: { name: string; location: string }
}

/** A stored record as the API and its event show it. */
export const recordRowOf = (r: StoredRecord): RecordRow => ({
  sport: r.sport as RecordRow['sport'],
  sex: r.sex as RecordRow['sex'],
  class_set: r.classSet as RecordRow['class_set'],
  weight_class: r.weightClass,
  division: r.division,
  equipment: r.equipment as RecordRow['equipment'],
  lift: r.lift as RecordRow['lift'],
  weight: r.weight,
  previous: r.previous,
  user_id: r.userId,
  name: r.user.name,
  country: r.user.country,
  competition_id: r.challengeId,
  competition_name: r.challenge.name,
  location: r.challenge.location,
  attempt_id: r.attemptId,
  set_at: r.setAt.toISOString(),
})

/**
 * Rewrites the entry's results and the records of every category they count in (before and after),
 * and announces each record one of the entry's attempts now holds that it did not before. Call it
 * after the challenge room's lock (lock order: room, then the categories' locks, by key).
 */
export async function refreshRecordsOf(tx: Tx, announce: Announce, participantId: number): Promise<void> {
  const entry = await tx.participant.findUnique({
    where: { id: participantId },
    select: {
      userId: true,
      challengeId: true,
      gender: true,
      weightClass: true,
      bodyweight: true,
      equipment: true,
      user: { select: { birthDate: true } },
      challenge: { select: { startDate: true, liftTypes: true, classSet: true } },
      attempts: {
        select: {
          id: true,
          liftType: true,
          weight: true,
          status: true,
          verified: true,
          decidedAt: true,
          recordOnly: true,
          appealState: true,
          appealDecidedAt: true,
        },
      },
      recordResults: { select: { sport: true, sex: true, classSet: true, weightClass: true, division: true, equipment: true, lift: true } },
    },
  })
  if (!entry) return
  // The challenge's class set, the lifter's date of birth (a DATE column: midnight UTC) and the entry's equipment
  // place the results in their categories (contract/records.ts categoriesOf), as the leaderboard places them.
  const results = performancesOf({
    gender: entry.gender,
    weightClass: entry.weightClass,
    bodyweight: entry.bodyweight,
    classSet: entry.challenge.classSet,
    birthDate: entry.user.birthDate?.toISOString().slice(0, 10) ?? null,
    equipment: entry.equipment,
    meetDate: entry.challenge.startDate,
    lifts: challengeLifts(entry.challenge.liftTypes),
    attempts: entry.attempts.map((a) => ({
      id: a.id,
      liftType: a.liftType,
      weight: a.weight,
      status: a.status,
      verified: a.verified,
      recordOnly: a.recordOnly,
      // A reversal on appeal is the jury's decision, taken when the appeal was decided.
      decidedAt: a.appealState === 'reversed' ? (a.appealDecidedAt ?? a.decidedAt) : a.decidedAt,
    })),
  })
  const keys = new Map<string, KeyFields>()
  for (const k of [...(entry.recordResults as KeyFields[]), ...results]) keys.set(recordKey(k), { ...keyWhere(k) })
  if (keys.size === 0) return
  const sorted = [...keys.keys()].sort()
  for (const key of sorted) await tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int, hashtext(${key}))`

  const holders = async () => {
    const held = new Map<string, Holder>()
    for (const key of sorted) {
      const top = await tx.platformRecord.findFirst({
        where: keyWhere(keys.get(key)!),
        orderBy: [{ setAt: 'desc' }, { id: 'desc' }],
        select: { attemptId: true, lift: true, weight: true },
      })
      if (top) held.set(key, { attemptId: top.attemptId, lift: top.lift as PlatformRecordLift, weight: top.weight })
    }
    return held
  }
  const before = await holders()

  await tx.recordPerformance.deleteMany({ where: { participantId } })
  if (results.length > 0) {
    await tx.recordPerformance.createMany({
      data: results.map((r) => ({
        participantId,
        userId: entry.userId,
        challengeId: entry.challengeId,
        ...keyWhere(r),
        attemptId: r.attemptId,
        weight: r.weight,
        achievedAt: r.achievedAt,
      })),
    })
  }
  for (const key of sorted) {
    const where = keyWhere(keys.get(key)!)
    const rows = await tx.recordPerformance.findMany({
      where,
      select: { userId: true, challengeId: true, attemptId: true, weight: true, achievedAt: true },
    })
    const history = progression(rows.map((row) => ({ ...row, sport: where.sport as Performance['sport'] })))
    await tx.platformRecord.deleteMany({ where })
    if (history.length > 0) {
      await tx.platformRecord.createMany({
        data: history.map((h, i) => ({
          ...where,
          weight: h.weight,
          previous: i > 0 ? history[i - 1]!.weight : null,
          userId: h.userId,
          challengeId: h.challengeId,
          attemptId: h.attemptId,
          setAt: h.achievedAt,
        })),
      })
    }
  }

  const after = await holders()
  const own = new Set(entry.attempts.map((a) => a.id))
  for (const key of newRecords(before, after, own)) {
    const record = await tx.platformRecord.findFirstOrThrow({
      where: keyWhere(keys.get(key)!),
      orderBy: [{ setAt: 'desc' }, { id: 'desc' }],
      include: recordInclude,
    })
    const data = { competition_id: entry.challengeId, record: recordRowOf(record) }
    await announce(challengeRoom(entry.challengeId), 'record.set', data)
    await announce(GLOBAL_ROOM, 'record.set', data)
  }
}
