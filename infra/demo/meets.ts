// The demo's two meets, mid-competition (docs/meet-rules.md).
import {
  NO_LIFT_REASONS,
  decision,
  decisionLights,
  formatDescription,
  isVerifiedDecision,
  loadingStep,
  type Light,
  type LiftType,
} from '../../contract/index.ts'
import { CLASS_FACTOR } from './people.ts'
import type { PrismaClient } from '../db.ts'
import type { UserRow } from '../repositories/users.repository.ts'
import { DAY } from './shared.ts'

/**
 * Two meets mid-competition (docs/meet-rules.md), so a newcomer sees the whole scoreboard at once: lifters with
 * every attempt judged, one with an attempt with the judges, declarations waiting, a window running, and a
 * bomb-out. Each lifter's attempts follow the rules: openers on the loading step, two steps up after a good
 * lift, the same weight after a no lift. Per lifter and lift, in order: G good, N no lift, P with the judges,
 * D declared and not yet filmed.
 */
export async function seedDemoMeets(
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
    lotFor: (challengeId: number) => number
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
    const challenge = await prisma.challenge.create({
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
          challengeId: challenge.id,
          weightClass: user.weightClass!,
          gender: 'M',
          bodyweight: bodyweightOf.get(user.id) ?? null,
          joinedAt: new Date(now - 3 * DAY),
          lot: lotFor(challenge.id),
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
