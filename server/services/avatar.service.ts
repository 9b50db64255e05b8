// Avatars (docs/accounts.md): a lifter uploads a picture; the server accepts only JPEG, PNG and WebP by their bytes
// (never the declared type), refuses images too large in bytes or pixels before decoding them, and keeps only a
// 256 x 256 JPEG it re-encodes itself, without metadata, so nothing of the upload but its picture is ever served.
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { AccountsRepository } from '../../infra/repositories/accounts.repository.ts'
import type { Storage } from '../../infra/storage.ts'
import { badRequest, notFound } from '../errors.ts'

export const AVATAR_NO_ACCOUNT = 'The account of this token no longer exists.'

/** The largest upload accepted (the route's body limit). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024
/** The most pixels (and the longest side) an avatar's original may have: larger headers are refused undecoded. */
export const AVATAR_MAX_PIXELS = 40_000_000
export const AVATAR_MAX_SIDE = 10_000
/** The side of the stored square. */
export const AVATAR_SIZE = 256

export const NOT_AN_IMAGE = 'An avatar must be a JPEG, PNG or WebP image.'
export const IMAGE_TOO_LARGE = `An avatar may have at most ${AVATAR_MAX_PIXELS / 1_000_000} million pixels and ${AVATAR_MAX_SIDE} pixels a side: make the picture smaller.`
export const IMAGE_UNREADABLE = 'This image could not be read: it may be damaged. Try another picture.'

type ImageType = 'jpeg' | 'png' | 'webp'
/** What ffprobe calls each accepted type's codec. */
const CODEC: Record<ImageType, string> = { jpeg: 'mjpeg', png: 'png', webp: 'webp' }

/** The image type its first bytes show (magic numbers), or null: the declared Content-Type is never trusted. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const at = (offset: number, ...expected: number[]) => expected.every((b, i) => bytes[offset + i] === b)
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpeg'
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png'
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp'
  return null
}

/** A PNG's size from its IHDR chunk (always first, at a fixed place), read before any tool sees the bytes; null when not there. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  if (bytes.length < 24 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return { width: view.getUint32(16), height: view.getUint32(20) }
}

const tooLarge = (shape: { width: number; height: number }) =>
  shape.width * shape.height > AVATAR_MAX_PIXELS || shape.width > AVATAR_MAX_SIDE || shape.height > AVATAR_MAX_SIDE

export interface AvatarDeps {
  accounts: Pick<AccountsRepository, 'setAvatarKey'>
  storage: Pick<Storage, 'scratch' | 'putFile' | 'delete'>
  image: {
    probe(path: string): Promise<{ codec: string; width: number; height: number } | null>
    squareJpeg(input: string, output: string, size: number): Promise<void>
  }
  log: { warn(obj: object, msg: string): void }
}

/** The file name an avatar key is served under (GET /avatars/:file). */
export const avatarFile = (key: string) => key.slice('avatars/'.length)

export function createAvatarService(deps: AvatarDeps) {
  return {
    /** Checks, re-encodes and stores `bytes` as `userId`'s avatar; answers its file name. */
    async set(userId: number, bytes: Buffer): Promise<string> {
      const type = sniffImage(bytes)
      if (!type) throw badRequest(NOT_AN_IMAGE)
      // A PNG's header says its size: a bomb is refused before any decoder (or ffprobe, which gives up on some) reads it.
      const header = type === 'png' ? pngSize(bytes) : null
      if (header && tooLarge(header)) throw badRequest(IMAGE_TOO_LARGE)
      const scratch = await deps.storage.scratch('avatar')
      try {
        const input = join(scratch.dir, 'upload')
        const output = join(scratch.dir, 'avatar.jpg')
        await writeFile(input, bytes)
        const shape = await deps.image.probe(input)
        // The bytes start like an image of this type and ffprobe reads a picture of the same type from them.
        if (!shape || shape.codec !== CODEC[type]) throw badRequest(NOT_AN_IMAGE)
        if (tooLarge(shape)) throw badRequest(IMAGE_TOO_LARGE)
        await deps.image.squareJpeg(input, output, AVATAR_SIZE).catch(() => {
          throw badRequest(IMAGE_UNREADABLE)
        })
        const key = `avatars/${userId}-${randomBytes(8).toString('hex')}.jpg`
        await deps.storage.putFile(key, output)
        const old = await deps.accounts.setAvatarKey(userId, key)
        if (old === false) {
          await deps.storage.delete(key).catch(() => {})
          throw notFound(AVATAR_NO_ACCOUNT)
        }
        if (old) await deps.storage.delete(old).catch((error: unknown) => deps.log.warn({ err: error, key: old }, 'old avatar not removed'))
        return avatarFile(key)
      } finally {
        await scratch.dispose()
      }
    },
  }
}

export type AvatarService = ReturnType<typeof createAvatarService>
