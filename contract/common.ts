import { Type, type Static, type TLiteral, type TSchemaOptions, type TUnion } from 'typebox'

/** A schema that may also be null. */
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])

/**
 * A union of string literals, `{anyOf: [{const: 'a'}, {const: 'b'}]}`, whose static type is the
 * union of those strings (`'a' | 'b'`): `Literals(WEIGHT_CLASSES)`, `Literals(['M', 'F'])`.
 * (`Type.Union(values.map(Type.Literal))` builds the same schema, but its static type is never.)
 */
export function Literals<const Values extends readonly string[]>(values: Values, options?: TSchemaOptions): TUnion<LiteralSchemas<Values>> {
  return Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  ) as TUnion<LiteralSchemas<Values>>
}
type LiteralSchemas<Values extends readonly string[]> = { -readonly [K in keyof Values]: TLiteral<Values[K]> }

/** Every failure answers this shape: one sentence a person can act on. */
export const ErrorResponse = Type.Object({ error: Type.String() }, { $id: 'ErrorResponse', additionalProperties: false })
export type ErrorResponse = Static<typeof ErrorResponse>

export const IdParam = Type.Integer({ minimum: 1, maximum: 2147483647 })
export const IdParams = Type.Object({ id: IdParam })
export type IdParams = Static<typeof IdParams>

/**
 * A challenge date as clients send it: `YYYY-MM-DD` (<input type="date">), `YYYY-MM-DDTHH:mm`
 * (<input type="datetime-local">), `YYYY-MM-DD HH:mm:ss`, or ISO 8601 with a zone. Groups:
 * year, month, day, hour, minute, second, fraction, zone.
 */
export const CLIENT_DATE_PATTERN =
  '^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?(Z|z|[+-]\\d{2}:?\\d{2})?)?$'
export const ChallengeDate = Type.String({
  maxLength: 40,
  pattern: CLIENT_DATE_PATTERN,
  description:
    'YYYY-MM-DD, YYYY-MM-DDTHH:mm, YYYY-MM-DD HH:mm:ss or ISO 8601 with a zone. Without a zone the time is UTC. ' +
    'A date alone starts at 00:00 (start_date) or ends at 23:59:59.999 (end_date) of that day.',
})

/**
 * Something visible (a letter, digit, punctuation or symbol: names are stored trimmed, and a blank
 * one would be stored empty) and nothing hidden: no control characters, and not the two direction
 * overrides (U+202D, U+202E) that show the text after them reordered (a name on the board reading
 * backwards); embeddings and isolates, which right-to-left text pasted from other apps may carry,
 * stay. Ajv compiles patterns with the `u` flag.
 */
export const NOT_BLANK = '^(?=[\\s\\S]*[\\p{L}\\p{N}\\p{P}\\p{S}])[^\\p{Cc}\\u202D\\u202E]*$'
/** NOT_BLANK for text typed in a box of several lines: line breaks and tabs allowed. */
export const NOT_BLANK_LINES = '^(?=[\\s\\S]*[\\p{L}\\p{N}\\p{P}\\p{S}])(?:[^\\p{Cc}\\u202D\\u202E]|[\\t\\n\\r])*$'
/** Optional text on one line (may be empty): the characters NOT_BLANK refuses, refused. */
export const PLAIN_LINE = '^[^\\p{Cc}\\u202D\\u202E]*$'
/** Optional text of several lines (may be empty): as PLAIN_LINE, line breaks and tabs allowed. */
export const PLAIN_LINES = '^(?:[^\\p{Cc}\\u202D\\u202E]|[\\t\\n\\r])*$'
/**
 * Characters that show nothing, refused in names (people, challenges, places, countries): Unicode's
 * Default_Ignorable_Code_Point set (DerivedCoreProperties.txt: soft hyphen, zero-width space and
 * joiners, word joiner, BOM, Hangul fillers, variation selectors, tags…), which includes every
 * bidirectional embedding, override and isolate (U+202A–U+202E, U+2066–U+2069) and the marks
 * U+200E, U+200F, U+061C. "Anna\u200B Novak" shows as "Anna Novak"; a name with an override reads
 * reordered. Free text (bios, descriptions, comments, notes) keeps them: NOT_BLANK, PLAIN_LINES.
 */
const INVISIBLE =
  '\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFF8\\u{1BCA0}-\\u{1BCA3}\\u{1D173}-\\u{1D17A}\\u{E0000}-\\u{E0FFF}'
/** Viramas (Canonical_Combining_Class 9, Unicode 14 UnicodeData.txt): a joiner after one shapes an Indic conjunct. */
const VIRAMA =
  '\\u094D\\u09CD\\u0A4D\\u0ACD\\u0B4D\\u0BCD\\u0C4D\\u0CCD\\u0D3B-\\u0D3C\\u0D4D\\u0DCA\\u0E3A\\u0EBA\\u0F84\\u1039-\\u103A\\u1714-\\u1715\\u1734\\u17D2\\u1A60\\u1B44\\u1BAA-\\u1BAB\\u1BF2-\\u1BF3\\u2D7F\\uA806\\uA82C\\uA8C4\\uA953\\uA9C0\\uAAF6\\uABED\\u{10A3F}\\u{11046}\\u{11070}\\u{1107F}\\u{110B9}\\u{11133}-\\u{11134}\\u{111C0}\\u{11235}\\u{112EA}\\u{1134D}\\u{11442}\\u{114C2}\\u{115BF}\\u{1163F}\\u{116B6}\\u{1172B}\\u{11839}\\u{1193D}-\\u{1193E}\\u{119E0}\\u{11A34}\\u{11A47}\\u{11A99}\\u{11C3F}\\u{11D44}-\\u{11D45}\\u{11D97}'
/** Scripts whose letters join (Arabic-type cursive): ZWNJ between two of their letters keeps them apart, as Persian writes. */
const JOINING =
  '\\p{Script=Arabic}\\p{Script=Syriac}\\p{Script=Nko}\\p{Script=Mongolian}\\p{Script=Mandaic}\\p{Script=Manichaean}\\p{Script=Psalter_Pahlavi}\\p{Script=Adlam}\\p{Script=Hanifi_Rohingya}\\p{Script=Sogdian}'
/**
 * The invisible characters a name may need where its script needs them (RFC 5892 Appendix A.1–A.2,
 * the CONTEXTJ rules of IDNA; UTS #51 for emoji): ZWNJ or ZWJ after a virama; ZWNJ between letters
 * of a joining script; ZWJ inside an emoji sequence (👩‍💻); VS15/VS16 after an emoji (or before a keycap); a tag
 * sequence after the black flag (🏴 subdivision flags). Each look-behind reads a bounded number of
 * characters ({0,8} marks, {0,4} modifiers, {0,16} tags: more than any real sequence), so checking a
 * name stays linear in its length however it is built.
 */
const NEEDED_INVISIBLE = [
  `(?<=[${VIRAMA}])[\\u200C\\u200D]`,
  `(?<=[${JOINING}]\\p{M}{0,8})\\u200C(?=\\p{M}{0,8}[${JOINING}])`,
  '(?<=\\p{Extended_Pictographic}[\\u{1F3FB}-\\u{1F3FF}\\uFE0F]{0,4})\\u200D(?=\\p{Extended_Pictographic})',
  '(?<=\\p{Extended_Pictographic})[\\uFE0E\\uFE0F]|[\\uFE0E\\uFE0F](?=\\u20E3)',
  '(?<=\\u{1F3F4}[\\u{E0020}-\\u{E007E}]{0,16})[\\u{E0020}-\\u{E007F}]',
].join('|')
const NAME_CHAR = `(?:[^\\p{Cc}${INVISIBLE}]|${NEEDED_INVISIBLE})`
/** A name: something visible, on one line, nothing invisible but what its script needs (see INVISIBLE). */
export const NAME = `^(?=[\\s\\S]*[\\p{L}\\p{N}\\p{P}\\p{S}])${NAME_CHAR}*$`
/** An optional name (may be empty, e.g. a country): NAME's characters. */
export const NAME_OR_EMPTY = `^${NAME_CHAR}*$`
/** Text a person types as a name or place: 1 to `maxLength` characters, visible, on one line, no invisible characters (NAME). */
export const NameText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: NAME })
/** A note typed in a text box: 1 to `maxLength` characters, visible, line breaks allowed. */
export const NoteText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: NOT_BLANK_LINES })

export const WEIGHT_CLASSES = ['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+'] as const
export type WeightClass = (typeof WEIGHT_CLASSES)[number]

/**
 * A challenge's prize pool as its organiser entered it, in the currency the organiser names (e.g. "EUR", "USD",
 * "kr"): the spec's fields (first, second, third, total; a place without a prize is 0) plus `currency`. Answers
 * carry null when the challenge offers no prize: nothing fixed is shown as real (docs/product/data.md).
 */
export const PrizePool = Type.Object({
  currency: Type.String(),
  first: Type.Number(),
  second: Type.Number(),
  third: Type.Number(),
  total: Type.Number(),
})
export type PrizePool = Static<typeof PrizePool>
/** The largest prize one place may offer (whole units of its currency). */
export const MAX_PRIZE = 10_000_000
/** What an organiser enters: a currency and a prize for 1st place; 2nd and 3rd optional, never more than the place above. */
export const PrizePoolInput = Type.Object(
  {
    currency: Type.String({ minLength: 1, maxLength: 24, pattern: NAME }),
    first: Type.Integer({ minimum: 1, maximum: MAX_PRIZE }),
    second: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PRIZE })),
    third: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PRIZE })),
  },
  { additionalProperties: false },
)
export type PrizePoolInput = Static<typeof PrizePoolInput>

/** Why an entered pool cannot stand (a lower place offered more than a higher one), or null when it can. */
export function prizePoolProblem(input: PrizePoolInput): string | null {
  const second = input.second ?? 0
  const third = input.third ?? 0
  if (second > input.first) return 'prize_pool.second must not be more than prize_pool.first.'
  if (third > second) return 'prize_pool.third must not be more than prize_pool.second (0 when 2nd place has no prize).'
  return null
}

/**
 * Limits of docs/product/limits.md that the server applies and the client shows alike. What only the web client
 * decides (display counts, timings, storage keys) is in web/src/config.ts.
 */
export const LIMITS = {
  /** A profile shows this many uploaded videos (the server sends ten times as many to choose from). */
  profileVideos: 6,
  /** The heaviest weight an attempt may record. */
  maxWeightKg: 1000,
} as const
