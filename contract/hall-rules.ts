// The hall's rules, pure (docs/hall-mode.md): the clock a lifter is called on, the server time every screen
// estimates its offset to, the weightlifting declaration and changes, the 20 kg rule, and how a weight is
// loaded on the bar. Weightlifting's rules are the IWF Technical and Competition Rules & Regulations'
// (declarations and changes, the 1-minute and 2-minute clocks, the 20 kg rule); powerlifting's clock the
// IPF Technical Rules Book's (one minute after the bar is loaded and the lifter called).
import type { LiftType } from './lifts.ts'
import { loadingStep, nextAttemptMinimum, type RuleRefusal, type TakenAttempt } from './meet-rules.ts'

export const CALL_MS = 60_000
export const FOLLOWS_THEMSELF_MS = 120_000
/** IWF: the final call sounds at 30 seconds; a change for the called lifter must come before it. */
export const FINAL_CALL_MS = 30_000
/** IWF: the next weight is declared within one minute of the previous attempt's decision. */
export const DECLARE_WITHIN_MS = 60_000
export const WEIGHTLIFTING_CHANGES = 2
export const TWENTY_KG = 20

export const isWeightlifting = (lift: LiftType): boolean => lift === 'snatch' || lift === 'clean_and_jerk'

/** The time a called lifter has: one minute; two when a weightlifter follows themself (took the attempt just before). */
export function callAllowanceMs(lift: LiftType, followsThemself: boolean): number {
  return isWeightlifting(lift) && followsThemself ? FOLLOWS_THEMSELF_MS : CALL_MS
}

/** The platform's clock as stored: what was left when it last stopped, and since when (server ms) it runs. */
export interface HallClock {
  allowanceMs: number
  remainingMs: number
  /** Server epoch ms the clock was started at; null while stopped. */
  runningSince: number | null
}

export const clockFor = (allowanceMs: number): HallClock => ({ allowanceMs, remainingMs: allowanceMs, runningSince: null })

/** What is left at `now` (server epoch ms), never below zero. */
export function remainingAt(clock: HallClock, now: number): number {
  if (clock.runningSince === null) return clock.remainingMs
  return Math.max(0, clock.remainingMs - Math.max(0, now - clock.runningSince))
}

/** The timekeeper's buttons. Starting a running clock, or pausing a stopped one, changes nothing. */
export function startClock(clock: HallClock, now: number): HallClock {
  return clock.runningSince === null ? { ...clock, runningSince: now } : clock
}
export function pauseClock(clock: HallClock, now: number): HallClock {
  return clock.runningSince === null ? clock : { ...clock, remainingMs: remainingAt(clock, now), runningSince: null }
}
export const resetClock = (clock: HallClock, allowanceMs = clock.allowanceMs): HallClock => clockFor(allowanceMs)

/** One exchange with the server: when the screen asked, what the server's clock said, when the answer came (screen ms). */
export interface TimeSample {
  sentAt: number
  serverTime: number
  receivedAt: number
}

/**
 * The screen's offset to the server (add it to the screen's clock to read the server's), from the sample with
 * the shortest round trip, taking the server's reading as made half-way through it. Its error is at most
 * half that round trip; null without samples.
 */
export function estimateOffset(samples: readonly TimeSample[]): { offsetMs: number; errorMs: number } | null {
  let best: TimeSample | null = null
  for (const s of samples) {
    if (s.receivedAt < s.sentAt) continue
    if (!best || s.receivedAt - s.sentAt < best.receivedAt - best.sentAt) best = s
  }
  if (!best) return null
  const rtt = best.receivedAt - best.sentAt
  return { offsetMs: best.serverTime - (best.sentAt + rtt / 2), errorMs: rtt / 2 }
}

/** A weightlifter's next attempt as the marshal keeps it: declared once, then changed at most twice. */
export interface WeightliftingAttemptDesk {
  declared: number | null
  changes: number
  /** When the previous attempt was decided (server ms); null for an opener. */
  previousDecidedAt: number | null
}

const kg = (weight: number): string => `${Number(weight.toFixed(2))} kg`
const invalid = (error: string): RuleRefusal => ({ kind: 'invalid', error })
const conflict = (error: string): RuleRefusal => ({ kind: 'conflict', error })

/**
 * Why this weight may not be declared, or the declared weight changed, for a weightlifter's next attempt;
 * null when it may. The first weight given after a decision is the declaration (within one minute of the
 * decision; after that the default stands and what follows are changes); then two changes. A change for the
 * lifter on the clock must come before the final call. No weight below the one already called to the platform
 * (the bar only goes up), and the progression of the meet's rules (docs/meet-rules.md).
 */
export function weightliftingChangeRefusal(input: {
  lift: LiftType
  taken: readonly TakenAttempt[]
  desk: WeightliftingAttemptDesk
  weight: number
  /** The heaviest weight called to the platform in this lift so far; null before the first call. */
  calledWeight: number | null
  /** The lifter is the one called, with this much left on the clock (null when not called). */
  onClockRemainingMs: number | null
  now: number
}): RuleRefusal | null {
  const { lift, taken, desk, weight, calledWeight, onClockRemainingMs, now } = input
  const step = loadingStep(lift)
  if (!Number.isFinite(weight) || weight <= 0 || Math.abs(weight / step - Math.round(weight / step)) > 1e-9) {
    return invalid(`Give the weight in whole steps of ${kg(step)}.`)
  }
  const minimum = nextAttemptMinimum(lift, taken)
  if (minimum && weight < minimum.weight) return invalid(`The next attempt must be at least ${kg(minimum.weight)}: ${minimum.because}.`)
  if (calledWeight !== null && weight < calledWeight) {
    return invalid(`The bar has already been called at ${kg(calledWeight)}: ask for ${kg(calledWeight)} or more.`)
  }
  const declaring = desk.declared === null && (desk.previousDecidedAt === null || now - desk.previousDecidedAt <= DECLARE_WITHIN_MS)
  if (declaring) return null
  if (desk.changes >= WEIGHTLIFTING_CHANGES)
    return conflict(`This attempt's ${WEIGHTLIFTING_CHANGES} changes are used: the lifter lifts ${kg(desk.declared ?? weight)}.`)
  if (onClockRemainingMs !== null && onClockRemainingMs <= FINAL_CALL_MS) {
    return conflict('The final call has sounded (30 seconds left): the weight can no longer be changed.')
  }
  return null
}

/**
 * The 20 kg rule: the two openers given at the weigh-in (or changed later) may add up to at most 20 kg less
 * than the entry total the lifter was entered with. Null when they keep it.
 */
export function twentyKiloRefusal(entryTotal: number, snatchOpener: number, cleanAndJerkOpener: number): RuleRefusal | null {
  const least = entryTotal - TWENTY_KG
  if (snatchOpener + cleanAndJerkOpener >= least) return null
  return invalid(
    `The openers add up to ${kg(snatchOpener + cleanAndJerkOpener)}: with an entry total of ${kg(entryTotal)} they must add up to at least ${kg(least)}.`,
  )
}
