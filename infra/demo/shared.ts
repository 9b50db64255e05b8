// What every part of the demo data shares: the password, the day, the seeded random, and the
// record of judges' votes written once at the end.
export const DAY = 86_400_000
export const DEMO_PASSWORD = 'liftarena-demo'

/** A deterministic random in [0, 1) (screenshots and tests are stable). */
export function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
}

/** One judge's vote on a demo attempt, collected and written in one go. */
export interface DemoVote {
  attemptId: number
  judgeId: number
  seat: number
  good: boolean
  reason: string | null
  note: string | null
  createdAt: Date
}

/** What the seeding of people hands on to the challenges and meets. */
export interface DemoSeed {
  now: number
  users: import('../repositories/users.repository.ts').UserRow[]
  bodyweightOf: Map<number, number | null>
  certified: Set<number>
  votes: DemoVote[]
  lotFor: (challengeId: number) => number
}
