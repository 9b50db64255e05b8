// The lifting order on a flight of 12, checked by hand against OpenLifter's rule (weight, lot, previous round,
// bodyweight, name; rounds in order): each expected order below was written out on paper first.
import { describe, expect, it } from 'vitest'
import { attemptsUntilUp, compareInRound, liftingOrder, type FlightLifter, type HallAttempt } from './lifting-order.ts'

const open = (weight: number): HallAttempt => ({ weight, result: null })
const good = (weight: number): HallAttempt => ({ weight, result: 'good' })
const miss = (weight: number): HallAttempt => ({ weight, result: 'no_lift' })

// id, name, lot, bodyweight, squat opener
const ROSTER: [number, string, number, number, number][] = [
  [1, 'Ada', 7, 82.3, 200],
  [2, 'Ben', 3, 90.1, 180],
  [3, 'Cal', 11, 88.0, 180],
  [4, 'Dee', 1, 74.0, 220],
  [5, 'Eve', 5, 66.0, 150],
  [6, 'Fay', 9, 71.2, 150],
  [7, 'Gus', 2, 100.5, 240],
  [8, 'Hal', 12, 93.0, 200],
  [9, 'Ivy', 4, 60.0, 120],
  [10, 'Jon', 8, 105.0, 240],
  [11, 'Kim', 10, 57.0, 120],
  [12, 'Lou', 6, 120.0, 260],
]
const flight = (attempts: Record<string, HallAttempt[]> = {}): FlightLifter[] =>
  ROSTER.map(([id, name, lot, bodyweight, opener]) => ({ id, name, lot, bodyweight, attempts: attempts[name] ?? [open(opener)] }))
const names = (lifters: FlightLifter[]) =>
  liftingOrder('squat', lifters).queue.map((q) => `${q.name}${q.attempt}@${q.weight}${q.automatic ? '*' : ''}`)

describe('the lifting order of a flight of 12', () => {
  it('orders the openers by weight, then lot', () => {
    // 120: Ivy (lot 4), Kim (10); 150: Eve (5), Fay (9); 180: Ben (3), Cal (11); 200: Ada (7), Hal (12); 220 Dee; 240: Gus (2), Jon (8); 260 Lou.
    const order = liftingOrder('squat', flight())
    expect(order.queue.map((q) => q.name)).toEqual(['Ivy', 'Kim', 'Eve', 'Fay', 'Ben', 'Cal', 'Ada', 'Hal', 'Dee', 'Gus', 'Jon', 'Lou'])
    expect([order.round, order.current?.name, order.onDeck?.name, order.inTheHole?.name]).toEqual([1, 'Ivy', 'Kim', 'Eve'])
  })

  it('recomputes at a change: Ada drops her opener to 180 and goes between Ben (lot 3) and Cal (lot 11)', () => {
    expect(names(flight({ Ada: [open(180)] })).slice(4, 7)).toEqual(['Ben1@180', 'Ada1@180', 'Cal1@180'])
  })

  it('takes every first attempt before any second; an undeclared second stands at the default', () => {
    // Ivy made 120 and declared 130; Kim missed 120 and has not declared: her default is 120 again.
    const order = names(flight({ Ivy: [good(120), open(130)], Kim: [miss(120)] }))
    expect(order).toEqual([
      'Eve1@150',
      'Fay1@150',
      'Ben1@180',
      'Cal1@180',
      'Ada1@200',
      'Hal1@200',
      'Dee1@220',
      'Gus1@240',
      'Jon1@240',
      'Lou1@260',
      'Kim2@120*',
      'Ivy2@130',
    ])
  })

  it('leaves a lifter whose attempt is with the referees out until it is decided', () => {
    const order = liftingOrder('squat', flight({ Ivy: [{ weight: 120, result: 'pending' }] }))
    expect(order.queue.map((q) => q.name)).not.toContain('Ivy')
    expect(order.current?.name).toBe('Kim')
  })

  it('orders a second round by its weights, then lots', () => {
    const a = (first: HallAttempt, second: number) => [first, open(second)]
    const order = names(
      flight({
        Ada: a(good(200), 210),
        Ben: a(good(180), 190),
        Cal: a(miss(180), 180),
        Dee: a(good(220), 230),
        Eve: a(good(150), 160),
        Fay: a(good(150), 160),
        Gus: a(good(240), 250),
        Hal: a(good(200), 210),
        Ivy: a(good(120), 130),
        Jon: a(miss(240), 240),
        Kim: a(good(120), 130),
        Lou: a(good(260), 270),
      }),
    )
    // 130 Ivy (4) Kim (10); 160 Eve (5) Fay (9); 180 Cal; 190 Ben; 210 Ada (7) Hal (12); 230 Dee; 240 Jon; 250 Gus; 270 Lou.
    expect(order).toEqual([
      'Ivy2@130',
      'Kim2@130',
      'Eve2@160',
      'Fay2@160',
      'Cal2@180',
      'Ben2@190',
      'Ada2@210',
      'Hal2@210',
      'Dee2@230',
      'Jon2@240',
      'Gus2@250',
      'Lou2@270',
    ])
  })

  it('without lots: the previous round decides, then bodyweight, then name', () => {
    const noLots = (lifters: FlightLifter[]) => lifters.map((l) => ({ ...l, lot: null }))
    const [eve, fay, ivy, kim] = noLots(
      flight({
        Eve: [good(150), open(170)],
        Fay: [good(140), open(170)],
        Ivy: [good(120), open(170)],
        Kim: [good(120), open(170)],
      }),
    ).filter((l) => ['Eve', 'Fay', 'Ivy', 'Kim'].includes(l.name))
    // Round 2 all at 170: by round 1, Ivy and Kim (120) before Fay (140) before Eve (150); Ivy/Kim tie at 120: Kim is lighter (57 < 60).
    const sorted = [eve!, fay!, ivy!, kim!].sort((a, b) => compareInRound('squat', a, b, 2)).map((l) => l.name)
    expect(sorted).toEqual(['Kim', 'Ivy', 'Fay', 'Eve'])
    const twins = [
      { ...eve!, name: 'Zed', bodyweight: 60 },
      { ...eve!, name: 'Abe', bodyweight: 60 },
    ]
    expect(twins.sort((a, b) => compareInRound('squat', a, b, 1)).map((l) => l.name)).toEqual(['Abe', 'Zed'])
  })

  it('plays the flight through: 36 attempts, rounds in order, weights rising within a round', () => {
    let lifters = flight()
    const taken: { name: string; attempt: number; weight: number }[] = []
    for (let step = 0; step < 40; step++) {
      const order = liftingOrder('squat', lifters)
      if (!order.current) break
      const { lifterId, attempt, weight } = order.current
      const ok = (lifterId + attempt) % 3 !== 0
      lifters = lifters.map((l) => {
        if (l.id !== lifterId) return l
        const next = l.attempts.slice(0, attempt - 1).concat([{ weight, result: ok ? 'good' : 'no_lift' }])
        // Declares a 10 kg jump after a good lift; lets the default stand after a miss.
        if (attempt < 3 && ok) next.push(open(weight + 10))
        return { ...l, attempts: next }
      })
      taken.push({ name: order.current.name, attempt, weight })
    }
    expect(taken).toHaveLength(36)
    for (let i = 1; i < taken.length; i++) {
      const [before, now] = [taken[i - 1]!, taken[i]!]
      expect(now.attempt >= before.attempt).toBe(true)
      if (now.attempt === before.attempt) expect(now.weight >= before.weight).toBe(true)
    }
    expect(liftingOrder('squat', lifters).round).toBeNull()
  })

  it('counts the attempts before each lifter is up, for the warm-up board', () => {
    const until = attemptsUntilUp(liftingOrder('squat', flight({ Ivy: [good(120), open(130)] })))
    expect([until.get(11), until.get(12), until.get(9)]).toEqual([0, 10, 11])
  })
})
