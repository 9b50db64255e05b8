// The rulebook of a challenge's attempts, pure, for the server that enforces it and the client that
// explains it. docs/meet-rules.md says each rule in words and where it comes from (the IPF Technical
// Rules Book for powerlifting, the IWF Technical and Competition Rules for weightlifting, OpenLifter's
// lifting order).
import type { LiftType } from './lifts.ts'

/** `open`: any weight in any order, the best good lift counts. `meet`: three attempts by the rulebook. */
export const CHALLENGE_FORMATS = ['open', 'meet'] as const
export type ChallengeFormat = (typeof CHALLENGE_FORMATS)[number]

/** Attempts per lift in a meet. */
export const MEET_ATTEMPTS = 3
/** Attempts per lift a lifter may upload to an open challenge. */
export const OPEN_ATTEMPTS_MAX = 10
/** How long after a decision a meet's lifter has to declare the next attempt, unless the organiser sets another. */
export const DECLARATION_WINDOW_MINUTES = { default: 60, min: 1, max: 7 * 24 * 60 } as const

/** The order lifts are taken in at a meet: squat, bench press, deadlift; snatch, clean & jerk; then the others. */
const LIFTING_SEQUENCE: readonly LiftType[] = [
  'squat',
  'bench',
  'deadlift',
  'snatch',
  'clean_and_jerk',
  'power_clean',
  'push_press',
  'overhead_press',
]

/** A meet's lifts in the order they are taken. */
export function meetLiftOrder(lifts: readonly LiftType[]): LiftType[] {
  return LIFTING_SEQUENCE.filter((lift) => lifts.includes(lift))
}

/** Loads go in 1 kg steps for the snatch and the clean & jerk (IWF), 2.5 kg for every other barbell lift (IPF). */
export function loadingStep(lift: LiftType): number {
  return lift === 'snatch' || lift === 'clean_and_jerk' ? 1 : 2.5
}

/** The empty bar: 15 kg for women's snatch and clean & jerk, 20 kg otherwise. */
export function barWeight(lift: LiftType, sex: 'M' | 'F' | null): number {
  return sex === 'F' && (lift === 'snatch' || lift === 'clean_and_jerk') ? 15 : 20
}

/** A taken attempt: its weight and what the judges decided (pending until they have). */
export interface TakenAttempt {
  weight: number
  result: 'good' | 'no_lift' | 'pending'
}

/** One lift of a lifter's card: the attempts taken, in order, and the declared weight of the next one. */
export interface LiftCard {
  taken: readonly TakenAttempt[]
  declared: number | null
  /** The declaration was the rulebook's default, made when the window passed: an upload at another allowed weight replaces it, as declaring again would. */
  automatic?: boolean
}

/** What the rules need to know of a lifter in a challenge. */
export interface LifterCard {
  format: ChallengeFormat
  /** The challenge's lifts. */
  lifts: readonly LiftType[]
  sex: 'M' | 'F' | null
  cards: Partial<Record<LiftType, LiftCard>>
}

const EMPTY: LiftCard = { taken: [], declared: null }
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth']
/** 1 → 'first'. */
export const ordinal = (n: number): string => ORDINALS[n - 1] ?? `${n}th`
const LIFT_WORDS: Record<LiftType, [one: string, many: string]> = {
  squat: ['squat', 'squats'],
  bench: ['bench press', 'bench presses'],
  deadlift: ['deadlift', 'deadlifts'],
  snatch: ['snatch', 'snatches'],
  clean_and_jerk: ['clean & jerk', 'clean & jerks'],
  power_clean: ['power clean', 'power cleans'],
  push_press: ['push press', 'push presses'],
  overhead_press: ['overhead press', 'overhead presses'],
}
const kg = (weight: number): string => `${Number(weight.toFixed(2))} kg`
const listed = (words: string[]): string => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`)

/**
 * The least weight the next attempt of a meet's lift may have, with the reason: the weight never goes down,
 * and after a good attempt it goes up by at least one loading step (after a no lift the lifter may repeat).
 * Null before the first attempt (the opener's bound is the bar).
 */
export function nextAttemptMinimum(lift: LiftType, taken: readonly TakenAttempt[]): { weight: number; because: string } | null {
  const last = taken.at(-1)
  if (!last) return null
  const number = taken.length
  if (last.result === 'good') {
    return { weight: last.weight + loadingStep(lift), because: `your ${ordinal(number)}, ${kg(last.weight)}, was good` }
  }
  return { weight: last.weight, because: `your ${ordinal(number)}, ${kg(last.weight)}, was a no lift (repeat it or go up)` }
}

/** The weight declared for a lifter who let the window pass: one step up after a good lift, the same after a no lift. */
export function automaticDeclaration(lift: LiftType, last: TakenAttempt): number {
  return last.result === 'good' ? last.weight + loadingStep(lift) : last.weight
}

/**
 * A refusal by the rules: `invalid` when the weight does not follow them (another weight would do: a 400),
 * `conflict` when the lifter's state does not allow the attempt now, whatever the weight (a 409).
 */
export interface RuleRefusal {
  kind: 'invalid' | 'conflict'
  error: string
}
const invalid = (error: string): RuleRefusal => ({ kind: 'invalid', error })
const conflict = (error: string): RuleRefusal => ({ kind: 'conflict', error })

/**
 * Why this lifter may not declare this weight for the next attempt of this lift in a meet, or null when
 * they may. Openers of any lift may be declared at any time; a later attempt once the one before was decided.
 */
export function declarationRefusal(lifter: LifterCard, lift: LiftType, weight: number): RuleRefusal | null {
  const [one, many] = LIFT_WORDS[lift]
  if (!lifter.lifts.includes(lift))
    return invalid(`This challenge's lifts are ${listed(meetLiftOrder(lifter.lifts).map((l) => LIFT_WORDS[l][0]))}.`)
  if (lifter.format === 'open') return conflict('Declarations are for meets: an open challenge takes any weight in any order.')
  const { taken } = lifter.cards[lift] ?? EMPTY
  const number = taken.length + 1
  if (taken.length >= MEET_ATTEMPTS) return conflict(`You have taken your ${MEET_ATTEMPTS} ${many}.`)
  const step = loadingStep(lift)
  if (!Number.isFinite(weight) || weight <= 0) return invalid(`Give the ${one}'s weight in kilograms, a number above 0.`)
  if (Math.abs(weight / step - Math.round(weight / step)) > 1e-9) {
    const below = Math.floor(weight / step) * step
    return invalid(`A ${one} is loaded in steps of ${kg(step)}: ${kg(weight)} is not one (${kg(below)} or ${kg(below + step)} are).`)
  }
  const last = taken.at(-1)
  if (last?.result === 'pending') {
    return conflict(`Your ${ordinal(taken.length)} ${one} is still with the judges: declare your ${ordinal(number)} once it is decided.`)
  }
  const minimum = nextAttemptMinimum(lift, taken)
  if (minimum && weight < minimum.weight) {
    return invalid(`Your ${ordinal(number)} ${one} must be at least ${kg(minimum.weight)}: ${minimum.because}.`)
  }
  const bar = barWeight(lift, lifter.sex)
  if (weight < bar) return invalid(`A ${one} starts at the empty bar, ${kg(bar)}.`)
  return null
}

/** declarationRefusal's sentence. */
export function declarationProblem(lifter: LifterCard, lift: LiftType, weight: number): string | null {
  return declarationRefusal(lifter, lift, weight)?.error ?? null
}

/**
 * Why this lifter may not take (upload) an attempt of this lift at this weight, or null when they may.
 * Open: at most OPEN_ATTEMPTS_MAX per lift. Meet: the lifts in order, three each, at the declared weight;
 * with nothing declared, or only the window's automatic default (an upload may have begun before it was made),
 * the weight must be one the lifter could declare (it becomes the declaration).
 */
export function takeRefusal(lifter: LifterCard, lift: LiftType, weight: number): RuleRefusal | null {
  const [one, many] = LIFT_WORDS[lift]
  if (!lifter.lifts.includes(lift))
    return invalid(`This challenge's lifts are ${listed(meetLiftOrder(lifter.lifts).map((l) => LIFT_WORDS[l][0]))}.`)
  const card = lifter.cards[lift] ?? EMPTY
  if (lifter.format === 'open') {
    return card.taken.length >= OPEN_ATTEMPTS_MAX
      ? conflict(`You have uploaded ${OPEN_ATTEMPTS_MAX} ${many}, the most an open challenge takes per lift.`)
      : null
  }
  const order = meetLiftOrder(lifter.lifts)
  for (const earlier of order.slice(0, order.indexOf(lift))) {
    const done = (lifter.cards[earlier] ?? EMPTY).taken.length
    if (done < MEET_ATTEMPTS) return conflict(`Take your ${MEET_ATTEMPTS} ${LIFT_WORDS[earlier][1]} before your first ${one}.`)
  }
  const number = card.taken.length + 1
  if (card.taken.length >= MEET_ATTEMPTS) return conflict(`You have taken your ${MEET_ATTEMPTS} ${many}.`)
  if (card.taken.at(-1)?.result === 'pending') {
    return conflict(`Your ${ordinal(card.taken.length)} ${one} is still with the judges: film your ${ordinal(number)} once it is decided.`)
  }
  if (card.declared !== null && weight !== card.declared && !card.automatic) {
    return conflict(
      `You declared ${kg(card.declared)} for your ${ordinal(number)} ${one}: upload it at that weight, or declare again first.`,
    )
  }
  return declarationRefusal(lifter, lift, weight)
}

/** takeRefusal's sentence. */
export function takeProblem(lifter: LifterCard, lift: LiftType, weight: number): string | null {
  return takeRefusal(lifter, lift, weight)?.error ?? null
}

/** A lift whose attempts were all no lifts leaves the lifter without a total (bombed out). */
export function bombedOut(lifter: Pick<LifterCard, 'cards'>, totalLifts: readonly LiftType[]): boolean {
  return totalLifts.some((lift) => {
    const { taken } = lifter.cards[lift] ?? EMPTY
    // The first three decide it: a 4th attempt (for a record only) never saves a total.
    return taken.length >= MEET_ATTEMPTS && taken.slice(0, MEET_ATTEMPTS).every((a) => a.result === 'no_lift')
  })
}

/** A lifter's next attempt waiting to be taken or judged, as the lifting order sees it. */
export interface OrderedAttempt {
  lift: LiftType
  /** 1, 2, 3: the round. */
  attempt: number
  weight: number
  /** Drawn at join; null where none was drawn. */
  lot: number | null
  /** The weights of this lifter's earlier attempts of this lift, in order (the previous rounds). */
  earlier: readonly number[]
  bodyweight: number | null
  name: string
}

/**
 * The order attempts are taken in (the meet's lifts in order, then rounds): by weight, lightest first; then lot
 * number; then the order of the previous round; then the lighter lifter; then the name. OpenLifter orders
 * a flight the same way (its liftingOrder); lot numbers make ties past them rare.
 */
export function compareLiftingOrder(order: readonly LiftType[]) {
  return (a: OrderedAttempt, b: OrderedAttempt): number => {
    const byLift = order.indexOf(a.lift) - order.indexOf(b.lift)
    if (byLift !== 0) return byLift
    if (a.attempt !== b.attempt) return a.attempt - b.attempt
    if (a.weight !== b.weight) return a.weight - b.weight
    if (a.lot !== null && b.lot !== null && a.lot !== b.lot) return a.lot - b.lot
    for (let round = a.attempt - 1; round >= 1; round--) {
      const earlierA = a.earlier[round - 1] ?? 0
      const earlierB = b.earlier[round - 1] ?? 0
      if (earlierA !== earlierB) return earlierA - earlierB
    }
    if (a.bodyweight !== b.bodyweight) {
      if (a.bodyweight === null) return 1
      if (b.bodyweight === null) return -1
      return a.bodyweight - b.bodyweight
    }
    return a.name < b.name ? -1 : a.name > b.name ? 1 : 0
  }
}

/**
 * A lot number drawn at join: at random among the numbers not yet drawn in the challenge, from 1 to at least 99
 * (twice the entries once a challenge is larger), so lots tell nothing of the order lifters joined in.
 * `random` is uniform in [0, 1).
 */
export function drawLot(taken: ReadonlySet<number>, random: () => number): number {
  const top = Math.max(99, 2 * (taken.size + 1))
  const free: number[] = []
  for (let n = 1; n <= top; n++) if (!taken.has(n)) free.push(n)
  return free[Math.min(free.length - 1, Math.floor(random() * free.length))]!
}
