// The global leaderboard, computed on the client from every challenge's participants (SPEC §7):
// one row per athlete with their best squat, bench and deadlift across challenges, and their
// best total from a single challenge (whose class and location the row shows). Only good lifts
// count (the server's bests); attempts awaiting judges are counted beside the name.
import type { AllParticipants } from '../../../api/all-participants.ts'

export interface LeaderboardRow {
  userId: number
  name: string
  country: string | null
  weightClass: string
  location: string
  competitionId: number
  competitionName: string
  squat: number
  bench: number
  deadlift: number
  total: number
  /** Attempts awaiting judges across their challenges: shown beside the name, never counted. */
  pending: number
}

export const SORT_KEYS = ['total', 'squat', 'bench', 'deadlift'] as const
export type SortKey = (typeof SORT_KEYS)[number]

export function buildLeaderboard(all: AllParticipants): LeaderboardRow[] {
  const byId = new Map(all.competitions.map((c) => [c.id, c]))
  const rows = new Map<number, LeaderboardRow>()
  for (const [competitionId, list] of Object.entries(all.participants)) {
    const competition = byId.get(Number(competitionId))
    if (!competition) continue
    for (const p of list) {
      const row = rows.get(p.user_id)
      const pending = p.attempts.filter((a) => a.status === 'pending').length
      const entry = {
        weightClass: p.weight_class, location: competition.location, competitionId: competition.id, competitionName: competition.name, total: p.total_weight,
      }
      if (!row) {
        rows.set(p.user_id, { userId: p.user_id, name: p.name, country: p.country, ...entry, squat: p.best_squat, bench: p.best_bench, deadlift: p.best_deadlift, pending })
        continue
      }
      row.pending += pending
      row.squat = Math.max(row.squat, p.best_squat)
      row.bench = Math.max(row.bench, p.best_bench)
      row.deadlift = Math.max(row.deadlift, p.best_deadlift)
      if (p.total_weight > row.total) Object.assign(row, entry)
    }
  }
  return [...rows.values()].filter((r) => r.squat + r.bench + r.deadlift > 0)
}

export interface LeaderboardFilter {
  weightClass: string
  location: string
}

/** Heaviest first by the chosen lift; ties by name so the order is stable. */
export function rankLeaderboard(rows: readonly LeaderboardRow[], sort: SortKey, filter: LeaderboardFilter): LeaderboardRow[] {
  return rows
    .filter((r) => (!filter.weightClass || r.weightClass === filter.weightClass) && (!filter.location || r.location === filter.location))
    .sort((a, b) => b[sort] - a[sort] || a.name.localeCompare(b.name))
}
