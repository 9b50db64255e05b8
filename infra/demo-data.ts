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
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { hash } from '@node-rs/argon2'
import {
  NO_LIFT_REASONS,
  classBand,
  normalizeLiftType,
  decision,
  decisionLights,
  drawLot,
  formatDescription,
  isVerifiedDecision,
  loadingStep,
  type Light,
  type LiftType,
  type Ranking,
} from '../contract/index.ts'
import type { PrismaClient } from './db.ts'
import type { UserRow } from './repositories/users.repository.ts'
import { attemptKeys, type Storage } from './storage.ts'

// The men's accounts; the first, Anna, organises the demo challenges and lifts in none.
const FIRST = [
  'Anna',
  'Ben',
  'Caio',
  'Dmitri',
  'Efe',
  'Femi',
  'Goran',
  'Hiro',
  'Igor',
  'Jonas',
  'Kofi',
  'Luca',
  'Mateo',
  'Nikolai',
  'Oskar',
  'Pedro',
  'Quinn',
  'Rafael',
  'Sven',
  'Tomasz',
  'Umar',
  'Viktor',
  'Wen',
  'Xavier',
  'Yusuf',
  'Zoran',
  'Arjun',
  'Bruno',
  'Chen',
  'Dario',
  'Emil',
  'Farid',
  'Gus',
  'Hamza',
  'Ivan',
  'Jakob',
]
const LAST = [
  'Novak',
  'Okafor',
  'Silva',
  'Petrov',
  'Yilmaz',
  'Adeyemi',
  'Lind',
  'Tanaka',
  'Moreno',
  'Berg',
  'Kowalska',
  'Rossi',
  'Cohen',
  'Ivanov',
  'Sokolova',
  'Alves',
  'Murphy',
  'Garcia',
  'Olsen',
  'Singh',
  'Khan',
  'Fischer',
  'Li',
  'Lopez',
  'Demir',
  'Martin',
  'Patel',
  'Weber',
  'Wang',
  'Levi',
  'Larsen',
  'Haddad',
  'Brown',
  'Sato',
  'Orlov',
  'Nguyen',
]
// The women of the women's challenges (their own accounts: an account competes in one category).
const WOMEN = [
  'Alma',
  'Britt',
  'Chiara',
  'Daria',
  'Esra',
  'Freya',
  'Gabriela',
  'Helga',
  'Ingrid',
  'Jana',
  'Keiko',
  'Leila',
  'Mei',
  'Noor',
  'Oksana',
  'Priya',
  'Renata',
  'Sofia',
  'Tove',
  'Ursula',
  'Valentina',
  'Yasmin',
]
const COUNTRIES = ['USA', 'Norway', 'Brazil', 'Japan', 'Poland', 'Nigeria', 'Germany', 'Turkey', 'India', 'Italy', 'Canada', 'Sweden']
const CLASSES = ['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+']
const WOMENS_CLASSES = ['59kg', '66kg', '74kg', '83kg']
const CLASS_FACTOR: Record<string, number> = {
  '59kg': 0.7,
  '66kg': 0.8,
  '74kg': 0.88,
  '83kg': 0.95,
  '93kg': 1,
  '105kg': 1.06,
  '120kg': 1.1,
  '120kg+': 1.15,
}

const DAY = 86_400_000
export const DEMO_PASSWORD = 'liftarena-demo'
const run = promisify(execFile)

function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
}

export async function seedDemoData(prisma: PrismaClient): Promise<boolean> {
  if ((await prisma.competition.count()) > 0 || (await prisma.user.count()) > 0) return false
  const rnd = random(42)
  // Lots come from a random of their own, so the weights seeded before lots existed stay as they were.
  const lotRnd = random(7)
  const lotsOf = new Map<number, Set<number>>()
  const lotFor = (competitionId: number) => {
    const taken = lotsOf.get(competitionId) ?? new Set<number>()
    lotsOf.set(competitionId, taken)
    const lot = drawLot(taken, lotRnd)
    taken.add(lot)
    return lot
  }
  const now = Date.now()
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: 2 })

  const users: UserRow[] = []
  for (let i = 0; i < 36; i++) {
    const name = `${FIRST[i]} ${LAST[(i * 7) % LAST.length]}`
    users.push(
      await prisma.user.create({
        data: {
          name,
          username: `${FIRST[i]!.toLowerCase()}${i + 1}`,
          email: `${FIRST[i]!.toLowerCase()}${i + 1}@demo.liftarena.app`,
          passwordHash,
          country: COUNTRIES[i % COUNTRIES.length]!,
          weightClass: CLASSES[i % CLASSES.length]!,
          bio: i === 0 ? 'Organiser of the demo challenges.' : 'Demo athlete.',
          sex: i === 0 ? 'F' : 'M',
        },
      }),
    )
  }
  const women: UserRow[] = []
  for (let i = 0; i < WOMEN.length; i++) {
    const name = `${WOMEN[i]} ${LAST[(i * 5 + 3) % LAST.length]}`
    women.push(
      await prisma.user.create({
        data: {
          name,
          username: `${WOMEN[i]!.toLowerCase()}${i + 1}`,
          email: `${WOMEN[i]!.toLowerCase()}${i + 1}@demo.liftarena.app`,
          passwordHash,
          country: COUNTRIES[(i + 5) % COUNTRIES.length]!,
          weightClass: WOMENS_CLASSES[i % WOMENS_CLASSES.length]!,
          bio: 'Demo athlete.',
          sex: 'F',
        },
      }),
    )
  }
  // One bodyweight per lifter, inside their class (the open class up to 30 kg over its limit), whichever
  // challenge they enter; every fifth lifter gave none.
  const bodyweightOf = new Map<number, number | null>()
  for (const [i, user] of [...users, ...women].entries()) {
    const band = classBand(user.weightClass!)!
    const top = band.upTo ?? band.above + 30
    const bottom = Math.max(band.above, top - 8)
    bodyweightOf.set(user.id, i % 5 === 4 ? null : Math.round((bottom + 0.1 + rnd() * (top - bottom - 0.1)) * 10) / 10)
  }

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
  const votes: {
    attemptId: number
    judgeId: number
    seat: number
    good: boolean
    reason: string | null
    note: string | null
    createdAt: Date
  }[] = []
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
    const competition = await prisma.competition.create({
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
          competitionId: competition.id,
          weightClass,
          gender: c.gender,
          bodyweight,
          joinedAt: new Date(now + (c.start - 5) * DAY + rnd() * DAY),
          lot: lotFor(competition.id),
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
  await seedDemoMeets(prisma, { now, users, bodyweightOf, certified, votes, lotFor })
  await prisma.vote.createMany({ data: votes.map((v) => ({ ...v, atSeconds: v.good ? null : 1.5 })) })
  return true
}

/**
 * Two meets mid-competition (docs/meet-rules.md), so a newcomer sees the whole scoreboard at once: lifters with
 * every attempt judged, one with an attempt with the judges, declarations waiting, a window running, and a
 * bomb-out. Each lifter's attempts follow the rules: openers on the loading step, two steps up after a good
 * lift, the same weight after a no lift. Per lifter and lift, in order: G good, N no lift, P with the judges,
 * D declared and not yet filmed.
 */
async function seedDemoMeets(
  prisma: PrismaClient,
  seed: {
    now: number
    users: UserRow[]
    bodyweightOf: Map<number, number | null>
    certified: Set<number>
    votes: {
      attemptId: number
      judgeId: number
      seat: number
      good: boolean
      reason: string | null
      note: string | null
      createdAt: Date
    }[]
    lotFor: (competitionId: number) => number
  },
) {
  const { now, users, bodyweightOf, certified, votes, lotFor } = seed
  const MINUTE = 60_000
  const meets = [
    {
      name: 'Riverside Powerlifting Meet',
      location: 'Lyon',
      classes: ['83kg', '93kg', '105kg'],
      lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
      lifts: ['squat', 'bench', 'deadlift'] as LiftType[],
      bases: [190, 130, 230],
      plans: [
        ['GGN', 'GGG', 'GGN'],
        ['GNG', 'GGN', 'GGG'],
        ['GGG', 'NNN', 'GGG'],
        ['GGG', 'GD', ''],
        ['GGP', '', ''],
        ['D', '', ''],
      ],
    },
    {
      name: 'Harbour Weightlifting Meet',
      location: 'Gdańsk',
      classes: ['66kg', '74kg'],
      lifttypes: ['Snatch', 'Clean & Jerk'],
      lifts: ['snatch', 'clean_and_jerk'] as LiftType[],
      bases: [110, 140],
      plans: [
        ['GGN', 'GGG'],
        ['NGG', 'GNG'],
        ['NNN', 'GGN'],
        ['GGG', 'G'],
        ['D', ''],
      ],
    },
  ]
  for (const [index, m] of meets.entries()) {
    const organiser = users[0]!
    const judges = users
      .filter((u) => certified.has(u.id) && !m.classes.includes(u.weightClass!) && u !== organiser)
      .slice(index * 3, index * 3 + 3)
    const competition = await prisma.competition.create({
      data: {
        name: m.name,
        location: m.location,
        startDate: new Date(now - DAY),
        endDate: new Date(now + 3 * DAY),
        format: 'meet',
        declarationWindowMinutes: 60,
        liftTypes: m.lifttypes,
        weightClasses: m.classes,
        gender: 'M',
        createdById: organiser.id,
        ranking: 'class',
        description: formatDescription(
          `${m.name}: a meet by the rulebook. Three attempts per lift, declared before they are filmed, the lifts in order.`,
          { lifttypes: m.lifttypes, weightclasses: m.classes, gender: 'M' },
        ),
        judges: { create: judges.map((judge, seat) => ({ userId: judge.id, seat: seat + 1 })) },
      },
    })
    const entrants = users
      .filter((u) => u !== organiser && !judges.includes(u) && m.classes.includes(u.weightClass!))
      .slice(0, m.plans.length)
    // Every attempt ten minutes after the one before, decided twenty minutes after it was filmed; the last ones recently.
    let clock = now - (m.plans.flat().join('').length + 4) * 10 * MINUTE
    for (const [lifterIndex, user] of entrants.entries()) {
      const participant = await prisma.participant.create({
        data: {
          userId: user.id,
          competitionId: competition.id,
          weightClass: user.weightClass!,
          gender: 'M',
          bodyweight: bodyweightOf.get(user.id) ?? null,
          joinedAt: new Date(now - 3 * DAY),
          lot: lotFor(competition.id),
        },
      })
      const strength = (CLASS_FACTOR[user.weightClass!] ?? 1) * (0.9 + lifterIndex * 0.03)
      for (const [liftIndex, lift] of m.lifts.entries()) {
        const step = loadingStep(lift)
        let weight = Math.round((m.bases[liftIndex]! * strength * 0.9) / step) * step
        for (const [n, cell] of [...(m.plans[lifterIndex]![liftIndex] ?? '')].entries()) {
          const attemptNumber = n + 1
          await prisma.declaration.create({
            data: { participantId: participant.id, liftType: lift, attemptNumber, weight, declaredAt: new Date(clock - 5 * MINUTE) },
          })
          if (cell === 'D') break
          const createdAt = new Date((clock += 10 * MINUTE))
          const good = cell === 'G'
          const reasons = NO_LIFT_REASONS[lift]
          const ballots = judges
            .map((judge, seat) => ({ judgeId: judge.id, seat: seat + 1, good, reason: good ? null : reasons[0]!.code, note: null }))
            .slice(0, cell === 'P' ? 1 : 3)
          const status = cell === 'P' ? null : decision(ballots, 3)
          const verified =
            status !== null &&
            isVerifiedDecision({
              by: 'panel',
              lifterId: user.id,
              organiserId: organiser.id,
              panel: judges.map((j) => j.id),
              voters: ballots.map((b) => ({ userId: b.judgeId, certified: certified.has(b.judgeId), withDecision: true })),
            })
          const lights: Light[] = status
            ? decisionLights(
                ballots.map((b) => ({ ...b, atSeconds: b.good ? null : 1.5 })),
                lift,
                null,
              )
            : []
          const row = await prisma.attempt.create({
            data: {
              participantId: participant.id,
              liftType: lift,
              attemptNumber,
              weight,
              createdAt,
              status: status ?? 'pending',
              votesNeeded: 3,
              votesCast: ballots.length,
              verified,
              ...(status
                ? {
                    decidedBy: 'panel',
                    decidedAt: new Date(Math.min(createdAt.getTime() + 20 * MINUTE, now - MINUTE)),
                    lights: lights as object[],
                  }
                : {}),
            },
          })
          votes.push(...ballots.map((b) => ({ ...b, attemptId: row.id, createdAt: new Date(createdAt.getTime() + b.seat * MINUTE) })))
          if (good) weight += 2 * step
        }
      }
    }
  }
}

// Test patterns ffmpeg draws by itself, one look per clip (no binary fixtures in the repository).
const DEMO_PATTERNS = [
  'testsrc2=size=1280x720:rate=30',
  'smptehdbars=size=1280x720:rate=30',
  'life=size=320x180:rate=30:mold=10:ratio=0.2:death_color=#3a1010:life_color=#ff5a36,scale=1280:720:flags=neighbor',
  'testsrc=size=1280x720:rate=30',
  'cellauto=size=320x180:rate=30:rule=110,scale=1280:720:flags=neighbor',
  'rgbtestsrc=size=1280x720:rate=30',
]

/**
 * Short clips for the heaviest good lift of each kind (squat, bench, deadlift, snatch, clean & jerk) of each ongoing
 * challenge, so a first start has videos to watch. Each original is stored and
 * its attempt left pending: the transcode queue picks pending attempts up when it
 * starts, as it would after a crash. Returns how many clips were made; a missing
 * or failing ffmpeg only means a site without demo videos.
 */
/** Awaiting attempts given a clip in each ongoing challenge (a first start transcodes every clip). */
const PENDING_CLIPS_PER_CHALLENGE = 1

export async function seedDemoVideos(prisma: PrismaClient, storage: Storage, ffmpegPath: string): Promise<number> {
  const now = new Date()
  const ongoing = await prisma.competition.findMany({
    where: { startDate: { lte: now }, endDate: { gte: now } },
    orderBy: { id: 'asc' },
    select: { id: true },
  })
  const picks = []
  for (const { id: competitionId } of ongoing) {
    for (const liftType of ['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk']) {
      const best = await prisma.attempt.findFirst({
        where: { liftType, status: 'completed', originalKey: null, participant: { competitionId } },
        orderBy: [{ weight: 'desc' }, { id: 'asc' }],
        select: { id: true },
      })
      if (best) picks.push(best)
    }
    // Attempts still awaiting their judges get a clip too: an attempt without a video never reaches
    // a judge's desk, so without these the demo judges would find their desks empty.
    picks.push(
      ...(await prisma.attempt.findMany({
        where: { status: 'pending', originalKey: null, participant: { competitionId } },
        orderBy: { id: 'asc' },
        take: PENDING_CLIPS_PER_CHALLENGE,
        select: { id: true },
      })),
    )
  }
  const scratch = await storage.scratch('seed')
  try {
    for (const [index, { id }] of picks.entries()) {
      const path = join(scratch.dir, `${id}.mp4`)
      await run(ffmpegPath, [
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        DEMO_PATTERNS[index % DEMO_PATTERNS.length]!,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${220 + index * 55}:sample_rate=48000`,
        '-t',
        '3',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-ac',
        '2',
        '-shortest',
        path,
      ])
      const key = attemptKeys.original(id, 'mp4')
      await storage.putFile(key, path)
      await prisma.attempt.update({ where: { id }, data: { originalKey: key, processingState: 'pending' } })
    }
  } finally {
    await scratch.dispose()
  }
  return picks.length
}
