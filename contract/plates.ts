// The plate check (docs/video-checks.md, "The plate check"): the loading a declared weight needs, per side,
// so judges can hold it against the plates shown at the end of the take.
//
// Bars: 20 kg, and the women's weightlifting bar of 15 kg (barWeight, contract/meet-rules.ts). Collars: 2.5 kg
// each, as both rulebooks fix them. Discs, largest first, with their colours: 25 kg red, 20 blue, 15 yellow,
// 10 green, 5 white (IWF TCRR, "Sport equipment": the large discs; the IPF Technical Rules Book, "Bars and
// Discs", colours the discs over 10 kg the same way and leaves 10 kg and under free); the change discs
// 2.5 kg red, 2 blue, 1.5 yellow, 1 green, 0.5 white (IWF TCRR); and 0.25 kg (silver), which the IPF allows
// for records and which makes every 2.5 kg step of a powerlifting total loadable with this set.
import type { LiftType } from './lifts.ts'
import { barWeight } from './meet-rules.ts'

export type PlateColour = 'red' | 'blue' | 'yellow' | 'green' | 'white' | 'silver'

export interface Plate {
  readonly kg: number
  readonly colour: PlateColour
  /** Bumper (full diameter, 450 mm) or change disc (smaller): how the drawing sizes it. */
  readonly large: boolean
}

const plate = (kg: number, colour: PlateColour, large: boolean): Plate => Object.freeze({ kg, colour, large })

/** The discs a loader takes, largest first. */
export const PLATES: readonly Plate[] = Object.freeze([
  plate(25, 'red', true), plate(20, 'blue', true), plate(15, 'yellow', true), plate(10, 'green', true), plate(5, 'white', false),
  plate(2.5, 'red', false), plate(2, 'blue', false), plate(1.5, 'yellow', false), plate(1, 'green', false), plate(0.5, 'white', false),
  plate(0.25, 'silver', false),
])

export const COLLAR_KG = 2.5

export interface Loading {
  readonly total: number
  readonly bar: number
  /** Kilograms of both collars together (0 for the empty bar: collars go on only with plates). */
  readonly collars: number
  /** One side's discs, from the inside (largest) out. */
  readonly perSide: readonly Plate[]
}

/**
 * Pure: the loading of `weight` on `bar` (largest discs first, as loaders load), or null when it cannot be
 * loaded: below the bar, or a per-side remainder no disc set makes (steps finer than 0.5 kg a bar).
 * The empty bar carries no collars; with any disc both collars count.
 */
export function plateLoading(weight: number, bar: number): Loading | null {
  if (!Number.isFinite(weight) || weight < bar) return null
  if (weight === bar) return { total: weight, bar, collars: 0, perSide: [] }
  // Work in grams: 0.25 kg steps are exact then.
  let side = Math.round(((weight - bar - 2 * COLLAR_KG) * 1000) / 2)
  if (side < 0) return null
  const perSide: Plate[] = []
  for (const p of PLATES) {
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
  return plateLoading(weight, barWeight(lift, sex))
}

/** "3 × 25, 2.5, 1, 0.25": one side's discs, counted. */
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
