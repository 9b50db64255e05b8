// The loading of a weight, per side (docs/video-checks.md, "The plate check"; docs/hall-mode.md, the attempt
// board): what judges hold against the plates shown at the end of a take, and what loaders put on in the hall.
//
// Bars: 20 kg, and the women's weightlifting bar of 15 kg (barWeight, contract/meet-rules.ts). Collars: 2.5 kg
// each, as both rulebooks fix them; they go on once there is a disc. The discs differ by sport:
// - Powerlifting (IPF Technical Rules Book, "Bars and Discs"): 25, 20, 15, 10, 5, 2.5 and 1.25 kg, with 0.5 and
//   0.25 kg record discs. Over 10 kg the colours are fixed: 25 red, 20 blue, 15 yellow; 10 kg and under may be
//   any colour, so we draw them as most federations' sets are made: 10 green, 5 white, 2.5 black, the small
//   ones chrome. A powerlifting weight in 2.5 kg steps loads with 1.25 kg discs, never 1 + 0.25.
// - Weightlifting (IWF Technical and Competition Rules, "Sport equipment"): bumper discs 25 red, 20 blue,
//   15 yellow, 10 green; change discs 5 white, 2.5 red, 2 blue, 1.5 yellow, 1 green, 0.5 white.
import type { LiftType } from './lifts.ts'
import { barWeight } from './meet-rules.ts'

export type PlateColour = 'red' | 'blue' | 'yellow' | 'green' | 'white' | 'black' | 'chrome'

export interface Plate {
  readonly kg: number
  readonly colour: PlateColour
  /** Full diameter (450 mm: the 10 kg disc and up) or smaller: how a drawing sizes it. */
  readonly large: boolean
}

const plate = (kg: number, colour: PlateColour): Plate => Object.freeze({ kg, colour, large: kg >= 10 })

/** IPF discs a loader takes, largest first (the 50 kg disc is optional and left out: meets load 25s). */
export const POWERLIFTING_PLATES: readonly Plate[] = Object.freeze([
  plate(25, 'red'),
  plate(20, 'blue'),
  plate(15, 'yellow'),
  plate(10, 'green'),
  plate(5, 'white'),
  plate(2.5, 'black'),
  plate(1.25, 'chrome'),
  plate(0.5, 'chrome'),
  plate(0.25, 'chrome'),
])

/** IWF discs a loader takes, largest first. */
export const WEIGHTLIFTING_PLATES: readonly Plate[] = Object.freeze([
  plate(25, 'red'),
  plate(20, 'blue'),
  plate(15, 'yellow'),
  plate(10, 'green'),
  plate(5, 'white'),
  plate(2.5, 'red'),
  plate(2, 'blue'),
  plate(1.5, 'yellow'),
  plate(1, 'green'),
  plate(0.5, 'white'),
])

export const COLLAR_KG = 2.5

/** The disc set of a lift's sport. */
export const platesFor = (lift: LiftType): readonly Plate[] =>
  lift === 'snatch' || lift === 'clean_and_jerk' ? WEIGHTLIFTING_PLATES : POWERLIFTING_PLATES

export interface Loading {
  readonly total: number
  readonly bar: number
  /** Kilograms of both collars together (0 for the empty bar: collars go on only with discs). */
  readonly collars: number
  /** One side's discs, from the inside (largest) out. */
  readonly perSide: readonly Plate[]
}

/**
 * Pure: the loading of `weight` for `lift` on `bar` (largest discs first, as loaders load), or null when it
 * cannot be loaded: below the bar, between the bar and the bar with collars, or a per-side remainder the
 * sport's discs do not make.
 */
export function plateLoading(lift: LiftType, weight: number, bar: number): Loading | null {
  if (!Number.isFinite(weight) || weight < bar) return null
  if (weight === bar) return { total: weight, bar, collars: 0, perSide: [] }
  // Work in grams: 0.25 kg steps are exact then.
  let side = Math.round(((weight - bar - 2 * COLLAR_KG) * 1000) / 2)
  if (side < 0) return null
  const perSide: Plate[] = []
  for (const p of platesFor(lift)) {
    const grams = Math.round(p.kg * 1000)
    while (side >= grams) {
      perSide.push(p)
      side -= grams
    }
  }
  return side === 0 ? { total: weight, bar, collars: 2 * COLLAR_KG, perSide } : null
}

/** Pure: the loading of a declared attempt of `lift` for a lifter of this sex (the bar by the rules). */
export function attemptLoading(lift: LiftType, sex: 'M' | 'F' | null, weight: number): Loading | null {
  return plateLoading(lift, weight, barWeight(lift, sex))
}

/** "3 × 25, 2.5, 1.25": one side's discs, counted. */
export function describeSide(perSide: readonly Plate[]): string {
  const parts: string[] = []
  for (let i = 0; i < perSide.length;) {
    let n = 1
    while (perSide[i + n]?.kg === perSide[i]!.kg) n++
    parts.push(n > 1 ? `${n} × ${perSide[i]!.kg}` : String(perSide[i]!.kg))
    i += n
  }
  return parts.join(', ')
}
