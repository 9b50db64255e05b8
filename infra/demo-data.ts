// Demo data for a first start on the embedded default, so a newcomer sees a
// living site: challenges that are upcoming, ongoing and completed, a few dozen
// athletes across weight classes and countries, attempts with weights, and a few
// videos of the heaviest lifts. Each challenge has an organiser and a panel of three
// judges who decided most attempts (some no lifts, with their reasons and cards); a few
// of the ongoing challenges' attempts still await their judges. Each lifter has one sex, one class and one
// bodyweight wherever they lift, and no two lifters of a challenge lift the same weights. The panels' judges are certified,
// so their decisions are verified and fill the global boards; one small challenge was judged by its
// organiser alone, to show how unverified results appear (docs/verified-results.md). Men's
// challenges take men's accounts and women's challenges women's. Every demo account, judges
// included, signs in with the password DEMO_PASSWORD.
// Deterministic (seeded random) so screenshots and tests are stable.
// The parts are in infra/demo/, one job each: people, challenges, meets, categories (IPF lifters
// across divisions and equipment), videos.
import { hash } from '@node-rs/argon2'
import { drawLot } from '../contract/index.ts'
import type { PrismaClient } from './db.ts'
import { seedDemoCategories } from './demo/categories.ts'
import { seedDemoChallenges } from './demo/challenges.ts'
import { seedDemoMeets } from './demo/meets.ts'
import { seedDemoPeople } from './demo/people.ts'
import { DEMO_PASSWORD, random } from './demo/shared.ts'

export { DEMO_PASSWORD } from './demo/shared.ts'
export { seedDemoVideos } from './demo/videos.ts'

export async function seedDemoData(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.challenge.count()) > 0 || (await prisma.user.count()) > 0) return false
  const rnd = random(42)
  // Lots come from a random of their own, so the weights seeded before lots existed stay as they were.
  const lotRnd = random(7)
  const lotsOf = new Map<number, Set<number>>()
  const lotFor = (challengeId: number) => {
    const taken = lotsOf.get(challengeId) ?? new Set<number>()
    lotsOf.set(challengeId, taken)
    const lot = drawLot(taken, lotRnd)
    taken.add(lot)
    return lot
  }
  const now = Date.now()
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: 2 })

  const { users, women, bodyweightOf } = await seedDemoPeople(prisma, rnd, passwordHash)
  const { certified, votes } = await seedDemoChallenges(prisma, { now, rnd, users, women, bodyweightOf, lotFor })
  await seedDemoMeets(prisma, { now, users, bodyweightOf, certified, votes, lotFor })
  // After the others, with a random of its own: the weights seeded before stay as they were.
  await seedDemoCategories(prisma, { now, passwordHash, organiser: users[0]!, certified, votes, lotFor })
  await prisma.vote.createMany({ data: votes.map((v) => ({ ...v, atSeconds: v.good ? null : 1.5 })) })
  return true
}
