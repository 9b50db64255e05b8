// A finished meet's results in OpenPowerlifting's submission files (docs/exports.md): the meet's
// cards (meets.service) become contract/openpowerlifting.ts's entries, which decides every cell.
import {
  attemptsCsv,
  challengeLifts,
  resultsDocument,
  type MeetCardsResponse,
  type Participant,
  type ResultsDocument,
} from '../../contract/index.ts'
import {
  OPL_LIFTS,
  oplEntriesCsv,
  oplMeetCsv,
  oplTotal,
  type OplAttempt,
  type OplEntry,
  type OplLift,
} from '../../contract/openpowerlifting.ts'
import { conflict, notFound } from '../errors.ts'
import { normalizeGender } from './challenges.service.ts'

export const NOT_ENDED = (end: Date) => `This challenge has not ended: its results can be exported once it ends (${end.toISOString()}).`
export const OPEN_FORMAT =
  'OpenPowerlifting records meets of three attempts a lift; this challenge is in the open format (any number of attempts), so it has no OpenPowerlifting file.'
export const NO_POWERLIFTS =
  'OpenPowerlifting keeps powerlifting results (squat, bench press, deadlift); this challenge has none of these lifts.'

interface ChallengeRow {
  id?: number
  name: string
  location: string
  startDate: Date
  endDate: Date
  format?: string | null
  ranking?: string | null
  liftTypes?: string[]
}

/** '83kg' → 83, '120kg+' → 120 and above; anything else has no class in the file. */
export function weightClassOf(label: string): OplEntry['weightClass'] {
  const match = /^(\d+(?:\.\d+)?)\s*kg(\+)?$/i.exec(label.trim())
  return match ? { limitKg: Number(match[1]), plus: match[2] === '+' } : null
}

const CELL: Record<string, OplAttempt['result']> = { good: 'good', no_lift: 'no_lift', pending: 'pending' }

/** One card as the format's entry: equipment classic and division Open until challenges carry them (docs/exports.md). */
export function oplEntryOf(card: MeetCardsResponse['cards'][number]): OplEntry {
  const attempts: Partial<Record<OplLift, OplAttempt[]>> = {}
  for (const lift of card.lifts) {
    if (!(OPL_LIFTS as readonly string[]).includes(lift.lift_type)) continue
    attempts[lift.lift_type as OplLift] = lift.cells.map((cell) => ({ weight: cell.weight ?? 0, result: CELL[cell.state] ?? 'not_taken' }))
  }
  return {
    name: card.name,
    sex: normalizeGender(card.gender),
    equipment: 'classic',
    division: 'Open',
    bodyweightKg: card.bodyweight,
    weightClass: weightClassOf(card.weight_class),
    country: card.country,
    attempts,
    place: 'G',
  }
}

/**
 * Places as the format means them: within each weight class, by total (heaviest first), a tie to the
 * lighter lifter (IPF Technical Rules; a tie at equal bodyweight keeps the cards' order). The
 * challenge's own ranking (points overall, for a formula-ranked meet) is not the file's. Lifters
 * without a total get none (written DQ or NS). Answers the entries in class order, placed.
 */
export function placeByClass(entries: readonly OplEntry[], lifts: readonly OplLift[]): OplEntry[] {
  const classes = new Map<string, OplEntry[]>()
  for (const entry of [...entries].sort(byClass)) {
    const key = entry.weightClass ? `${entry.weightClass.limitKg}${entry.weightClass.plus ? '+' : ''}` : ''
    classes.set(key, [...(classes.get(key) ?? []), entry])
  }
  return [...classes.values()].flatMap((group) => {
    const ranked = group
      .map((entry, i) => ({ entry, i, total: oplTotal(entry, lifts) }))
      .sort(
        (a, b) => (b.total ?? -1) - (a.total ?? -1) || (a.entry.bodyweightKg ?? Infinity) - (b.entry.bodyweightKg ?? Infinity) || a.i - b.i,
      )
    return ranked.map(({ entry, total }, place) => ({ ...entry, place: total === null ? ('G' as const) : place + 1 }))
  })
}

/** Lighter classes first, the plus class after its limit; within a class the cards' order (their places). */
function byClass(a: OplEntry, b: OplEntry): number {
  const key = (e: OplEntry) => (e.weightClass ? e.weightClass.limitKg + (e.weightClass.plus ? 0.001 : 0) : Infinity)
  return key(a) - key(b)
}

export function createResultsExportService(deps: {
  challenges: { find(id: number): PromiseLike<ChallengeRow | null> }
  meets: { cards(id: number, now?: Date): Promise<{ answer: MeetCardsResponse }> }
  /** The challenge's participants ranked as its page ranks them, with their attempts (null: no such challenge). */
  ranked?: (id: number) => Promise<readonly Participant[] | null>
}) {
  /** The challenge once it has ended, with its ranked lifters; refused before. */
  async function ended(challengeId: number, now: Date) {
    const challenge = await deps.challenges.find(challengeId)
    if (!challenge) throw notFound(`Challenge ${challengeId} does not exist.`)
    if (challenge.endDate.getTime() > now.getTime()) throw conflict(NOT_ENDED(challenge.endDate))
    const lifters = (await deps.ranked?.(challengeId)) ?? []
    return { challenge, lifters }
  }

  return {
    /** Every attempt of any challenge as a plain CSV (RFC 4180), once it has ended. */
    async attemptsCsv(challengeId: number, now = new Date()): Promise<{ name: string; csv: string }> {
      const { challenge, lifters } = await ended(challengeId, now)
      return { name: challenge.name, csv: attemptsCsv(lifters) }
    },

    /** The JSON results document of any challenge, once it has ended. */
    async resultsJson(challengeId: number, now = new Date()): Promise<{ name: string; document: ResultsDocument }> {
      const { challenge, lifters } = await ended(challengeId, now)
      return {
        name: challenge.name,
        document: resultsDocument(
          {
            id: challengeId,
            name: challenge.name,
            location: challenge.location,
            start_date: challenge.startDate.toISOString(),
            end_date: challenge.endDate.toISOString(),
            format: challenge.format ?? 'open',
            ranking: challenge.ranking ?? 'class',
            lifts: challengeLifts(challenge.liftTypes ?? []),
          },
          lifters,
        ),
      }
    },

    /** The meet's `meet.csv` and `entries.csv`; refused before the end, for an open challenge, or without powerlifts. */
    async openPowerlifting(challengeId: number, now = new Date()): Promise<{ meet: string; entries: string; name: string }> {
      const challenge = await deps.challenges.find(challengeId)
      if (!challenge) throw notFound(`Challenge ${challengeId} does not exist.`)
      if ((challenge.format ?? 'open') !== 'meet') throw conflict(OPEN_FORMAT)
      if (challenge.endDate.getTime() > now.getTime()) throw conflict(NOT_ENDED(challenge.endDate))
      const { answer } = await deps.meets.cards(challengeId, now)
      if (!answer.lifts.some((lift) => (OPL_LIFTS as readonly string[]).includes(lift))) throw conflict(NO_POWERLIFTS)
      const lifts = OPL_LIFTS.filter((lift) => answer.lifts.includes(lift))
      const entries = placeByClass(answer.cards.map(oplEntryOf), lifts)
      return {
        name: challenge.name,
        // The format wants the country as its own list names it; a challenge has a free-text location, written as the town.
        meet: oplMeetCsv({
          federation: '',
          date: challenge.startDate.toISOString().slice(0, 10),
          country: '',
          town: challenge.location,
          name: challenge.name,
        }),
        entries: oplEntriesCsv(answer.lifts, entries),
      }
    },
  }
}

export type ResultsExportService = ReturnType<typeof createResultsExportService>
