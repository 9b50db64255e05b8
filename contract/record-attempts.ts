// Record attempts, pure (docs/records.md, "Record attempts"): whether a meet attempt declared or filmed,
// not yet judged, would break a current platform record if it were a good, verified lift. The categories
// are the records' own (contract/records.ts categoriesOf), the margin the sport's (RECORD_MARGIN_KG).
import { Type, type Static } from 'typebox'
import { Literals, Nullable } from './common.ts'
import { CLASS_SETS } from './class-sets.ts'
import { DIVISION_SPORTS, type DivisionSport } from './divisions.ts'
import { MEET_ATTEMPTS } from './meet-rules.ts'
import {
  RECORD_MARGIN_KG,
  RECORD_SPORT_LIFTS,
  RecordEquipmentSchema,
  RecordLiftSchema,
  categoriesOf,
  recordKey,
  type PlatformRecordLift,
  type RecordEntry,
} from './records.ts'

/** One record an attempt would break: its category, lift and the weight to beat. */
export const RecordAttemptScope = Type.Object({
  sport: Literals(DIVISION_SPORTS),
  sex: Literals(['M', 'F']),
  class_set: Literals(CLASS_SETS),
  weight_class: Type.String(),
  division: Type.String(),
  equipment: RecordEquipmentSchema,
  /** The lift, or `total` when the attempt would make a total over the total's record. */
  lift: RecordLiftSchema,
  /** The current record. */
  record: Type.Number(),
  /** What the attempt would make: its weight, or for `total` the total it would complete. */
  weight: Type.Number(),
})
export type RecordAttemptScope = Static<typeof RecordAttemptScope>

/** Carried by a meet's cells, its lifting order and the judges' queue: null when the attempt breaks no record. */
export const RecordAttempt = Nullable(Type.Object({ records: Type.Array(RecordAttemptScope, { minItems: 1 }) }))
export type RecordAttempt = Static<typeof RecordAttempt>

/** Current records by recordKey: the weight held. */
export type CurrentRecords = ReadonlyMap<string, number>

/** The lifter as a record attempt reads them: the records' entry (every attempt, with its number). */
export interface RecordAttemptEntry extends RecordEntry {
  attempts: readonly (RecordEntry['attempts'][number] & { attemptNumber: number })[]
}

/** Whether `weight` beats `record` by the sport's margin (equalling never sets a record). */
export const breaksRecord = (sport: DivisionSport, weight: number, record: number): boolean =>
  weight >= record + RECORD_MARGIN_KG[sport] - 1e-9

/**
 * The records an attempt of `lift` at `weight` (its `attemptNumber`) would break, were it judged good by a
 * verifying panel: the lift's record in each category the lifter counts in, and the total's when the
 * attempt is one of the first three (a fourth never counts in the total) and completes a total of the
 * lifter's best verified good lifts over the total's record. A category without a record is not marked:
 * there is nothing to break (its first verified good lift sets one all the same). Null when none.
 */
export function recordAttemptOf(
  entry: RecordAttemptEntry,
  lift: string,
  attemptNumber: number,
  weight: number,
  current: CurrentRecords,
): RecordAttempt {
  const sport = DIVISION_SPORTS.find((s) => (RECORD_SPORT_LIFTS[s] as readonly string[]).includes(lift))
  if (!sport) return null
  const lifts: readonly string[] = RECORD_SPORT_LIFTS[sport]
  const bestOf = (l: string): number | null => {
    const goods = entry.attempts
      .filter((a) => a.liftType === l && a.status === 'completed' && a.verified && !a.recordOnly && a.attemptNumber <= MEET_ATTEMPTS)
      .map((a) => a.weight)
    return goods.length > 0 ? Math.max(...goods) : null
  }
  let total: number | null = null
  if (attemptNumber <= MEET_ATTEMPTS && lifts.every((l) => entry.lifts.includes(l))) {
    const parts = lifts.map((l) => (l === lift ? Math.max(weight, bestOf(l) ?? 0) : bestOf(l)))
    // Only when the attempt raises the total it would complete (a lighter one leaves the total as it is).
    if (parts.every((p) => p !== null) && weight > (bestOf(lift) ?? 0)) total = parts.reduce((s, p) => s + p!, 0)
  }
  const records: RecordAttemptScope[] = []
  for (const category of categoriesOf(entry, sport)) {
    const candidates: [PlatformRecordLift, number | null][] = [
      [lift as PlatformRecordLift, weight],
      ['total', total],
    ]
    for (const [recordLift, made] of candidates) {
      if (made === null) continue
      const record = current.get(recordKey({ ...category, lift: recordLift }))
      if (record === undefined || !breaksRecord(sport, made, record)) continue
      records.push({
        sport,
        sex: category.sex,
        class_set: category.classSet,
        weight_class: category.weightClass,
        division: category.division,
        equipment: category.equipment,
        lift: recordLift,
        record,
        weight: made,
      })
    }
  }
  return records.length > 0 ? { records } : null
}

/** The lightest current record of this lift among the lifter's categories (what a 4th attempt must beat by the margin), or null when none holds one. */
export function liftRecordToBeat(entry: RecordEntry, lift: string, current: CurrentRecords): number | null {
  const sport = DIVISION_SPORTS.find((s) => (RECORD_SPORT_LIFTS[s] as readonly string[]).includes(lift))
  if (!sport) return null
  const held = categoriesOf(entry, sport)
    .map((category) => current.get(recordKey({ ...category, lift: lift as PlatformRecordLift })))
    .filter((w): w is number => w !== undefined)
  return held.length > 0 ? Math.min(...held) : null
}
