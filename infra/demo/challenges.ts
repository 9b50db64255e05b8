// The demo's online challenges: upcoming, ongoing and completed, powerlifting and weightlifting, one
// ranked by DOTS, one judged by its organiser alone (unverified results). Each has a panel of three
// certified judges who decided most attempts; an ongoing challenge's last attempts await them.
import {
  NO_LIFT_REASONS,
  normalizeLiftType,
  decision,
  decisionLights,
  formatDescription,
  isVerifiedDecision,
  type Light,
  type LiftType,
  type Ranking,
} from '../../contract/index.ts'
import type { PrismaClient } from '../db.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { CLASS_FACTOR } from './people.ts'
import { DAY, type DemoVote } from './shared.ts'

export async function seedDemoChallenges(
  prisma: PrismaClient,
  seed: {
    now: number
    rnd: () => number
    users: UserRow[]
    women: UserRow[]
    bodyweightOf: Map<number, number | null>
    lotFor: (challengeId: number) => number
  },
): Promise<{ certified: Set<number>; votes: DemoVote[] }> {
  const { now, rnd, users, women, bodyweightOf, lotFor } = seed
  const POWERLIFTS = ['Squat', 'Bench Press', 'Deadlift']
  const challenges: {
    name: string
    location: string
    start: number
    end: number
    classes: string[]
    gender: string
    lifttypes?: string[]
    ranking?: Ranking
    about?: string
    /** Judged by its organiser alone (no panel): its results are unverified. */
    selfJudged?: boolean
    entrants?: number
    /** The prize pool its organiser offers (most demo challenges offer none). */
    prize?: { currency: string; first: number; second?: number; third?: number }
  }[] = [
    {
      name: 'Winter Powerlifting Open',
      location: 'Oslo',
      start: -3,
      end: 4,
      classes: ['74kg', '83kg', '93kg', '105kg'],
      gender: 'M',
      prize: { currency: 'NOK', first: 5000, second: 2500, third: 1000 },
    },
    // One lift, ranked overall by DOTS: lifters of every class compete for one list.
    {
      name: 'Global Deadlift Showdown',
      location: 'Online',
      start: -10,
      end: 10,
      classes: ['66kg', '83kg', '105kg', '120kg+'],
      gender: 'M',
      lifttypes: ['Deadlift'],
      ranking: 'dots',
      about: 'One lift, every class on one list: ranked by DOTS points from your best deadlift and your bodyweight.',
    },
    { name: 'Spring Strength Classic', location: 'São Paulo', start: 5, end: 12, classes: ['59kg', '66kg', '74kg', '83kg'], gender: 'F' },
    { name: 'New Year Total Challenge', location: 'Chicago', start: 20, end: 27, classes: ['83kg', '93kg', '105kg', '120kg'], gender: 'M' },
    {
      name: 'Autumn Raw Nationals',
      location: 'Kraków',
      start: -40,
      end: -33,
      classes: ['74kg', '83kg', '93kg', '105kg', '120kg'],
      gender: 'M',
      ranking: 'ipf_gl',
    },
    { name: 'Summer Bench Bash', location: 'Tokyo', start: -90, end: -83, classes: ['59kg', '66kg', '74kg', '83kg', '93kg'], gender: 'F' },
    // Weightlifting: snatch + clean & jerk make the total, Sinclair names the best lifter.
    {
      name: 'Snatch & Clean Open',
      location: 'Tbilisi',
      start: -2,
      end: 5,
      classes: ['66kg', '74kg', '83kg', '93kg'],
      gender: 'M',
      lifttypes: ['Snatch', 'Clean & Jerk'],
      prize: { currency: 'EUR', first: 300 },
      about: 'Snatch and clean & jerk, one total per lifter; the best lifter by Sinclair points.',
    },
    // Last, so the seeded weights of the others stay as they were.
    {
      name: 'Garage Meet (self-judged)',
      location: 'Bergen',
      start: -12,
      end: -6,
      classes: ['83kg', '93kg', '105kg'],
      gender: 'M',
      selfJudged: true,
      entrants: 6,
      about:
        'A club meet whose organiser judged every attempt alone: its results rank here, but not on the global boards until a certified panel decides them.',
    },
  ]
  // The organisers: Anna runs the platform's challenges, Ben the garage meet.
  const organiserOf = (c: (typeof challenges)[number]) => (c.selfJudged ? users[1]! : users[0]!)
  /** Each lift's base weight (kg) for a strength of 1. */
  const BASES: Partial<Record<LiftType, number>> = { squat: 200, bench: 135, deadlift: 240, snatch: 125, clean_and_jerk: 155 }
  const votes: DemoVote[] = []
  // A panel of three who do not lift in the challenge, never its organiser (whose panel would not be
  // verified), or the organiser alone.
  const panelOf = (c: (typeof challenges)[number], index: number) =>
    c.selfJudged
      ? [organiserOf(c)]
      : users
          .filter((_, i) => (i + index) % 3 === 0)
          .slice(index, index + 3)
          .map((u) => (u === organiserOf(c) ? users[9]! : u))
  // The panels' judges are certified (as a site administrator would); the garage meet's organiser is not.
  const certified = new Set(challenges.flatMap((c, index) => (c.selfJudged ? [] : panelOf(c, index).map((j) => j.id))))
  await prisma.user.updateMany({ where: { id: { in: [...certified] } }, data: { judgeCertifiedAt: new Date(now - 60 * DAY) } })
  for (const [index, c] of challenges.entries()) {
    const organiser = organiserOf(c)
    const judges = panelOf(c, index)
    const lifttypes = c.lifttypes ?? POWERLIFTS
    const about = c.about ?? 'Three lifts, one total.'
    const challenge = await prisma.challenge.create({
      data: {
        name: c.name,
        location: c.location,
        startDate: new Date(now + c.start * DAY),
        endDate: new Date(now + c.end * DAY),
        liftTypes: lifttypes,
        weightClasses: c.classes,
        gender: c.gender,
        createdById: organiser.id,
        ranking: c.ranking ?? 'class',
        ...(c.prize
          ? { prizeCurrency: c.prize.currency, prizeFirst: c.prize.first, prizeSecond: c.prize.second ?? 0, prizeThird: c.prize.third ?? 0 }
          : {}),
        description: formatDescription(`${c.name}: ${about} Film each attempt from the side and upload it before the deadline.`, {
          lifttypes,
          weightclasses: c.classes,
          gender: c.gender,
        }),
        judges: { create: c.selfJudged ? [] : judges.map((judge, seat) => ({ userId: judge.id, seat: seat + 1 })) },
      },
    })
    // Lifters of the challenge's category in one of its classes; never its organiser or one of its judges.
    const entrants = (c.gender === 'F' ? women : users.filter((u, i) => (i + index) % 3 !== 0))
      .filter((u) => u !== organiser && c.classes.includes(u.weightClass!))
      .slice(0, c.entrants ?? 12 + index * 2)
    const needed = judges.length >= 3 ? 3 : 1
    // No two lifters of a challenge lift the same weights (identical rows read as a copy).
    const planned = new Set<string>()
    for (const [entrantIndex, user] of entrants.entries()) {
      const weightClass = user.weightClass!
      const bodyweight = bodyweightOf.get(user.id) ?? null
      const participant = await prisma.participant.create({
        data: {
          userId: user.id,
          challengeId: challenge.id,
          weightClass,
          gender: c.gender,
          bodyweight,
          joinedAt: new Date(now + (c.start - 5) * DAY + rnd() * DAY),
          lot: lotFor(challenge.id),
        },
      })
      if (c.start > 0) continue // upcoming: joined, nothing lifted yet
      const bases = (Object.entries(BASES) as [LiftType, number][]).filter(([lift]) =>
        lifttypes.some((name) => normalizeLiftType(name) === lift),
      )
      const plan = (strength: number) =>
        bases.map(([, base]) => [0, 1, 2].map((attempt) => Math.round((base * strength * (0.9 + attempt * 0.05)) / 2.5) * 2.5))
      let strength = (CLASS_FACTOR[weightClass] ?? 1) * (c.gender === 'F' ? 0.62 : 1) * (0.85 + rnd() * 0.3)
      while (planned.has(JSON.stringify(plan(strength)))) strength += 0.01
      planned.add(JSON.stringify(plan(strength)))
      for (const [liftType, base] of bases) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const weight = Math.round((base * strength * (0.9 + attempt * 0.05)) / 2.5) * 2.5
          const createdAt = new Date(now + c.start * DAY + rnd() * Math.min(c.end - c.start, -c.start) * DAY)
          // An ongoing challenge's last attempts of its last lift still await their judges (some with a vote or two cast).
          const awaiting = c.end > 0 && liftType === bases.at(-1)![0] && attempt === 2 && entrantIndex % 4 === 0
          const ballots = judges
            .map((judge, seat) => {
              const good = rnd() < 0.82
              const reasons = NO_LIFT_REASONS[liftType]
              return {
                judgeId: judge.id,
                seat: seat + 1,
                good,
                reason: good ? null : reasons[Math.floor(rnd() * (reasons.length - 1))]!.code,
                note: null,
              }
            })
            .slice(0, awaiting ? entrantIndex % 3 : needed)
          const status = awaiting ? null : decision(ballots, needed)
          const verified =
            status !== null &&
            isVerifiedDecision({
              by: 'panel',
              lifterId: user.id,
              organiserId: organiser.id,
              panel: judges.map((j) => j.id),
              voters: ballots.map((b) => ({
                userId: b.judgeId,
                certified: certified.has(b.judgeId),
                withDecision: b.good === (status === 'completed'),
              })),
            })
          // The demo panels keep their names unpublished: lights tell no seat (decisionLights).
          const lights: Light[] = status
            ? decisionLights(
                ballots.map((b) => ({ ...b, atSeconds: b.good ? null : 1.5 })),
                liftType,
                null,
              )
            : []
          const row = await prisma.attempt.create({
            data: {
              participantId: participant.id,
              liftType,
              attemptNumber: attempt + 1,
              weight,
              createdAt,
              status: status ?? 'pending',
              votesNeeded: needed,
              votesCast: ballots.length,
              verified,
              ...(status ? { decidedBy: 'panel', decidedAt: new Date(createdAt.getTime() + 3_600_000), lights: lights as object[] } : {}),
            },
          })
          votes.push(...ballots.map((b) => ({ ...b, attemptId: row.id, createdAt: new Date(createdAt.getTime() + b.seat * 600_000) })))
        }
      }
    }
  }
  return { certified, votes }
}
