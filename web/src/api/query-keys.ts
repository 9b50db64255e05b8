// The roots of the cache's query keys that live rooms update (lib/query-client.ts): each
// endpoint's query options (its feature's api/) build their keys from these, and the room tables
// (global-room.ts, features/*/api/*-room.ts) update or invalidate by them.
export const queryKeys = {
  /** Every query of one challenge's data: its live room updates them. */
  challenge: (id: number) => ['challenge', id] as const,
  challenges: ['competitions'] as const,
  openChallenges: ['competitions', 'open'] as const,
  topLifts: ['top-lifts'] as const,
  leaderboard: ['leaderboard'] as const,
  /** The records page's lists and histories (docs/records.md). */
  records: ['records'] as const,
  profile: (userId: number) => ['profile', userId] as const,
}
