// The one refusal: something a request may not do, as a code (its kind) and the sentence the
// person sees (verbatim: the spec's client shows it). Services refuse with it, repositories
// translate storage errors into it (a unique violation becomes 'conflict'); the server's error
// handler answers it with the HTTP status its code maps to (server/errors.ts, REFUSAL_STATUS).
export type RefusalCode =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'too_slow'
  | 'conflict'
  | 'too_large'
  | 'unsupported_type'
  | 'out_of_range'
  | 'too_many'
  | 'unavailable'

export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message)
    this.name = 'Refusal'
  }
}

/** Whether a storage error is a unique-key violation (Prisma's P2002): the row exists already. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === 'P2002'

/** Whether a storage error is a foreign-key violation (Prisma's P2003): the row it names is gone. */
export const isMissingReference = (error: unknown) => (error as { code?: string } | null)?.code === 'P2003'
