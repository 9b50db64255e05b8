import { Type, type Static, type TLiteral, type TSchemaOptions, type TUnion } from 'typebox'

/**
 * A union of string literals, `{anyOf: [{const: 'a'}, {const: 'b'}]}`, whose static type is the
 * union of those strings (`'a' | 'b'`): `Literals(WEIGHT_CLASSES)`, `Literals(['M', 'F'])`.
 * (`Type.Union(values.map(Type.Literal))` builds the same schema, but its static type is never.)
 */
export function Literals<const Values extends readonly string[]>(values: Values, options?: TSchemaOptions): TUnion<LiteralSchemas<Values>> {
  return Type.Union(values.map((value) => Type.Literal(value)), options) as TUnion<LiteralSchemas<Values>>
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
export const CLIENT_DATE_PATTERN = '^(\\d{4})-(\\d{2})-(\\d{2})(?:[T ](\\d{2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,9}))?)?(Z|z|[+-]\\d{2}:?\\d{2})?)?$'
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
/** Text a person types as a name or place: 1 to `maxLength` characters, visible, on one line. */
export const NameText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: NOT_BLANK })
/** A note typed in a text box: 1 to `maxLength` characters, visible, line breaks allowed. */
export const NoteText = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: NOT_BLANK_LINES })

export const WEIGHT_CLASSES = ['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+'] as const
export type WeightClass = (typeof WEIGHT_CLASSES)[number]

export const PRIZE_POOL = { first: 1000, second: 500, third: 250, total: 1750 } as const
export const PrizePool = Type.Object({
  first: Type.Number(), second: Type.Number(), third: Type.Number(), total: Type.Number(),
})

/**
 * Limits of SPEC §9 that the server applies and the client shows alike. What only the web client
 * decides (display counts, timings, storage keys) is in web/src/config.ts.
 */
export const LIMITS = {
  /** A profile shows this many uploaded videos (the server sends ten times as many to choose from). */
  profileVideos: 6,
  /** The heaviest weight an attempt may record. */
  maxWeightKg: 1000,
} as const
