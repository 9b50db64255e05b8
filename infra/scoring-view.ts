// A challenge row → its scoring settings (sport, total lifts, ranking, points formula), and a
// participant → where they stand. Here, not in a role: the server's answers and the judging
// repository's 'attempt.judged' events score alike.
import {
  challengeLifts,
  parseDescription,
  pointsFormula,
  scoringOf,
  standingOf,
  RANKINGS,
  DEFAULT_RANKING,
  type Ranking,
  type ScoredLift,
  type ScoringSettings,
  type Standing,
} from '../contract/index.ts'

/** What scoring reads of a challenge row. */
export type ScoringRow = { liftTypes: string[]; description: string; ranking: string }
export const scoringSelect = { liftTypes: true, description: true, ranking: true } as const

/** The names a challenge lists its lift types by: its column, else (rows written by older clients) its description's metadata. */
export function listedLiftTypes(row: { liftTypes: string[]; description: string }): string[] {
  return row.liftTypes.length > 0 ? row.liftTypes : (parseDescription(row.description).meta.lifttypes ?? [])
}

export function scoringSettings(row: ScoringRow): ScoringSettings {
  const ranking = (RANKINGS as readonly string[]).includes(row.ranking) ? (row.ranking as Ranking) : DEFAULT_RANKING
  const scoring = scoringOf(challengeLifts(listedLiftTypes(row)))
  return { ...scoring, ranking, points_formula: pointsFormula(ranking, scoring.total_lifts) }
}

/** An attempt row as the ranking rules read it. */
export const scored = (attempt: {
  liftType: string
  weight: number
  status: string
  createdAt: Date
  recordOnly?: boolean
}): ScoredLift => ({
  lift_type: attempt.liftType,
  weight: attempt.weight,
  status: attempt.status,
  created_at: attempt.createdAt.toISOString(),
  record_only: attempt.recordOnly ?? false,
})

/** A participant row's standing in its challenge. */
export function standingOfRow(
  participant: {
    attempts: { liftType: string; weight: number; status: string; createdAt: Date; recordOnly?: boolean }[]
    bodyweight: number | null
    gender: string
    equipment?: string
  },
  settings: ScoringSettings,
): Standing {
  return standingOf(
    {
      attempts: participant.attempts.map(scored),
      bodyweight: participant.bodyweight,
      gender: participant.gender,
      equipment: participant.equipment,
    },
    settings,
  )
}
