// Pure rules about challenges: the ' - ' JSON metadata in descriptions (SPEC §3)
// and the status computed from dates (SPEC §4).
import { challengeLifts, type ChallengeStatus, type LiftType } from '../../contract/index.ts'

export interface DescriptionMeta {
  lifttypes?: string[]
  weightclasses?: string[]
  gender?: string
}

const SEPARATOR = ' - '

/** Splits "text - {json}" into the display text and the metadata; plain text has no metadata. */
export function parseDescription(description: string): { text: string; meta: DescriptionMeta } {
  const at = description.lastIndexOf(SEPARATOR)
  if (at === -1) return { text: description, meta: {} }
  const tail = description.slice(at + SEPARATOR.length).trim()
  if (!tail.startsWith('{')) return { text: description, meta: {} }
  try {
    const parsed: unknown = JSON.parse(tail)
    if (typeof parsed !== 'object' || parsed === null) return { text: description, meta: {} }
    const p = parsed as Record<string, unknown>
    const strings = (v: unknown) => (Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined)
    return {
      text: description.slice(0, at),
      meta: { lifttypes: strings(p.lifttypes), weightclasses: strings(p.weightclasses), gender: typeof p.gender === 'string' ? p.gender : undefined },
    }
  } catch {
    return { text: description, meta: {} }
  }
}

/** The names a challenge lists its lift types by: its column, else (rows written by older clients) its description's metadata. */
export function listedLiftTypes(row: { liftTypes: string[]; description: string }): string[] {
  return row.liftTypes.length > 0 ? row.liftTypes : parseDescription(row.description).meta.lifttypes ?? []
}

/** The lifts an attempt in this challenge may record, canonical. */
export function challengeLiftTypes(row: { liftTypes: string[]; description: string }): LiftType[] {
  return challengeLifts(listedLiftTypes(row))
}

export function formatDescription(text: string, meta: Required<DescriptionMeta>): string {
  return `${text}${SEPARATOR}${JSON.stringify({ lifttypes: meta.lifttypes, weightclasses: meta.weightclasses, gender: meta.gender })}`
}

export function challengeStatus(start: Date, end: Date, now = new Date()): ChallengeStatus {
  if (now < start) return 'upcoming'
  if (now > end) return 'completed'
  return 'ongoing'
}

/** The first moment after `now` at which some challenge's status changes; undefined when none will. */
export function nextStatusChange(challenges: readonly { startDate: Date; endDate: Date }[], now = new Date()): number | undefined {
  let next: number | undefined
  for (const { startDate, endDate } of challenges) {
    // upcoming → ongoing at the start; ongoing → completed just after the end.
    for (const at of [startDate.getTime(), endDate.getTime() + 1]) if (at > now.getTime() && (next === undefined || at < next)) next = at
  }
  return next
}

/** 'F', 'Female', 'female', 'Women' → 'F'; everything else → 'M'. */
export function normalizeGender(value: string | undefined | null): 'M' | 'F' {
  const v = (value ?? '').trim().toLowerCase()
  return v === 'f' || v === 'female' || v === 'women' || v === 'w' ? 'F' : 'M'
}
