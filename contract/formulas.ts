// Scoring formulas that compare lifters of different bodyweights (shared by server and web
// client): DOTS, IPF GL, Wilks (original and 2020) for powerlifting, Sinclair for weightlifting.
// All pure; each gives 0 points for a total ≤ 0 or a bodyweight that is ≤ 0 or not finite.

export type Sex = 'M' | 'F'
export type GlEquipment = 'classic' | 'equipped'
export type GlEvent = 'full' | 'bench' // full meet (SBD total) or bench-only
export type SinclairEdition = '2025-2028' | '2021-2024'

/** A polynomial's coefficients from the constant term up, and the bodyweight range it is used on. */
interface Polynomial {
  readonly terms: readonly number[]
  readonly min: number
  readonly max: number
}

/** Freezes a coefficient table and every table inside it. */
function frozen<T extends object>(table: T): T {
  for (const value of Object.values(table)) if (typeof value === 'object' && value !== null) frozen(value as object)
  return Object.freeze(table)
}

const scorable = (bodyweight: number, total: number) => Number.isFinite(bodyweight) && bodyweight > 0 && Number.isFinite(total) && total > 0

/** `scale / polynomial(bodyweight clamped to its range) × total`: the shape DOTS and both Wilks share. */
function polynomialPoints({ terms, min, max }: Polynomial, scale: number, bodyweight: number, total: number): number {
  if (!scorable(bodyweight, total)) return 0
  const x = Math.min(Math.max(bodyweight, min), max)
  return (scale / terms.reduce((sum, c, i) => sum + c * x ** i, 0)) * total
}

// DOTS (Tim Konertz for the German BVDK), as OpenPowerlifting implements it in its `coefficients`
// crate (github.com/sstangl/openpowerlifting, src/dots.rs): bodyweights outside 40–210 kg (men) /
// 40–150 kg (women) count as the nearest end of that range.
const DOTS: Readonly<Record<Sex, Polynomial>> = frozen({
  M: { terms: [-307.75076, 24.0900756, -0.1918759221, 0.0007391293, -0.000001093], min: 40, max: 210 },
  F: { terms: [-57.96288, 13.6175032, -0.1126655495, 0.0005158568, -0.0000010706], min: 40, max: 150 },
})

/** DOTS points (unrounded). */
export function dots(sex: Sex, bodyweight: number, total: number): number {
  return polynomialPoints(DOTS[sex], 500, bodyweight, total)
}

// IPF GL ("GOODLIFT") points = total × 100 / (A − B·e^(−C·bodyweight)), with A, B, C from the IPF's
// "IPF GL Coefficients" document (in force from 1 May 2020, powerlifting.sport); the same values as
// OpenPowerlifting's `coefficients` crate (src/goodlift.rs).
const IPF_GL: Readonly<Record<GlEvent, Record<GlEquipment, Record<Sex, readonly [a: number, b: number, c: number]>>>> = frozen({
  full: {
    classic: { M: [1199.72839, 1025.18162, 0.00921], F: [610.32796, 1045.59282, 0.03048] },
    equipped: { M: [1236.25115, 1449.21864, 0.01644], F: [758.63878, 949.31382, 0.02435] },
  },
  bench: {
    classic: { M: [320.98041, 281.40258, 0.01008], F: [142.40398, 442.52671, 0.04724] },
    equipped: { M: [381.22073, 733.79378, 0.02398], F: [221.82209, 357.00377, 0.02937] },
  },
})
/** The IPF's document defines nothing for tiny bodyweights; like OpenPowerlifting, none scores below 35 kg. */
const IPF_GL_MIN_BODYWEIGHT = 35

/** IPF GL points (unrounded). */
export function ipfGl(sex: Sex, bodyweight: number, total: number, equipment: GlEquipment, event: GlEvent): number {
  if (!scorable(bodyweight, total) || bodyweight < IPF_GL_MIN_BODYWEIGHT) return 0
  const [a, b, c] = IPF_GL[event][equipment][sex]
  const points = (total * 100) / (a - b * Math.exp(-c * bodyweight))
  // Every denominator is positive from 35 kg up; guard anyway so points are never negative or infinite.
  return Number.isFinite(points) && points > 0 ? points : 0
}

// Wilks, original formula (Robert Wilks), as OpenPowerlifting implements it in
// its `coefficients` crate (src/wilks.rs): bodyweights clamped to 40–201.9 kg (men) / 26.51–154.53 kg
// (women), where the polynomial stays sensible (the upper ends keep clear of its asymptote).
const WILKS: Readonly<Record<Sex, Polynomial>> = frozen({
  M: { terms: [-216.0475144, 16.2606339, -0.002388645, -0.00113732, 7.01863e-6, -1.291e-8], min: 40, max: 201.9 },
  F: { terms: [594.31747775582, -27.23842536447, 0.82112226871, -0.00930733913, 4.731582e-5, -9.054e-8], min: 26.51, max: 154.53 },
})

/** Wilks, original (1995-era coefficients), unrounded. */
export function wilks(sex: Sex, bodyweight: number, total: number): number {
  return polynomialPoints(WILKS[sex], 500, bodyweight, total)
}

// Wilks 2020 ("Wilks2", on a 600-point scale), as OpenPowerlifting implements it in its `coefficients`
// crate (src/wilks2020.rs: Robert Wilks' definition as sent to the USPA, 2020-03-09; coefficient tables
// published at powerliftingaustralia.com/wilks-formula): bodyweights clamped to the tables' 40–200.95 kg
// (men) / 40–150.95 kg (women).
const WILKS_2020: Readonly<Record<Sex, Polynomial>> = frozen({
  M: {
    terms: [47.4617885411949, 8.47206137941125, 0.073694103462609, -0.00139583381094385, 7.07665973070743e-6, -1.20804336482315e-8],
    min: 40,
    max: 200.95,
  },
  F: {
    terms: [-125.425539779509, 13.7121941940668, -0.0330725063103405, -0.0010504000506583, 9.38773881462799e-6, -2.3334613884954e-8],
    min: 40,
    max: 150.95,
  },
})

/** Wilks 2020 (Wilks2), unrounded. */
export function wilks2020(sex: Sex, bodyweight: number, total: number): number {
  return polynomialPoints(WILKS_2020[sex], 600, bodyweight, total)
}

// IWF Sinclair coefficients, one set per Olympic cycle: A, and b = bodyweight (kg) of the world-record
// holder of the heaviest class. Values as the owlcms competition software ships them:
// github.com/jflamy/owlcms4, owlcms/src/main/resources/sinclair/sinclair2028.properties ("Sinclair
// 2025-2028 Coefficients") and sinclair2024.properties ("Sinclair 2021-2024 Coefficients").
const SINCLAIR: Readonly<Record<SinclairEdition, Record<Sex, { readonly a: number; readonly b: number }>>> = frozen({
  '2025-2028': { M: { a: 0.700767819, b: 201.159 }, F: { a: 0.674107991, b: 163.918 } },
  '2021-2024': { M: { a: 0.722762521, b: 193.609 }, F: { a: 0.787004341, b: 153.757 } },
})

/** Sinclair total (unrounded): total × Sinclair coefficient of the bodyweight. */
export function sinclair(sex: Sex, bodyweight: number, total: number, edition: SinclairEdition = '2025-2028'): number {
  if (!scorable(bodyweight, total)) return 0
  const { a, b } = SINCLAIR[edition][sex]
  // 10^(A·log10(bodyweight / b)²) below b; at or above b the lifter is already "in the heaviest class": 1.
  return bodyweight >= b ? total : total * 10 ** (a * Math.log10(bodyweight / b) ** 2)
}

/** Points rounded to two decimals as results show them. */
export function roundPoints(points: number): number {
  return Math.round(points * 100) / 100
}
