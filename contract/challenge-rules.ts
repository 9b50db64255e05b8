// Rules about challenges that the server and the web client both apply, so they
// agree: the status computed from the dates (docs/product/states.md) and the ' - ' JSON metadata
// a description may carry (docs/product/data.md).
import type { ChallengeStatus } from './challenges.ts'

/** Upcoming before the start, completed after the end, otherwise ongoing. Dates as Date or ISO text. */
export function challengeStatus(start: Date | string, end: Date | string, now = new Date()): ChallengeStatus {
  if (now < new Date(start)) return 'upcoming'
  if (now > new Date(end)) return 'completed'
  return 'ongoing'
}

/** The dates of the challenges in one status at a moment, as bounds a query can use (each bound inclusive as named). */
export interface StatusBounds {
  startsAfter?: Date
  startsBy?: Date
  endsFrom?: Date
  endsBefore?: Date
}

/** The bounds of the challenges challengeStatus puts in `status` at `now`. */
export function statusBounds(status: ChallengeStatus, now: Date): StatusBounds {
  switch (status) {
    case 'upcoming':
      return { startsAfter: now }
    case 'ongoing':
      return { startsBy: now, endsFrom: now }
    case 'completed':
      return { endsBefore: now }
  }
}

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
      meta: {
        lifttypes: strings(p.lifttypes),
        weightclasses: strings(p.weightclasses),
        gender: typeof p.gender === 'string' ? p.gender : undefined,
      },
    }
  } catch {
    return { text: description, meta: {} }
  }
}

export function formatDescription(text: string, meta: Required<DescriptionMeta>): string {
  return `${text}${SEPARATOR}${JSON.stringify({ lifttypes: meta.lifttypes, weightclasses: meta.weightclasses, gender: meta.gender })}`
}
