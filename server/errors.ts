// Errors a route throws on purpose: the status and a sentence a person can act on.
export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message)
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'Please log in to do this.') => new HttpError(401, message)
export const forbidden = (message: string) => new HttpError(403, message)
export const notFound = (message: string) => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)
