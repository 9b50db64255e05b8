// The leaderboard's column and sort names.
import { FORMULA_NAMES, type LeaderboardSort, type RankedLift } from '../../../lib/contract.ts'
import { isFormula } from '../api/leaderboard.ts'

const LIFT_LABELS: Record<RankedLift, string> = {
  squat: 'Squat',
  bench: 'Bench',
  deadlift: 'Deadlift',
  snatch: 'Snatch',
  clean_and_jerk: 'C&J',
}
export const sortLabel = (key: LeaderboardSort) => (key === 'total' ? 'Total' : isFormula(key) ? FORMULA_NAMES[key] : LIFT_LABELS[key])
/** The select spells the clean & jerk out; the column header abbreviates it. */
export const sortOptionLabel = (key: LeaderboardSort) => (key === 'clean_and_jerk' ? 'Clean & Jerk' : sortLabel(key))
