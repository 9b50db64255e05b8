// Refusals (infra/refusal.ts): a code and a sentence a person can act on. The one table below maps
// each code to its HTTP status; the error handler (plugins/app/error-handler.ts) answers with it.
import { Refusal, type RefusalCode } from '../infra/refusal.ts'

export { Refusal, type RefusalCode } from '../infra/refusal.ts'

export const REFUSAL_STATUS: Readonly<Record<RefusalCode, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  too_slow: 408,
  conflict: 409,
  too_large: 413,
  unsupported_type: 415,
  out_of_range: 416,
  too_many: 429,
  unavailable: 503,
}

/** The HTTP status a refusal answers with. */
export const statusOf = (refusal: Refusal): number => REFUSAL_STATUS[refusal.code]

export const badRequest = (message: string) => new Refusal('invalid', message)
export const unauthorized = (message = 'Please log in to do this.') => new Refusal('unauthenticated', message)
export const forbidden = (message: string) => new Refusal('forbidden', message)
export const notFound = (message: string) => new Refusal('not_found', message)
export const conflict = (message: string) => new Refusal('conflict', message)
export const tooMany = (message: string) => new Refusal('too_many', message)
export const unavailable = (message: string) => new Refusal('unavailable', message)

const CODE_OF_STATUS = new Map(Object.entries(REFUSAL_STATUS).map(([code, status]) => [status, code as RefusalCode]))

/**
 * A refusal named by its status: the upload path (plugins/app/uploads.ts, tus, the video proxy,
 * metrics) still builds these; it is a Refusal like any other. New code names the code instead.
 */
export class HttpError extends Refusal {
  constructor(statusCode: number, message: string) {
    const code = CODE_OF_STATUS.get(statusCode)
    if (!code) throw new Error(`No refusal code answers with status ${statusCode}.`)
    super(code, message)
  }

  get statusCode(): number {
    return REFUSAL_STATUS[this.code]
  }
}
