// Reading a stored file for an answer (videos, avatars): the store's errors as the client sees them, and a read that
// waits for its first bytes so a store failing at once answers a JSON status instead of headers with no body.
import { once } from 'node:events'
import type { Readable } from 'node:stream'
import { InvalidKeyError, StorageUnavailableError } from '../../infra/storage.ts'
import { HttpError, badRequest, notFound } from '../errors.ts'

/** The sentences of one kind of file: gone since stat (404), a store that does not answer (503). */
export interface FileWords {
  missing: string
  unavailable: string
  invalid?: string
}

/** 400 for a key that could escape the store, 404 for a file gone since stat, 503 for a store that does not answer. */
export function storedFileError(error: unknown, words: FileWords): unknown {
  if (error instanceof InvalidKeyError) return badRequest(words.invalid ?? 'This path is not valid.')
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return notFound(words.missing)
  if (error instanceof StorageUnavailableError) return new HttpError(503, words.unavailable)
  return error
}

/**
 * Waits for a read's first bytes. Later errors abort the response (Fastify destroys it and logs); the process never
 * sees them unhandled.
 */
export async function openedFile(stream: Readable, words: FileWords): Promise<Readable> {
  try {
    await once(stream, 'readable')
  } catch (error) {
    stream.destroy()
    throw storedFileError(error, words)
  }
  stream.on('error', () => {}) // reported by Fastify once it pipes the stream
  return stream
}
