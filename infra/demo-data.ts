// Demo data for a first start on the embedded default, so a newcomer sees a
// living site: challenges that are upcoming, ongoing and completed, a few dozen
// athletes across weight classes and countries, attempts with weights, and a few
// videos of the heaviest lifts. Each challenge has an organiser and a panel of three
// judges who decided most attempts (some no lifts, with their reasons and cards); a few
// of the ongoing challenges' attempts still await their judges. Every demo account,
// judges included, signs in with the password DEMO_PASSWORD.
// Deterministic (seeded random) so screenshots and tests are stable.
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { hash } from '@node-rs/argon2'
import { NO_LIFT_REASONS, classBand, normalizeLiftType, decision, formatDescription, toLight, type Light, type LiftType, type Ranking } from '../contract/index.ts'
import type { PrismaClient } from './db.ts'
import { attemptKeys, type Storage } from './storage.ts'

const FIRST = ['Anna', 'Ben', 'Carla', 'Dmitri', 'Elif', 'Femi', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kasia', 'Luca', 'Maya', 'Nikolai', 'Olga', 'Pedro', 'Quinn', 'Rosa', 'Sven', 'Tara', 'Umar', 'Vera', 'Wen', 'Ximena', 'Yusuf', 'Zoe', 'Arjun', 'Bea', 'Chen', 'Dana', 'Emil', 'Fatima', 'Gus', 'Hana', 'Ivan', 'Jade']
const LAST = ['Novak', 'Okafor', 'Silva', 'Petrov', 'Yilmaz', 'Adeyemi', 'Lind', 'Tanaka', 'Moreno', 'Berg', 'Kowalska', 'Rossi', 'Cohen', 'Ivanov', 'Sokolova', 'Alves', 'Murphy', 'Garcia', 'Olsen', 'Singh', 'Khan', 'Fischer', 'Li', 'Lopez', 'Demir', 'Martin', 'Patel', 'Weber', 'Wang', 'Levi', 'Larsen', 'Haddad', 'Brown', 'Sato', 'Orlov', 'Nguyen']
const COUNTRIES = ['USA', 'Norway', 'Brazil', 'Japan', 'Poland', 'Nigeria', 'Germany', 'Turkey', 'India', 'Italy', 'Canada', 'Sweden']
const CLASSES = ['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+']
const CLASS_FACTOR: Record<string, number> = { '59kg': 0.7, '66kg': 0.8, '74kg': 0.88, '83kg': 0.95, '93kg': 1, '105kg': 1.06, '120kg': 1.1, '120kg+': 1.15 }

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
  const now = Date.now()
  const passwordHash = await hash(DEMO_PASSWORD, { algorithm: 2 })

  const users = []
  for (let i = 0; i < 36; i++) {
    const name = `${FIRST[i]} ${LAST[(i * 7) % LAST.length]}`
    users.push(await prisma.user.create({
      data: {
        name, username: `${FIRST[i]!.toLowerCase()}${i + 1}`, email: `${FIRST[i]!.toLowerCase()}${i + 1}@demo.liftarena.app`, passwordHash,
        country: COUNTRIES[i % COUNTRIES.length]!, weightClass: CLASSES[i % CLASSES.length]!, bio: 'Demo athlete.',
      },
    }))
  }

  const POWERLIFTS = ['Squat', 'Bench Press', 'Deadlift']
  const challenges: { name: string; location: string; start: number; end: number; classes: string[]; gender: string; lifttypes?: string[]; ranking?: Ranking; about?: string }[] = [
    { name: 'Winter Powerlifting Open', location: 'Oslo', start: -3, end: 4, classes: ['74kg', '83kg', '93kg', '105kg'], gender: 'M' },
    // One lift, ranked overall by DOTS: lifters of every class compete for one list.
    {
      name: 'Global Deadlift Showdown', location: 'Online', start: -10, end: 10, classes: ['66kg', '83kg', '105kg', '120kg+'], gender: 'M', lifttypes: ['Deadlift'], ranking: 'dots',
      about: 'One lift, every class on one list: ranked by DOTS points from your best deadlift and your bodyweight.',
    },
    { name: 'Spring Strength Classic', location: 'São Paulo', start: 5, end: 12, classes: ['59kg', '66kg', '74kg', '83kg'], gender: 'F' },
    { name: 'New Year Total Challenge', location: 'Chicago', start: 20, end: 27, classes: ['83kg', '93kg', '105kg', '120kg'], gender: 'M' },
    { name: 'Autumn Raw Nationals', location: 'Kraków', start: -40, end: -33, classes: ['74kg', '83kg', '93kg', '105kg', '120kg'], gender: 'M', ranking: 'ipf_gl' },
    { name: 'Summer Bench Bash', location: 'Tokyo', start: -90, end: -83, classes: ['59kg', '66kg', '74kg', '83kg', '93kg'], gender: 'F' },
    // Weightlifting: snatch + clean & jerk make the total, Sinclair names the best lifter.
    {
      name: 'Snatch & Clean Open', location: 'Tbilisi', start: -2, end: 5, classes: ['66kg', '74kg', '83kg', '93kg'], gender: 'M', lifttypes: ['Snatch', 'Clean & Jerk'],
      about: 'Snatch and clean & jerk, one total per lifter; the best lifter by Sinclair points.',
    },
  ]
  /** Each lift's base weight (kg) for a strength of 1. */
  const BASES: Partial<Record<LiftType, number>> = { squat: 200, bench: 135, deadlift: 240, snatch: 125, clean_and_jerk: 155 }
  const votes: { attemptId: number; judgeId: number; seat: number; good: boolean; reason: string | null; note: string | null; createdAt: Date }[] = []
  for (const [index, c] of challenges.entries()) {
    // The organiser, and a panel of three who do not lift in this challenge.
    const judges = users.filter((_, i) => (i + index) % 3 === 0).slice(index, index + 3)
    const lifttypes = c.lifttypes ?? POWERLIFTS
    const about = c.about ?? 'Three lifts, one total.'
    const competition = await prisma.competition.create({
      data: {
        name: c.name, location: c.location, startDate: new Date(now + c.start * DAY), endDate: new Date(now + c.end * DAY),
        liftTypes: lifttypes, weightClasses: c.classes, gender: c.gender, createdById: users[0]!.id, ranking: c.ranking ?? 'class',
        description: formatDescription(`${c.name}: ${about} Film each attempt from the side and upload it before the deadline.`, { lifttypes, weightclasses: c.classes, gender: c.gender }),
        judges: { create: judges.map((judge, seat) => ({ userId: judge.id, seat: seat + 1 })) },
      },
    })
    const entrants = users.filter((_, i) => (i + index) % 3 !== 0).slice(0, 12 + index * 2)
    for (const [entrantIndex, user] of entrants.entries()) {
      const weightClass = c.classes.includes(user.weightClass!) ? user.weightClass! : c.classes[Math.floor(rnd() * c.classes.length)]!
      // A bodyweight inside the class (the open class up to 30 kg over its limit); every fifth lifter gave none.
      const band = classBand(weightClass)!
      const top = band.upTo ?? band.above + 30
      const bottom = Math.max(band.above, top - 8)
      const bodyweight = entrantIndex % 5 === 4 ? null : Math.round((bottom + 0.1 + rnd() * (top - bottom - 0.1)) * 10) / 10
      const participant = await prisma.participant.create({
        data: { userId: user.id, competitionId: competition.id, weightClass, gender: c.gender, bodyweight, joinedAt: new Date(now + (c.start - 5) * DAY + rnd() * DAY) },
      })
      if (c.start > 0) continue // upcoming: joined, nothing lifted yet
      const strength = (CLASS_FACTOR[weightClass] ?? 1) * (c.gender === 'F' ? 0.62 : 1) * (0.85 + rnd() * 0.3)
      const bases = (Object.entries(BASES) as [LiftType, number][]).filter(([lift]) => lifttypes.some((name) => normalizeLiftType(name) === lift))
      for (const [liftType, base] of bases) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const weight = Math.round((base * strength * (0.9 + attempt * 0.05)) / 2.5) * 2.5
          const createdAt = new Date(now + c.start * DAY + rnd() * Math.min(c.end - c.start, -c.start) * DAY)
          // An ongoing challenge's last attempts of its last lift still await their judges (some with a vote or two cast).
          const awaiting = c.end > 0 && liftType === bases.at(-1)![0] && attempt === 2 && entrantIndex % 4 === 0
          const ballots = judges.map((judge, seat) => {
            const good = rnd() < 0.82
            const reasons = NO_LIFT_REASONS[liftType]
            return { judgeId: judge.id, seat: seat + 1, good, reason: good ? null : reasons[Math.floor(rnd() * (reasons.length - 1))]!.code, note: null }
          }).slice(0, awaiting ? entrantIndex % 3 : 3)
          const status = awaiting ? null : decision(ballots, 3)
          const lights: Light[] = status ? ballots.map((b) => toLight({ ...b, atSeconds: b.good ? null : 1.5 }, liftType, `Judge ${b.seat}`)) : []
          const row = await prisma.attempt.create({
            data: {
              participantId: participant.id, liftType, weight, createdAt, status: status ?? 'pending', votesNeeded: 3, votesCast: ballots.length,
              ...(status ? { decidedBy: 'panel', decidedAt: new Date(createdAt.getTime() + 3_600_000), lights: lights as object[] } : {}),
            },
          })
          votes.push(...ballots.map((b) => ({ ...b, attemptId: row.id, createdAt: new Date(createdAt.getTime() + b.seat * 600_000) })))
        }
      }
    }
  }
  await prisma.vote.createMany({ data: votes.map((v) => ({ ...v, atSeconds: v.good ? null : 1.5 })) })
  return true
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
export async function seedDemoVideos(prisma: PrismaClient, storage: Storage, ffmpegPath: string): Promise<number> {
  const now = new Date()
  const ongoing = await prisma.competition.findMany({ where: { startDate: { lte: now }, endDate: { gte: now } }, orderBy: { id: 'asc' }, select: { id: true } })
  const picks = []
  for (const { id: competitionId } of ongoing) {
    for (const liftType of ['squat', 'bench', 'deadlift', 'snatch', 'clean_and_jerk']) {
      const best = await prisma.attempt.findFirst({
        where: { liftType, status: 'completed', originalKey: null, participant: { competitionId } },
        orderBy: [{ weight: 'desc' }, { id: 'asc' }], select: { id: true },
      })
      if (best) picks.push(best)
    }
  }
  const scratch = await storage.scratch('seed')
  try {
    for (const [index, { id }] of picks.entries()) {
      const path = join(scratch.dir, `${id}.mp4`)
      await run(ffmpegPath, [
        '-v', 'error', '-y', '-f', 'lavfi', '-i', DEMO_PATTERNS[index % DEMO_PATTERNS.length]!,
        '-f', 'lavfi', '-i', `sine=frequency=${220 + index * 55}:sample_rate=48000`, '-t', '3',
        '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac', '2', '-shortest', path,
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
