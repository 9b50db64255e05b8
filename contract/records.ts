// Platform records, pure (docs/records.md): which categories an entry's results count in, which of
// its results can set a record (verified good lifts only: docs/verified-results.md), and how a
// category's results in the order they were achieved make its record history.
import { Type, type Static } from 'typebox'
import { Literals, Nullable } from './common.ts'
import { CLASS_SETS, classFor, DEFAULT_CLASS_SET, type ClassSet } from './class-sets.ts'
import { DIVISION_SPORTS, divisionsFor, isDivisionOf, type Division, type DivisionSport } from './divisions.ts'
import { DEFAULT_EQUIPMENT, EQUIPMENT } from './equipment.ts'
import type { Sex } from './formulas.ts'
import type { LiftType } from './lifts.ts'

/** The lifts a sport keeps records of; the total is their sum, kept when a challenge has all of them. */
export const RECORD_SPORT_LIFTS = {
  powerlifting: ['squat', 'bench', 'deadlift'],
  weightlifting: ['snatch', 'clean_and_jerk'],
} as const satisfies Record<DivisionSport, readonly LiftType[]>

export const PLATFORM_RECORD_LIFTS = ['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk', 'total'] as const
export type PlatformRecordLift = (typeof PLATFORM_RECORD_LIFTS)[number]
/** Powerlifting's equipment divisions; weightlifting has none (`none`). */
export const RECORD_EQUIPMENT = [...EQUIPMENT, 'none'] as const
export type RecordEquipment = (typeof RECORD_EQUIPMENT)[number]

/**
 * How much heavier a result must be than the record to break it. Powerlifting: 0.5 kg (IPF Technical
 * Rules Book, "World Records": a record attempt must be at least 0.5 kg over the record; it is also
 * the platform's weight step). Weightlifting: 1 kg (IWF Technical and Competition Rules: records are
 * broken by at least 1 kg; iwf.sport/wr-explanation: a world standard becomes a record when "an
 * athlete exceeds them by a minimum of 1 kg"). Equalling a record never sets one.
 */
export const RECORD_MARGIN_KG: Record<DivisionSport, number> = { powerlifting: 0.5, weightlifting: 1 }

/** The division every lifter without a known date of birth is in (the one without age limits). */
export const OPEN_DIVISION: Record<DivisionSport, Division> = { powerlifting: 'open', weightlifting: 'senior' }

/** Where a record is kept: sport, sex, class set and class, age division, equipment. */
export interface RecordCategory {
  sport: DivisionSport
  sex: Sex
  classSet: ClassSet
  weightClass: string
  division: Division
  equipment: RecordEquipment
}

/** One result that may set a record: a verified good lift, or a total of verified good lifts. */
export interface Performance extends RecordCategory {
  lift: PlatformRecordLift
  weight: number
  /** The attempt (for a total: the one that completed it, decided last). */
  attemptId: number
  achievedAt: Date
}

/** An entry's results as the records read them. Fields a challenge or entry does not carry yet are null. */
export interface RecordEntry {
  /** 'M' or 'F' (or the spec's 'male'/'female'). */
  gender: string
  weightClass: string
  bodyweight: number | null
  classSet: string | null
  birthDate: string | null
  equipment: string | null
  meetDate: Date
  /** The challenge's lifts. */
  lifts: readonly string[]
  attempts: readonly {
    id: number
    liftType: string
    weight: number
    status: string
    verified: boolean
    decidedAt: Date | null
    /** A meet's 4th attempt: sets a record of its lift, never counts in the total (docs/meet-rules.md). */
    recordOnly?: boolean
  }[]
}

export const sexOf = (gender: string): Sex => (/^(f|female|w|women)$/i.test(gender.trim()) ? 'F' : 'M')

/**
 * The categories an entry's results count in for a sport: one per age division the lifter belongs to
 * on the day of the meet (a 20-year-old powerlifter sets Junior and Open records); the open division
 * only while the date of birth is unknown. The class is the one holding the bodyweight in the class
 * set (the class entered for the spec's set, or while the bodyweight is unknown); the class set the
 * spec's and the equipment classic while the challenge or entry does not say.
 */
export function categoriesOf(entry: RecordEntry, sport: DivisionSport): RecordCategory[] {
  const sex = sexOf(entry.gender)
  const classSet: ClassSet = (CLASS_SETS as readonly string[]).includes(entry.classSet ?? '')
    ? (entry.classSet as ClassSet)
    : DEFAULT_CLASS_SET
  const equipment: RecordEquipment =
    sport === 'weightlifting'
      ? 'none'
      : (EQUIPMENT as readonly string[]).includes(entry.equipment ?? '')
        ? (entry.equipment as RecordEquipment)
        : DEFAULT_EQUIPMENT
  const divisions = entry.birthDate ? divisionsFor(sport, entry.birthDate, entry.meetDate) : [OPEN_DIVISION[sport]]
  return divisions.flatMap((division) => {
    const weightClass =
      classSet !== 'spec' && entry.bodyweight !== null ? classFor(classSet, sex, entry.bodyweight, division) : entry.weightClass
    return weightClass ? [{ sport, sex, classSet, weightClass, division, equipment }] : []
  })
}

/**
 * Every result of an entry that may set a record, in every category it counts in: each verified good
 * lift of a sport's record lifts, and the total of the best verified good lift of each when the
 * challenge has all of them (achieved when the last of those was decided).
 */
export function performancesOf(entry: RecordEntry): Performance[] {
  const counted = entry.attempts.filter((a) => a.status === 'completed' && a.verified && a.decidedAt !== null)
  const out: Performance[] = []
  for (const sport of DIVISION_SPORTS) {
    const lifts: readonly string[] = RECORD_SPORT_LIFTS[sport]
    const own = counted.filter((a) => lifts.includes(a.liftType))
    if (own.length === 0) continue
    const categories = categoriesOf(entry, sport)
    const results: Omit<Performance, keyof RecordCategory>[] = own.map((a) => ({
      lift: a.liftType as PlatformRecordLift,
      weight: a.weight,
      attemptId: a.id,
      achievedAt: a.decidedAt!,
    }))
    if (lifts.every((lift) => entry.lifts.includes(lift))) {
      const bests = lifts.map(
        (lift) =>
          own
            .filter((a) => a.liftType === lift && !a.recordOnly)
            .sort((a, b) => b.weight - a.weight || a.decidedAt!.getTime() - b.decidedAt!.getTime())[0],
      )
      if (bests.every((b) => b !== undefined)) {
        const last = [...bests].sort((a, b) => b.decidedAt!.getTime() - a.decidedAt!.getTime() || b.id - a.id)[0]!
        results.push({
          lift: 'total',
          weight: bests.reduce((sum, b) => sum + b.weight, 0),
          attemptId: last.id,
          achievedAt: last.decidedAt!,
        })
      }
    }
    for (const category of categories) for (const result of results) out.push({ ...category, ...result })
  }
  return out
}

/** One key per category and lift (what a record is kept for). */
export const recordKey = (p: RecordCategory & { lift: PlatformRecordLift }): string =>
  [p.sport, p.sex, p.classSet, p.weightClass, p.division, p.equipment, p.lift].join('|')

/**
 * A category's record history from its results: in the order they were achieved (ties by attempt),
 * each result that beats the record of its moment by the sport's margin sets the next record. The
 * last is the current record.
 */
export function progression<T extends Pick<Performance, 'sport' | 'weight' | 'attemptId' | 'achievedAt'>>(results: readonly T[]): T[] {
  const ordered = [...results].sort((a, b) => a.achievedAt.getTime() - b.achievedAt.getTime() || a.attemptId - b.attemptId)
  const history: T[] = []
  for (const result of ordered) {
    const current = history.at(-1)
    if (!current || result.weight >= current.weight + RECORD_MARGIN_KG[result.sport] - 1e-9) history.push(result)
  }
  return history
}

/** A record held, as compared before and after a change: which result holds it. */
export interface Holder {
  attemptId: number
  lift: PlatformRecordLift
  weight: number
}

/** The keys whose record a change gave to one of `attemptIds` (new records to announce). */
export function newRecords(
  before: ReadonlyMap<string, Holder>,
  after: ReadonlyMap<string, Holder>,
  attemptIds: ReadonlySet<number>,
): string[] {
  return [...after]
    .filter(([key, holder]) => {
      const was = before.get(key)
      return (
        attemptIds.has(holder.attemptId) &&
        (!was || was.attemptId !== holder.attemptId || was.weight !== holder.weight || was.lift !== holder.lift)
      )
    })
    .map(([key]) => key)
}

/** Whether a text is a division of a sport (filters), by the sport's list. */
export const isRecordDivision = (sport: DivisionSport, division: string) => isDivisionOf(sport, division)

export const PlatformRecordSport = Literals(DIVISION_SPORTS)
export const RecordLiftSchema = Literals(PLATFORM_RECORD_LIFTS)
export const RecordEquipmentSchema = Literals(RECORD_EQUIPMENT)

/** One record: where it is kept, its weight, who set it, when and where (the attempt's video). */
export const RecordRow = Type.Object({
  sport: PlatformRecordSport,
  sex: Literals(['M', 'F']),
  class_set: Literals(CLASS_SETS),
  weight_class: Type.String(),
  division: Type.String(),
  equipment: RecordEquipmentSchema,
  lift: RecordLiftSchema,
  weight: Type.Number(),
  /** The record it broke; null for the category's first. */
  previous: Nullable(Type.Number()),
  user_id: Type.Integer(),
  name: Type.String(),
  country: Nullable(Type.String()),
  competition_id: Type.Integer(),
  competition_name: Type.String(),
  location: Type.String(),
  /** The attempt (for a total, the attempt that completed it): its video page. */
  attempt_id: Type.Integer(),
  set_at: Type.String(),
})
export type RecordRow = Static<typeof RecordRow>

export const RecordsQuery = Type.Object(
  {
    sport: Type.Optional(PlatformRecordSport),
    sex: Type.Optional(Literals(['M', 'F'])),
    class_set: Type.Optional(Literals(CLASS_SETS)),
    weight_class: Type.Optional(Type.String({ maxLength: 12 })),
    division: Type.Optional(Type.String({ maxLength: 20 })),
    equipment: Type.Optional(RecordEquipmentSchema),
    lift: Type.Optional(RecordLiftSchema),
  },
  { additionalProperties: false },
)
export type RecordsQuery = Static<typeof RecordsQuery>

/** GET /records: the current record of each category and lift (filtered); GET /records/history: one category's, newest first. */
export const RecordsResponse = Type.Object({ records: Type.Array(RecordRow) })
export type RecordsResponse = Static<typeof RecordsResponse>
