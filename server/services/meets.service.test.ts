// A meet's rules against the rows, with an in-memory meets repository: a locked write hands the entry as it is
// to the rule and keeps what it answers (a refusal writes nothing), the sweep declares what the rules say is due,
// and the cards and the lifting order are made from plain answers.
import { describe, expect, it } from 'vitest'
import type { Declaration, Lift, LiftType, Participant } from '../../contract/index.ts'
import type { EntryState } from '../../infra/repositories/meet-entries.ts'
import type { NewDeclaration } from '../../infra/repositories/meets.repository.ts'
import { Refusal, statusOf } from '../errors.ts'
import {
  assertTake,
  createMeetsService,
  declarationByUpload,
  dueDeclarations,
  lifterCard,
  meetBoard,
  orderQueue,
  type MeetsServiceDeps,
} from './meets.service.ts'

const MINUTE = 60_000
const NOW = new Date('2026-06-01T12:00:00Z')
const meetRow = (over: Partial<EntryState['challenge']> = {}): EntryState['challenge'] => ({
  format: 'meet',
  liftTypes: ['Squat', 'Bench Press', 'Deadlift'],
  description: '',
  startDate: new Date('2026-06-01T00:00:00Z'),
  endDate: new Date('2026-06-02T00:00:00Z'),
  declarationWindowMinutes: 60,
  ...over,
})
type Att = EntryState['attempts'][number]
const att = (
  liftType: string,
  attemptNumber: number,
  weight: number,
  status: Att['status'],
  decidedAt: Date | null = status === 'pending' ? null : new Date(NOW.getTime() - 90 * MINUTE),
): Att => ({ liftType, attemptNumber, weight, status, decidedAt })
const entry = (attempts: Att[] = [], declarations: EntryState['declarations'] = [], challenge = meetRow()): EntryState => ({
  participantId: 1,
  userId: 7,
  challengeId: 10,
  gender: 'M',
  challenge,
  attempts,
  declarations,
})
const dec = (liftType: string, attemptNumber: number, weight: number, automatic = false) => ({
  liftType,
  attemptNumber,
  weight,
  automatic,
  declaredAt: NOW,
})

function refusedWith(fn: () => unknown): [number, string] | null {
  try {
    fn()
    return null
  } catch (error) {
    if (error instanceof Refusal) return [statusOf(error), error.message]
    throw error
  }
}

describe('the rules against an entry', () => {
  it('reads the entry as the rulebook does: attempts in number order, the declared weight of the next', () => {
    const card = lifterCard(
      entry([att('squat', 2, 185, 'completed'), att('squat', 1, 180, 'completed')], [dec('squat', 3, 190), dec('squat', 1, 180)]),
    )
    expect(card.cards.squat).toEqual({
      taken: [
        { weight: 180, result: 'good' },
        { weight: 185, result: 'good' },
      ],
      declared: 190,
      automatic: false,
    })
    expect(card.cards.bench).toEqual({ taken: [], declared: null, automatic: false })
    expect(card.format).toBe('meet')
  })

  it('refuses an upload with 400 for a weight and 409 for a state, and an open challenge past ten', () => {
    expect(refusedWith(() => assertTake(entry(), 'squat', 181))).toEqual([
      400,
      'A squat is loaded in steps of 2.5 kg: 181 kg is not one (180 kg or 182.5 kg are).',
    ])
    expect(refusedWith(() => assertTake(entry([att('squat', 1, 180, 'pending')]), 'squat', 185))).toEqual([
      409,
      'Your first squat is still with the judges: film your second once it is decided.',
    ])
    expect(refusedWith(() => assertTake(entry(), 'squat', 180))).toBeNull()
    const ten = Array.from({ length: 10 }, (_, i) => att('squat', i + 1, 100, 'completed'))
    expect(refusedWith(() => assertTake(entry(ten, [], meetRow({ format: 'open' })), 'squat', 100))).toEqual([
      409,
      'You have uploaded 10 squats, the most an open challenge takes per lift.',
    ])
  })

  it('makes the upload the declaration only in a meet with nothing declared', () => {
    expect(declarationByUpload(entry(), 'squat', 180)).toEqual({ attemptNumber: 1, weight: 180 })
    expect(declarationByUpload(entry([], [dec('squat', 1, 180)]), 'squat', 180)).toBeNull()
    expect(declarationByUpload(entry([], [], meetRow({ format: 'open' })), 'squat', 180)).toBeNull()
  })

  it("lets an upload replace the window's automatic default with another weight the rules allow", () => {
    const afterGood = [att('squat', 1, 180, 'completed')]
    const automatic = [dec('squat', 2, 182.5, true)]
    // A slow upload begun before the window passed: 185 kg arrives after the sweep declared 182.5 kg.
    expect(refusedWith(() => assertTake(entry(afterGood, automatic), 'squat', 185))).toBeNull()
    expect(declarationByUpload(entry(afterGood, automatic), 'squat', 185)).toEqual({ attemptNumber: 2, weight: 185 })
    expect(declarationByUpload(entry(afterGood, automatic), 'squat', 182.5)).toBeNull()
    // The lifter's own declaration still binds.
    expect(refusedWith(() => assertTake(entry(afterGood, [dec('squat', 2, 182.5)]), 'squat', 185))?.[0]).toBe(409)
  })
})

describe('the declaration window', () => {
  it('declares one step up after a good lift and the same after a no lift, once the window passed', () => {
    const e = entry([att('squat', 1, 180, 'completed'), att('bench', 1, 100, 'failed')])
    expect(dueDeclarations(e, NOW)).toEqual([
      { liftType: 'squat', attemptNumber: 2, weight: 182.5 },
      { liftType: 'bench', attemptNumber: 2, weight: 100 },
    ])
  })

  it('declares nothing inside the window, after a declaration, while judged, after three, without a decision, or after the end', () => {
    const recent = new Date(NOW.getTime() - 59 * MINUTE)
    expect(dueDeclarations(entry([att('squat', 1, 180, 'completed', recent)]), NOW)).toEqual([])
    expect(dueDeclarations(entry([att('squat', 1, 180, 'completed', new Date(NOW.getTime() - 60 * MINUTE))]), NOW)).toHaveLength(1)
    expect(dueDeclarations(entry([att('squat', 1, 180, 'completed')], [dec('squat', 2, 190)]), NOW)).toEqual([])
    expect(dueDeclarations(entry([att('squat', 1, 180, 'pending')]), NOW)).toEqual([])
    expect(dueDeclarations(entry([1, 2, 3].map((n) => att('squat', n, 180, 'failed'))), NOW)).toEqual([])
    expect(dueDeclarations(entry(), NOW)).toEqual([])
    expect(dueDeclarations(entry([att('squat', 1, 180, 'completed')], [], meetRow({ endDate: new Date(NOW.getTime() - 1) })), NOW)).toEqual(
      [],
    )
    expect(dueDeclarations(entry([att('squat', 1, 180, 'completed')], [], meetRow({ format: 'open' })), NOW)).toEqual([])
  })
})

/** A fake meets repository over one entry: a write sees the entry as it is, and a refusal leaves it as it was. */
function fakeMeets(start: EntryState, joinedUser = 7) {
  const state = { entry: start, events: [] as Declaration[] }
  const write = (d: NewDeclaration, at: Date): Declaration => {
    state.entry = {
      ...state.entry,
      declarations: [
        ...state.entry.declarations.filter((x) => !(x.liftType === d.liftType && x.attemptNumber === d.attemptNumber)),
        { ...d, declaredAt: at },
      ],
    }
    const declaration = {
      competition_id: 10,
      user_id: joinedUser,
      lift_type: d.liftType,
      attempt_number: d.attemptNumber,
      weight: d.weight,
      automatic: d.automatic,
      declared_at: at.toISOString(),
    }
    state.events.push(declaration)
    return declaration
  }
  const deps: MeetsServiceDeps = {
    apiBase: '/api',
    challenges: { exists: async (id) => id === 10 },
    meets: {
      async declare(userId, challengeId, decide, now = new Date()) {
        if (userId !== joinedUser || challengeId !== 10) return null
        return write(decide(state.entry), now)
      },
      async sweepDue(now, due) {
        return due(state.entry, now).map((d) => write(d, now))
      },
      async board() {
        return null
      },
    },
  }
  return { state, service: createMeetsService(deps) }
}

describe('declaring through the service', () => {
  it('declares the next attempt, replaces it until taken, and announces each', async () => {
    const { state, service } = fakeMeets(entry([att('squat', 1, 180, 'completed')]))
    expect(await service.declare(7, 10, { lift_type: 'Squat', weight: 185 }, NOW)).toMatchObject({
      lift_type: 'squat',
      attempt_number: 2,
      weight: 185,
      automatic: false,
    })
    await service.declare(7, 10, { lift_type: 'squat', weight: 187.5 }, NOW)
    expect(state.entry.declarations).toEqual([dec('squat', 2, 187.5)])
    expect(state.events.map((e) => e.weight)).toEqual([185, 187.5])
  })

  it("refuses with the rules' sentence and writes nothing", async () => {
    const { state, service } = fakeMeets(entry([att('squat', 1, 180, 'completed')]))
    await expect(service.declare(7, 10, { lift_type: 'squat', weight: 180 }, NOW)).rejects.toMatchObject({
      code: 'invalid',
      message: 'Your second squat must be at least 182.5 kg: your first, 180 kg, was good.',
    })
    await expect(service.declare(7, 10, { lift_type: 'snatch', weight: 100 }, NOW)).rejects.toMatchObject({
      code: 'invalid',
      message: "lift_type must be one of this meet's lifts: squat, bench, deadlift.",
    })
    await expect(service.declare(7, 10, { lift_type: 'squat', weight: 700 }, NOW)).rejects.toMatchObject({
      code: 'invalid',
      message: 'No one has lifted 700 kg in the squat: the most we take is 650 kg.',
    })
    await expect(service.declare(8, 10, { lift_type: 'squat', weight: 185 }, NOW)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Join this challenge before declaring an attempt.',
    })
    await expect(service.declare(7, 11, { lift_type: 'squat', weight: 185 }, NOW)).rejects.toMatchObject({
      code: 'not_found',
      message: 'Challenge 11 does not exist.',
    })
    const ended = fakeMeets(entry([], [], meetRow({ endDate: new Date(NOW.getTime() - 1) })))
    await expect(ended.service.declare(7, 10, { lift_type: 'squat', weight: 100 }, NOW)).rejects.toMatchObject({
      code: 'conflict',
      message: 'This challenge has ended',
    })
    expect(state.events).toEqual([])
  })

  it('sweeps what is due, automatic, and nothing the second time', async () => {
    const { service } = fakeMeets(entry([att('squat', 1, 180, 'failed')]))
    expect((await service.sweep(NOW)).map((d) => [d.lift_type, d.attempt_number, d.weight, d.automatic])).toEqual([['squat', 2, 180, true]])
    expect(await service.sweep(NOW)).toEqual([])
  })
})

const lift = (
  id: number,
  liftType: LiftType,
  n: number,
  weight: number,
  status: Lift['status'],
  decidedAt: string | null = null,
): Lift => ({
  id,
  participant_id: 0,
  competition_id: 10,
  user_id: 0,
  participant_name: '',
  lift_type: liftType,
  attempt_number: n,
  weight,
  status,
  video_url: null,
  poster_url: null,
  processing: 'ready',
  created_at: '',
  timestamp: '',
  judging: {
    votes_cast: status === 'pending' ? 1 : 3,
    votes_needed: 3,
    decided_by: null,
    decided_at: decidedAt,
    lights: [],
    appeal: null,
    appeal_until: null,
    verified: false,
  },
})
const person = (userId: number, name: string, attempts: Lift[], over: Partial<Participant> = {}): Participant => ({
  id: userId,
  user_id: userId,
  competition_id: 10,
  name,
  weight_class: '83kg',
  gender: 'M',
  country: null,
  bodyweight: 82,
  divisions: [],
  birth_year: null,
  equipment: 'classic',
  bodyweight_source: 'self_declared',
  moved_from_class: null,
  best_squat: 0,
  best_bench: 0,
  best_deadlift: 0,
  best_snatch: 0,
  best_clean_and_jerk: 0,
  total: null,
  total_weight: 0,
  points: null,
  place: null,
  attempts,
  joined_at: '',
  ...over,
})

describe('the cards and the lifting order', () => {
  const decided = new Date(NOW.getTime() - 10 * MINUTE).toISOString()
  const input = (
    ranked: Participant[],
    entries: [number, { lot: number | null; declarations: EntryState['declarations'] }][],
    endDate = meetRow().endDate,
  ) => ({
    challengeId: 10,
    challenge: { ...meetRow(), endDate },
    totalLifts: ['squat', 'bench', 'deadlift'] as LiftType[],
    ranked,
    entries: new Map(entries),
  })

  it("shows each cell's state, the window of the next, the next step, and orders what waits by round, weight and lot", () => {
    const board = meetBoard(
      input(
        [
          person(1, 'Ann', [lift(11, 'squat', 1, 180, 'completed', decided)]),
          person(2, 'Bo', [lift(21, 'squat', 1, 150, 'failed', decided), lift(22, 'squat', 2, 150, 'pending')]),
          person(3, 'Cal', []),
        ],
        [
          [1, { lot: 9, declarations: [] }],
          [2, { lot: 4, declarations: [] }],
          [3, { lot: 2, declarations: [dec('squat', 1, 150), dec('deadlift', 1, 200)] }],
        ],
      ),
      NOW,
    )
    const [ann, bo, cal] = board.cards
    expect(ann!.lifts[0]!.cells.map((c) => c.state)).toEqual(['good', 'empty', 'empty'])
    expect(ann!.lifts[0]!.cells[1]!.declare_by).toBe(new Date(NOW.getTime() + 50 * MINUTE).toISOString())
    expect(ann!.next).toMatchObject({ action: 'declare', lift_type: 'squat', attempt_number: 2, minimum: 182.5 })
    expect(bo!.lifts[0]!.cells.map((c) => [c.state, c.votes_cast])).toEqual([
      ['no_lift', 3],
      ['pending', 1],
      ['empty', 0],
    ])
    expect(bo!.next).toMatchObject({ action: 'judging', attempt_number: 2 })
    expect(cal!.next).toMatchObject({ action: 'take', lift_type: 'squat', attempt_number: 1, weight: 150 })
    expect(cal!.lifts[2]!.cells[0]).toMatchObject({ state: 'declared', weight: 200 })
    // Cal's opener (round 1) before Bo's second (round 2); Cal's deadlift opener waits until his squats are taken.
    expect(board.next_up.map((u) => [u.name, u.lift_type, u.attempt_number, u.state])).toEqual([
      ['Cal', 'squat', 1, 'declared'],
      ['Bo', 'squat', 2, 'pending'],
    ])
  })

  it('after the end shows attempts never taken as not taken, and a lifter with three no lifts as bombed out', () => {
    const misses = [1, 2, 3].map((n) => lift(n, 'squat', n, 100, 'failed', decided))
    const board = meetBoard(
      input([person(1, 'Ann', misses, { total: null, place: null })], [[1, { lot: 1, declarations: [] }]], new Date(NOW.getTime() - 1)),
      NOW,
    )
    expect(board.ended).toBe(true)
    expect(board.cards[0]).toMatchObject({ bombed_out: true, total: null, place: null, next: { action: 'done' } })
    expect(board.cards[0]!.lifts[1]!.cells.map((c) => c.state)).toEqual(['not_taken', 'not_taken', 'not_taken'])
  })

  it("puts a meet's attempts on the judges' desk in lifting order, in the places they held, and leaves other challenges' alone", () => {
    const item = (id: string, challengeId: number, format: string, weight: number, attempt = 1) => ({
      id,
      challengeId,
      format,
      weight,
      attempt,
    })
    const items = [
      item('open-a', 1, 'open', 300),
      item('meet-heavy', 2, 'meet', 200),
      item('open-b', 1, 'open', 10),
      item('meet-light', 2, 'meet', 100),
      item('meet-r2', 2, 'meet', 50, 2),
    ]
    const ordered = orderQueue(items, (i) => ({
      challengeId: i.challengeId,
      format: i.format,
      lifts: ['squat'],
      ordered: { lift: 'squat', attempt: i.attempt, weight: i.weight, lot: null, earlier: [], bodyweight: null, name: i.id },
    }))
    expect(ordered.map((i) => i.id)).toEqual(['open-a', 'meet-light', 'open-b', 'meet-heavy', 'meet-r2'])
  })
})
