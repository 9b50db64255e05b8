// A meet's rules against the rows: whether an upload or a declaration may be recorded, which declarations
// the window's passing makes due, the attempt cards and the lifting order. Pure: the repositories read the
// rows (after the challenge room's lock, for writes) and these decide. The rulebook itself is
// contract/meet-rules.ts's (docs/meet-rules.md says each rule and its source).
import {
  LIFT_MAX_KG,
  LIFT_NAMES,
  MEET_ATTEMPTS,
  automaticDeclaration,
  barWeight,
  bombedOut,
  challengeLifts,
  compareLiftingOrder,
  declarationRefusal,
  fourthAttemptRefusal,
  fourthTakeRefusal,
  isFourthAttempt,
  FOURTH_ATTEMPT_LIFTS,
  meetLiftOrder,
  nextAttemptMinimum,
  normalizeLiftType,
  rankParticipants,
  takeRefusal,
  type ChallengeFormat,
  type Declaration,
  type LiftCard,
  type LifterCard,
  type LiftType,
  type MeetCard,
  type MeetCell,
  type MeetCardsResponse,
  type NextStep,
  type NextUp,
  type OrderedAttempt,
  type Participant,
  type RuleRefusal,
  type TakenAttempt,
} from '../../contract/index.ts'
import type { EntryDeclaration, EntryState } from '../../infra/repositories/meet-entries.ts'
import type { MeetsRepository } from '../../infra/repositories/meets.repository.ts'
import { listedLiftTypes, scoringSettings } from '../../infra/scoring-view.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'
import { toParticipant } from './mappers.ts'

const MINUTE_MS = 60_000

export const formatOf = (row: { format: string }): ChallengeFormat => (row.format === 'meet' ? 'meet' : 'open')

const resultOf = (status: string): TakenAttempt['result'] => (status === 'completed' ? 'good' : status === 'failed' ? 'no_lift' : 'pending')

/** The challenge's lifts, canonical, in the order listed. */
const liftsOf = (challenge: { liftTypes: string[]; description: string }): LiftType[] => challengeLifts(listedLiftTypes(challenge))

/** The lifter as the rules read them: per lift, the attempts taken in order and the declared weight of the next. */
export function lifterCard(entry: EntryState): LifterCard {
  const lifts = liftsOf(entry.challenge)
  const cards: Partial<Record<LiftType, LiftCard>> = {}
  for (const lift of lifts) {
    const taken = entry.attempts
      .filter((a) => a.liftType === lift)
      .sort((a, b) => a.attemptNumber - b.attemptNumber)
      .map((a): TakenAttempt => ({ weight: a.weight, result: resultOf(a.status) }))
    const declared = entry.declarations.find((d) => d.liftType === lift && d.attemptNumber === taken.length + 1)
    cards[lift] = { taken, declared: declared?.weight ?? null, automatic: declared?.automatic ?? false }
  }
  return { format: formatOf(entry.challenge), lifts, sex: entry.gender === 'F' ? 'F' : entry.gender === 'M' ? 'M' : null, cards }
}

const refuse = (refusal: RuleRefusal | null): void => {
  if (refusal) throw refusal.kind === 'conflict' ? conflict(refusal.error) : badRequest(refusal.error)
}

/** An upload of this lift at this weight may be recorded (both formats: an open challenge's limit, a meet's rulebook); throws the refusal when not. */
export function assertTake(entry: EntryState, lift: LiftType, weight: number): void {
  const card = lifterCard(entry)
  // A declared 4th attempt (for a record only, contract/fourth-attempt.ts) is taken as declared; without one, the three are all.
  const fourth = isFourthAttempt(card, lift) && FOURTH_ATTEMPT_LIFTS.includes(lift) && (card.cards[lift]?.declared ?? null) !== null
  refuse(fourth ? fourthTakeRefusal(card, lift, weight) : takeRefusal(card, lift, weight))
}

/** An upload of this lift now is a meet's 4th attempt: for a record only, never in a best or the total. */
export const recordOnlyTake = (entry: EntryState, lift: LiftType): boolean => isFourthAttempt(lifterCard(entry), lift)

/**
 * The declaration a meet's upload makes when the lifter declared nothing, or when the window's automatic default
 * differs from the upload's weight: its weight, for the attempt it takes. Null: the lifter declared it, or an open challenge.
 */
export function declarationByUpload(entry: EntryState, lift: LiftType, weight: number): { attemptNumber: number; weight: number } | null {
  if (formatOf(entry.challenge) !== 'meet') return null
  const card = lifterCard(entry).cards[lift]
  if (!card || (card.declared !== null && !(card.automatic && card.declared !== weight))) return null
  return { attemptNumber: card.taken.length + 1, weight }
}

/** A meet's lift named as clients name it; throws the answer when the challenge does not list it. */
export function declaredLift(entry: EntryState, liftType: string): LiftType {
  const lift = normalizeLiftType(liftType)
  const lifts = liftsOf(entry.challenge)
  if (!lift || !lifts.includes(lift)) throw badRequest(`lift_type must be one of this meet's lifts: ${meetLiftOrder(lifts).join(', ')}.`)
  return lift
}

/** The attempt a declaration of this lift is for, once the rules allow it (openers before the start too, as at a weigh-in); throws the refusal when they do not. */
export function assertDeclaration(
  entry: EntryState,
  lift: LiftType,
  weight: number,
  now = new Date(),
  /** For a 4th attempt: the lightest current record of the lift among the lifter's categories (record-attempts.service.ts). */
  recordToBeat: number | null = null,
): { attemptNumber: number } {
  if (formatOf(entry.challenge) !== 'meet') throw conflict('Declarations are for meets: an open challenge takes any weight in any order.')
  if (now > entry.challenge.endDate) throw conflict('This challenge has ended')
  const card = lifterCard(entry)
  refuse(isFourthAttempt(card, lift) ? fourthAttemptRefusal(card, lift, weight, recordToBeat) : declarationRefusal(card, lift, weight))
  // As an upload's weight is (upload.service.ts parseUploadFields): above every world record, no one lifts it.
  if (weight > LIFT_MAX_KG[lift])
    throw badRequest(
      `No one has lifted ${weight} kg in the ${LIFT_NAMES[lift].toLowerCase()}: the most we take is ${LIFT_MAX_KG[lift]} kg.`,
    )
  return { attemptNumber: (card.cards[lift]?.taken.length ?? 0) + 1 }
}

/** When the window to declare the attempt after this decided one closes. */
const windowEnd = (decidedAt: Date, minutes: number) => new Date(decidedAt.getTime() + minutes * MINUTE_MS)

/**
 * The declarations the rulebook makes for this lifter now: for each lift whose last attempt was decided more than the
 * window ago, with fewer than three taken and nothing declared for the next, while the meet runs. One step up after
 * a good lift, the same weight after a no lift (automaticDeclaration).
 */
export function dueDeclarations(entry: EntryState, now = new Date()): { liftType: LiftType; attemptNumber: number; weight: number }[] {
  if (formatOf(entry.challenge) !== 'meet' || now > entry.challenge.endDate) return []
  const due: { liftType: LiftType; attemptNumber: number; weight: number }[] = []
  for (const lift of liftsOf(entry.challenge)) {
    const attempts = entry.attempts.filter((a) => a.liftType === lift).sort((a, b) => a.attemptNumber - b.attemptNumber)
    const last = attempts.at(-1)
    if (!last || last.status === 'pending' || !last.decidedAt || attempts.length >= MEET_ATTEMPTS) continue
    const number = attempts.length + 1
    if (entry.declarations.some((d) => d.liftType === lift && d.attemptNumber === number)) continue
    if (windowEnd(last.decidedAt, entry.challenge.declarationWindowMinutes) > now) continue
    due.push({
      liftType: lift,
      attemptNumber: number,
      weight: automaticDeclaration(lift, { weight: last.weight, result: resultOf(last.status) }),
    })
  }
  return due
}

/** What the cards are made of beyond the ranked participants: the meet's settings and each lifter's lot and declarations. */
export interface MeetBoardInput {
  challengeId: number
  challenge: { liftTypes: string[]; description: string; endDate: Date; declarationWindowMinutes: number }
  /** The lifts whose bests make the total (ScoringSettings.total_lifts): three no lifts in one of them bombs a lifter out. */
  totalLifts: readonly LiftType[]
  /** Ranked as the challenge ranks them (rankParticipants), each with their attempts. */
  ranked: readonly Participant[]
  entries: ReadonlyMap<number, { lot: number | null; declarations: readonly EntryDeclaration[] }>
}

/** The cards of a meet, ranked, and its lifting order. */
export function meetBoard(input: MeetBoardInput, now = new Date()): MeetCardsResponse {
  const lifts = meetLiftOrder(liftsOf(input.challenge))
  const ended = now > input.challenge.endDate
  const window = input.challenge.declarationWindowMinutes
  const waiting: (OrderedAttempt & { up: NextUp })[] = []

  const cards = input.ranked.map((p): MeetCard => {
    const entry = input.entries.get(p.user_id) ?? { lot: null, declarations: [] }
    const liftCards: Partial<Record<LiftType, LiftCard>> = {}
    // A declared attempt waits in the lifting order once the lifter's earlier lifts are taken (an opener declared ahead does not).
    let earlierTaken = true
    const cardLifts = lifts.map((lift) => {
      const attempts = p.attempts.filter((a) => a.lift_type === lift).sort((a, b) => a.attempt_number - b.attempt_number)
      const mayTake = earlierTaken
      earlierTaken &&= attempts.length >= MEET_ATTEMPTS
      const taken = attempts.map((a): TakenAttempt => ({ weight: a.weight, result: resultOf(a.status) }))
      const declaredNext = entry.declarations.find((d) => d.liftType === lift && d.attemptNumber === attempts.length + 1)
      liftCards[lift] = { taken, declared: declaredNext?.weight ?? null }
      const last = attempts.at(-1)
      const earlier = attempts.map((a) => a.weight)
      // A 4th cell once a record-only 4th attempt is declared or taken (contract/fourth-attempt.ts).
      const fourth =
        attempts.length > MEET_ATTEMPTS || entry.declarations.some((d) => d.liftType === lift && d.attemptNumber > MEET_ATTEMPTS)
      const cells = Array.from({ length: fourth ? MEET_ATTEMPTS + 1 : MEET_ATTEMPTS }, (_, i): MeetCell => {
        const number = i + 1
        const attempt = attempts.find((a) => a.attempt_number === number)
        if (attempt) {
          const state = attempt.status === 'completed' ? 'good' : attempt.status === 'failed' ? 'no_lift' : 'pending'
          if (state === 'pending') {
            waiting.push({
              lift,
              attempt: number,
              weight: attempt.weight,
              lot: entry.lot,
              earlier: earlier.slice(0, i),
              bodyweight: p.bodyweight,
              name: p.name,
              up: {
                user_id: p.user_id,
                name: p.name,
                lot: entry.lot,
                lift_type: lift,
                attempt_number: number,
                weight: attempt.weight,
                state: 'pending',
                attempt_id: attempt.id,
              },
            })
          }
          const declared = entry.declarations.find((d) => d.liftType === lift && d.attemptNumber === number)
          return {
            attempt_number: number,
            weight: attempt.weight,
            state,
            attempt_id: attempt.id,
            votes_cast: attempt.judging.votes_cast,
            votes_needed: attempt.judging.votes_needed,
            automatic: declared?.automatic ?? false,
            declare_by: null,
          }
        }
        const declared = entry.declarations.find((d) => d.liftType === lift && d.attemptNumber === number)
        const isNext = number === attempts.length + 1
        const afterDecision = isNext && last && last.status !== 'pending' && last.judging.decided_at
        const declareBy = !ended && !declared && afterDecision ? windowEnd(new Date(last.judging.decided_at!), window).toISOString() : null
        if (ended)
          return {
            attempt_number: number,
            weight: null,
            state: 'not_taken',
            attempt_id: null,
            votes_cast: 0,
            votes_needed: 0,
            automatic: false,
            declare_by: null,
          }
        if (declared && isNext && mayTake) {
          waiting.push({
            lift,
            attempt: number,
            weight: declared.weight,
            lot: entry.lot,
            earlier,
            bodyweight: p.bodyweight,
            name: p.name,
            up: {
              user_id: p.user_id,
              name: p.name,
              lot: entry.lot,
              lift_type: lift,
              attempt_number: number,
              weight: declared.weight,
              state: 'declared',
              attempt_id: null,
            },
          })
        }
        return declared
          ? {
              attempt_number: number,
              weight: declared.weight,
              state: 'declared',
              attempt_id: null,
              votes_cast: 0,
              votes_needed: 0,
              automatic: declared.automatic,
              declare_by: null,
            }
          : {
              attempt_number: number,
              weight: null,
              state: 'empty',
              attempt_id: null,
              votes_cast: 0,
              votes_needed: 0,
              automatic: false,
              declare_by: declareBy,
            }
      })
      const goods = attempts.filter((a) => a.status === 'completed' && a.attempt_number <= MEET_ATTEMPTS).map((a) => a.weight)
      return { lift_type: lift, cells, best: goods.length ? Math.max(...goods) : null }
    })
    const bombed = bombedOut({ cards: liftCards }, input.totalLifts)
    return {
      user_id: p.user_id,
      name: p.name,
      country: p.country,
      weight_class: p.weight_class,
      gender: p.gender,
      bodyweight: p.bodyweight,
      lot: entry.lot,
      lifts: cardLifts,
      total: bombed ? null : p.total,
      bombed_out: bombed,
      points: bombed ? null : p.points,
      place: bombed ? null : p.place,
      next: nextStep(lifts, liftCards, cardLifts, p.gender, ended),
    }
  })
  const order = compareLiftingOrder(lifts)
  waiting.sort(order)
  return { competition_id: input.challengeId, lifts, declaration_window_minutes: window, ended, cards, next_up: waiting.map((w) => w.up) }
}

/** The lifter's one next step: the first lift with attempts left, in lifting order. */
function nextStep(
  lifts: readonly LiftType[],
  cards: Partial<Record<LiftType, LiftCard>>,
  cardLifts: { lift_type: LiftType; cells: MeetCell[] }[],
  gender: string,
  ended: boolean,
): NextStep {
  const none: NextStep = { action: 'done', lift_type: null, attempt_number: null, weight: null, minimum: null, declare_by: null }
  if (ended) return none
  let judging: NextStep | null = null
  for (const lift of lifts) {
    const { taken, declared } = cards[lift] ?? { taken: [], declared: null }
    const last = taken.at(-1)
    if (last?.result === 'pending') {
      judging ??= { ...none, action: 'judging', lift_type: lift, attempt_number: taken.length, weight: last.weight }
      if (taken.length < MEET_ATTEMPTS) return judging
      continue
    }
    if (taken.length === MEET_ATTEMPTS && declared !== null)
      return { ...none, action: 'take', lift_type: lift, attempt_number: taken.length + 1, weight: declared }
    if (taken.length >= MEET_ATTEMPTS) continue
    const number = taken.length + 1
    if (declared !== null) return { ...none, action: 'take', lift_type: lift, attempt_number: number, weight: declared }
    const cell = cardLifts.find((c) => c.lift_type === lift)?.cells[number - 1]
    const minimum = nextAttemptMinimum(lift, taken)?.weight ?? barWeight(lift, gender === 'F' ? 'F' : 'M')
    return { ...none, action: 'declare', lift_type: lift, attempt_number: number, minimum, declare_by: cell?.declare_by ?? null }
  }
  return judging ?? none
}

/** A meet's attempt on a judge's desk, with what the lifting order compares. */
export interface QueuedMeetAttempt {
  challengeId: number
  format: string
  lifts: LiftType[]
  ordered: OrderedAttempt
}

/**
 * The judges' queue in meet order: a meet's attempts keep the places its attempts hold in the queue (oldest
 * first across challenges) but fill them in the lifting order (compareLiftingOrder); other attempts stay put.
 */
export function orderQueue<T>(items: readonly T[], meetAttempt: (item: T) => QueuedMeetAttempt | null): T[] {
  const result = [...items]
  const byMeet = new Map<number, { slots: number[]; lifts: LiftType[]; entries: { item: T; ordered: OrderedAttempt }[] }>()
  items.forEach((item, i) => {
    const m = meetAttempt(item)
    if (!m || m.format !== 'meet') return
    let group = byMeet.get(m.challengeId)
    if (!group) byMeet.set(m.challengeId, (group = { slots: [], lifts: m.lifts, entries: [] }))
    group.slots.push(i)
    group.entries.push({ item, ordered: m.ordered })
  })
  for (const group of byMeet.values()) {
    const order = compareLiftingOrder(group.lifts)
    const sorted = [...group.entries].sort((a, b) => order(a.ordered, b.ordered))
    group.slots.forEach((slot, k) => {
      result[slot] = sorted[k]!.item
    })
  }
  return result
}

/** The lifts of a challenge row, in lifting order (for queue ordering). */
export const meetLiftsOf = (challenge: { liftTypes: string[]; description: string }): LiftType[] => meetLiftOrder(liftsOf(challenge))

export const NOT_JOINED_MEET = 'Join this challenge before declaring an attempt.'
export const CARDS_FOR_MEETS =
  'Attempt cards are for meets: this challenge is open (any weight in any order); its participants show every attempt.'

export interface MeetsServiceDeps {
  meets: Pick<MeetsRepository, 'declare' | 'sweepDue' | 'board'> & Partial<Pick<MeetsRepository, 'declarationsOf'>>
  challenges: { exists(id: number): Promise<boolean> }
  apiBase: string
  /** Marks record attempts on the cards (record-attempts.service.ts); without it none are marked. */
  recordAttempts?: {
    markCards(answer: MeetCardsResponse): Promise<MeetCardsResponse>
    toBeat(challengeId: number, userId: number, lift: string): Promise<number | null>
  }
}

/** Declarations, the window's sweep and the cards: the rules above against the repository's locked writes and reads. */
export function createMeetsService(deps: MeetsServiceDeps) {
  const { meets, challenges, apiBase } = deps
  return {
    /** The signed-in lifter declares the weight of their next attempt of a lift; announced as 'attempt.declared'. */
    async declare(
      userId: number,
      challengeId: number,
      body: { lift_type: string; weight: number },
      now = new Date(),
    ): Promise<Declaration> {
      // The record a 4th attempt must break, read before the room's lock (a record set meanwhile only raises it).
      const canonical = normalizeLiftType(body.lift_type)
      const recordToBeat = canonical && deps.recordAttempts ? await deps.recordAttempts.toBeat(challengeId, userId, canonical) : null
      const declared = await meets.declare(
        userId,
        challengeId,
        (entry) => {
          const lift = declaredLift(entry, body.lift_type)
          const { attemptNumber } = assertDeclaration(entry, lift, body.weight, now, recordToBeat)
          return { liftType: lift, attemptNumber, weight: body.weight, automatic: false }
        },
        now,
      )
      if (declared) return declared
      if (!(await challenges.exists(challengeId))) throw notFound(`Challenge ${challengeId} does not exist.`)
      throw forbidden(NOT_JOINED_MEET)
    },

    /** The signed-in lifter's own declarations with their attempt codes (to show to the camera); refused when they have not joined. */
    async mine(userId: number, challengeId: number): Promise<Declaration[]> {
      const mine = await meets.declarationsOf?.(userId, challengeId)
      if (mine) return mine
      if (!(await challenges.exists(challengeId))) throw notFound(`Challenge ${challengeId} does not exist.`)
      throw forbidden(NOT_JOINED_MEET)
    },

    /** Declares the rulebook's default for every lifter whose window passed by `now` (idempotent; every node runs it). */
    sweep(now = new Date()): Promise<Declaration[]> {
      return meets.sweepDue(now, (entry, at) => dueDeclarations(entry, at).map((d) => ({ ...d, automatic: true })))
    },

    /** The meet's cards, ranked, and its lifting order, with the room's seq they reflect. */
    async cards(challengeId: number, now = new Date()): Promise<{ seq: number; answer: MeetCardsResponse; endsAt: Date }> {
      const read = await meets.board(challengeId)
      if (!read) throw notFound(`Challenge ${challengeId} does not exist.`)
      if (formatOf(read.challenge) !== 'meet') throw conflict(CARDS_FOR_MEETS)
      const settings = scoringSettings(read.challenge)
      const ranked = rankParticipants(
        read.rows.map((row) => toParticipant(apiBase, row, settings, read.challenge.startDate)),
        settings,
      )
      const entries = new Map(read.rows.map((row) => [row.userId, { lot: row.lot, declarations: row.declarations }]))
      const board = meetBoard({ challengeId, challenge: read.challenge, totalLifts: settings.total_lifts, ranked, entries }, now)
      const answer = deps.recordAttempts ? await deps.recordAttempts.markCards(board) : board
      return { seq: read.seq, answer, endsAt: read.challenge.endDate }
    },
  }
}

export type MeetsService = ReturnType<typeof createMeetsService>
