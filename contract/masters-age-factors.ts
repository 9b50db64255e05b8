// Age factors that let masters lifters of different ages be ranked together, pure, shared by server
// and web client. docs/categories.md gives the sources and what we could not source.
//
// Weightlifting: the Sinclair–Meltzer–Faber factors of the IWF Masters ("IWF Masters Age Factors 2019",
// published by IWF Masters / IMWA at iwfmasters.org): SMF for men (ages 30–90), SMHF for women (the
// Huebner revision, ages 30–80). A masters lifter's score is the Sinclair total times the factor of the
// age reached in the meet's calendar year. Values as the owlcms competition software ships them, citing
// that publication (github.com/jflamy/owlcms4, owlcms/src/main/resources/sinclair/*.properties, smf.* and
// smhf.*); the men's 60 → 1.514 is also quoted independently (Brooks Kubik, dinosaurtraining.blogspot.com,
// December 2016).
//
// Powerlifting: no McCulloch or Foster table is here. We found no publication by the authors or by a
// federation that we could read; the copies we found say they were corrected from other web pages
// (OpenPowerlifting's table notes that its source "contains some errors"). See docs/categories.md.
import { sinclair, type Sex, type SinclairEdition } from './formulas.ts'

/** The youngest age with a factor; younger lifters get 1. */
export const MASTERS_FACTOR_FIRST_AGE = 30

/** Factors from age 30 on, one per year. */
const AGE_FACTORS: Readonly<Record<Sex, readonly number[]>> = Object.freeze({
  // SMF (men), ages 30–90.
  M: Object.freeze([
    1.0,
    1.016,
    1.031,
    1.046,
    1.059,
    1.072,
    1.083,
    1.096,
    1.109,
    1.122, // 30–39
    1.135,
    1.149,
    1.162,
    1.176,
    1.189,
    1.203,
    1.218,
    1.233,
    1.248,
    1.263, // 40–49
    1.279,
    1.297,
    1.316,
    1.338,
    1.361,
    1.385,
    1.411,
    1.437,
    1.462,
    1.488, // 50–59
    1.514,
    1.541,
    1.568,
    1.598,
    1.629,
    1.663,
    1.699,
    1.738,
    1.779,
    1.823, // 60–69
    1.867,
    1.91,
    1.953,
    2.004,
    2.06,
    2.117,
    2.181,
    2.255,
    2.336,
    2.419, // 70–79
    2.504,
    2.597,
    2.702,
    2.831,
    2.981,
    3.153,
    3.352,
    3.58,
    3.843,
    4.145, // 80–89
    4.493, // 90
  ]),
  // SMHF (women), ages 30–80.
  F: Object.freeze([
    1.0,
    1.016,
    1.031,
    1.046,
    1.059,
    1.072,
    1.084,
    1.097,
    1.11,
    1.124, // 30–39
    1.138,
    1.153,
    1.17,
    1.187,
    1.205,
    1.223,
    1.244,
    1.265,
    1.288,
    1.313, // 40–49
    1.34,
    1.369,
    1.401,
    1.435,
    1.47,
    1.507,
    1.545,
    1.585,
    1.625,
    1.665, // 50–59
    1.705,
    1.744,
    1.778,
    1.808,
    1.839,
    1.873,
    1.909,
    1.948,
    1.989,
    2.033, // 60–69
    2.077,
    2.12,
    2.163,
    2.214,
    2.27,
    2.327,
    2.391,
    2.465,
    2.546,
    2.629, // 70–79
    2.714, // 80
  ]),
})

/** The oldest age each table gives a factor for (90 men, 80 women). */
export const MASTERS_FACTOR_LAST_AGE: Readonly<Record<Sex, number>> = Object.freeze({
  M: MASTERS_FACTOR_FIRST_AGE + AGE_FACTORS.M.length - 1,
  F: MASTERS_FACTOR_FIRST_AGE + AGE_FACTORS.F.length - 1,
})

/**
 * The masters age factor (SMF for men, SMHF for women) of the age reached in the meet's calendar year
 * (whole years). 1 up to 30; past the table's last age (90 men, 80 women) the last factor, as owlcms
 * applies it: the publication gives none beyond. Null for an age that is not a whole number ≥ 0.
 */
export function mastersAgeFactor(sex: Sex, age: number): number | null {
  if (!Number.isInteger(age) || age < 0) return null
  const table = AGE_FACTORS[sex]
  if (age <= MASTERS_FACTOR_FIRST_AGE) return 1
  return table[Math.min(age, MASTERS_FACTOR_LAST_AGE[sex]) - MASTERS_FACTOR_FIRST_AGE]!
}

/**
 * Sinclair–Meltzer–Faber points (unrounded): the Sinclair total of the bodyweight times the masters
 * age factor. The IWF Masters rules multiply the Sinclair coefficients of the current Olympic cycle
 * (formulas.ts's default edition); owlcms keeps the 2017–2020 coefficients for masters, which
 * formulas.ts does not carry. 0 where Sinclair gives none or the age has no factor.
 */
export function sinclairMeltzerFaber(sex: Sex, bodyweight: number, total: number, age: number, edition?: SinclairEdition): number {
  const factor = mastersAgeFactor(sex, age)
  if (factor === null) return 0
  return sinclair(sex, bodyweight, total, edition) * factor
}
