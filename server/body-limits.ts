// How many bytes of JSON body each route reads (Fastify's `bodyLimit`): a longer body answers 413
// before it is parsed, from its Content-Length, or as soon as that many bytes have arrived.
// Parsing holds the event loop in proportion to the body's size (a 1 MiB body of nested brackets
// took 0.1–0.3 s, every other answer waiting meanwhile), so a route reads no more than its largest
// valid body needs. Sizes are for every field at its maximum length with each character written
// as a \uXXXX escape (6 bytes; raw UTF-8 takes at most 4), rounded up with room to spare.
// Multipart uploads and tus PATCHes are not JSON: their own limits apply (UPLOAD_MAX_BYTES).

const KiB = 1024

export const BODY_LIMITS = {
  /**
   * Every route unless it says otherwise: a login (254 + 200 characters), a comment (500), a vote's or
   * an appeal's note (500), a panel of five usernames, a join… all fit in well under 4 KiB.
   */
  default: 8 * KiB,
  /** Registration: a 2,000-character bio, and a name, email, password (twice), username and country (~17 KiB escaped). */
  registration: 32 * KiB,
  /** A challenge: a 5,000-character description, a 2,000-character image path, name, location, lifts and classes (~44 KiB escaped). */
  challenge: 64 * KiB,
} as const

/** "8 KiB", "1 MiB", "100 bytes". */
export function formatBodyLimit(bytes: number): string {
  return bytes % (1024 * KiB) === 0 ? `${bytes / (1024 * KiB)} MiB` : bytes % KiB === 0 ? `${bytes / KiB} KiB` : `${bytes} bytes`
}

/** The 413 answer's sentence for a JSON body over the route's limit. */
export const bodyTooLarge = (limit: number) => `The request body is too large: this request takes at most ${formatBodyLimit(limit)}.`
