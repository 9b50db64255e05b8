// Attempt codes (docs/video-checks.md, "Attempt codes"): when a meet attempt is declared, the lifter gets a
// short code to show to the camera (on paper or a phone) at the start of the take. A code the lifter could not
// know before the declaration proves the take was filmed after it; judges see it beside the video.

/**
 * The code's alphabet: capitals and digits with every look-alike group taken out whole, so whatever is
 * read from a phone screen or handwriting is one letter only — 0 O D Q (round), 1 I L J (one stroke),
 * 2 Z, 5 S, 6 G, 8 B, U V. 18 signs: 18⁴ = 104,976 codes.
 */
export const ATTEMPT_CODE_ALPHABET = 'ACEFHKMNPRTWXY3479'
export const ATTEMPT_CODE_LENGTH = 4

/**
 * Pure: a code from `random(n)` (a uniform integer in [0, n): crypto.randomInt on the server), different
 * from every code in `avoid` (the lifter's earlier codes in the challenge, so an old take's code never fits a new attempt).
 */
export function attemptCode(random: (n: number) => number, avoid: ReadonlySet<string> = new Set()): string {
  for (;;) {
    let code = ''
    for (let i = 0; i < ATTEMPT_CODE_LENGTH; i++) code += ATTEMPT_CODE_ALPHABET[random(ATTEMPT_CODE_ALPHABET.length)]
    if (!avoid.has(code)) return code
  }
}

/** One of the lifter's declarations in the challenge, as far as codes go. */
export interface CodedAttempt {
  liftType: string
  attemptNumber: number
  code: string | null
}

/**
 * Pure: the code of the attempt being declared, given the lifter's declarations in the challenge so far.
 * Declaring the same attempt again keeps its code (the lifter may already be filming with it); a new
 * attempt gets a new code, none of the lifter's earlier ones.
 */
export function codeForAttempt(
  earlier: readonly CodedAttempt[],
  attempt: { liftType: string; attemptNumber: number },
  random: (n: number) => number,
): string {
  const own = earlier.find((e) => e.liftType === attempt.liftType && e.attemptNumber === attempt.attemptNumber)?.code
  return own ?? attemptCode(random, new Set(earlier.flatMap((e) => (e.code ? [e.code] : []))))
}

/** Pure: is this a well-formed code (as typed by a judge, any case)? */
export function isAttemptCode(text: string): boolean {
  return new RegExp(`^[${ATTEMPT_CODE_ALPHABET}]{${ATTEMPT_CODE_LENGTH}}$`).test(text.toUpperCase())
}
