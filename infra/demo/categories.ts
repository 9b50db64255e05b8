// The demo's fair categories (docs/categories.md): two completed IPF challenges, one for women
// (classic) and one for men (classic and equipped ranked apart), whose lifters gave their dates of
// birth and fall in every IPF age division (Sub-Junior, Junior, Open, Masters 1–3), one of them
// equipped, in the IPF's classes (the sub-junior man in the juniors' 53 kg). Judged by a certified
// panel, so their results fill the global boards and the leaderboard's category filters show them
// on a first start.
import { NO_LIFT_REASONS, decision, decisionLights, formatDescription, type Light, type LiftType } from '../../contract/index.ts'
import type { PrismaClient } from '../db.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { DAY, random, type DemoVote } from './shared.ts'

interface DemoLifter {
  first: string
  last: string
  country: string
  weightClass: string
  bodyweight: number
  /** Age reached in the challenge's year: places them in their divisions. */
  age: number
  equipment?: 'equipped'
  /** Of the men's best total; a lifter's lifts follow it. */
  strength: number
}

const WOMEN: DemoLifter[] = [
  { first: 'Linnea', last: 'Berg', country: 'Sweden', weightClass: '47kg', bodyweight: 46.2, age: 17, strength: 0.42 },
  { first: 'Aiko', last: 'Tanaka', country: 'Japan', weightClass: '52kg', bodyweight: 51.4, age: 21, strength: 0.5 },
  { first: 'Maria', last: 'Lopes', country: 'Brazil', weightClass: '57kg', bodyweight: 56.8, age: 28, strength: 0.56 },
  { first: 'Grete', last: 'Hansen', country: 'Norway', weightClass: '63kg', bodyweight: 62.1, age: 44, strength: 0.52 },
  { first: 'Irena', last: 'Kowal', country: 'Poland', weightClass: '69kg', bodyweight: 68.4, age: 53, strength: 0.47 },
  { first: 'Chloe', last: 'Martin', country: 'Canada', weightClass: '76kg', bodyweight: 74.9, age: 31, strength: 0.64 },
]
const MEN: DemoLifter[] = [
  { first: 'Emil', last: 'Lund', country: 'Norway', weightClass: '53kg', bodyweight: 52.6, age: 16, strength: 0.62 },
  { first: 'Tomasz', last: 'Nowak', country: 'Poland', weightClass: '66kg', bodyweight: 65.3, age: 22, strength: 0.78 },
  { first: 'Kwame', last: 'Mensah', country: 'Nigeria', weightClass: '83kg', bodyweight: 82.2, age: 29, strength: 0.95 },
  { first: 'Dieter', last: 'Vogel', country: 'Germany', weightClass: '93kg', bodyweight: 91.7, age: 46, strength: 0.86 },
  { first: 'Arturo', last: 'Rossi', country: 'Italy', weightClass: '105kg', bodyweight: 103.9, age: 62, strength: 0.74 },
  {
    first: 'Bjorn',
    last: 'Strand',
    country: 'Sweden',
    weightClass: '120kg',
    bodyweight: 118.5,
    age: 34,
    equipment: 'equipped',
    strength: 1.18,
  },
]

const POWERLIFTS = ['Squat', 'Bench Press', 'Deadlift']
const BASES: [LiftType, number][] = [
  ['squat', 230],
  ['bench', 150],
  ['deadlift', 260],
]

export async function seedDemoCategories(
  prisma: PrismaClient,
  seed: {
    now: number
    passwordHash: string
    organiser: UserRow
    certified: Set<number>
    votes: DemoVote[]
    lotFor: (challengeId: number) => number
  },
): Promise<void> {
  const { now, passwordHash, organiser, certified, votes, lotFor } = seed
  const rnd = random(31)
  const judges = [...certified].slice(0, 3)
  const start = new Date(now - 30 * DAY)
  const year = start.getUTCFullYear()
  const challenges = [
    { name: "IPF Women's Classic Cup", location: 'Stockholm', gender: 'F', equipment: 'classic', lifters: WOMEN },
    { name: 'IPF Classic & Equipped Open', location: 'Gothenburg', gender: 'M', equipment: 'both', lifters: MEN },
  ] as const
  for (const [index, c] of challenges.entries()) {
    const classes = c.lifters.map((l) => l.weightClass)
    const about =
      c.equipment === 'both'
        ? 'IPF classes, every age division, classic and equipped lifters ranked apart.'
        : 'IPF classes for women, every age division.'
    const challenge = await prisma.challenge.create({
      data: {
        name: c.name,
        location: c.location,
        startDate: start,
        endDate: new Date(now - (24 - index) * DAY),
        liftTypes: POWERLIFTS,
        weightClasses: classes,
        gender: c.gender,
        classSet: 'ipf',
        equipment: c.equipment,
        createdById: organiser.id,
        ranking: 'class',
        description: formatDescription(`${c.name}: ${about}`, { lifttypes: POWERLIFTS, weightclasses: classes, gender: c.gender }),
        judges: { create: judges.map((userId, seat) => ({ userId, seat: seat + 1 })) },
      },
    })
    for (const [i, l] of c.lifters.entries()) {
      const username = `${l.first.toLowerCase()}${100 + index * 10 + i}`
      const user = await prisma.user.create({
        data: {
          name: `${l.first} ${l.last}`,
          username,
          email: `${username}@demo.liftarena.app`,
          passwordHash,
          country: l.country,
          // The account's class is the one they entered, as for every demo lifter.
          weightClass: l.weightClass,
          bio: 'Demo athlete.',
          sex: c.gender,
          birthDate: new Date(Date.UTC(year - l.age, 2 + i, 10 + i)),
        },
      })
      const participant = await prisma.participant.create({
        data: {
          userId: user.id,
          challengeId: challenge.id,
          weightClass: l.weightClass,
          gender: c.gender,
          bodyweight: l.bodyweight,
          equipment: l.equipment ?? 'classic',
          joinedAt: new Date(start.getTime() - (5 - rnd()) * DAY),
          lot: lotFor(challenge.id),
        },
      })
      for (const [liftType, base] of BASES) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const weight = Math.round((base * l.strength * (0.9 + attempt * 0.05)) / 2.5) * 2.5
          const createdAt = new Date(start.getTime() + (1 + rnd() * 4) * DAY)
          // Most lifts good; some third attempts missed, by a reason of the catalogue.
          const good = !(attempt === 2 && rnd() < 0.3)
          const ballots = judges.map((judgeId, seat) => ({
            judgeId,
            seat: seat + 1,
            good,
            reason: good ? null : NO_LIFT_REASONS[liftType][0]!.code,
            note: null,
          }))
          const status = decision(ballots, 3)!
          const lights: Light[] = decisionLights(
            ballots.map((b) => ({ ...b, atSeconds: b.good ? null : 1.5 })),
            liftType,
            null,
          )
          const row = await prisma.attempt.create({
            data: {
              participantId: participant.id,
              liftType,
              attemptNumber: attempt + 1,
              weight,
              createdAt,
              status,
              votesNeeded: 3,
              votesCast: 3,
              verified: true,
              decidedBy: 'panel',
              decidedAt: new Date(createdAt.getTime() + 3_600_000),
              lights: lights as object[],
            },
          })
          votes.push(...ballots.map((b) => ({ ...b, attemptId: row.id, createdAt: new Date(createdAt.getTime() + b.seat * 600_000) })))
        }
      }
    }
  }
}
