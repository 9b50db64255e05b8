// Row shapes of attempts that several repositories read (attempts, judging, moderation, account deletion): not a repository
// itself, so they share it without importing each other.
import type { Prisma } from '../db.ts'

/** An attempt with who lifted it, as its Lift answer and its events need. */
export const attemptWithLifter = { participant: { include: { user: { select: { name: true } } } } } as const satisfies Prisma.AttemptInclude
export type AttemptWithLifter = Prisma.AttemptGetPayload<{ include: typeof attemptWithLifter }>

/**
 * The storage keys of a stored attempt's video and everything made from it: original, renditions, poster, the
 * verdict clip and the plate check's contact sheet (a takedown or an account deletion removes them all).
 */
export function videoKeysOf(row: {
  originalKey: string | null
  posterKey: string | null
  renditions: unknown
  verdictClipKey?: string | null
  takeChecks?: unknown
}): string[] {
  const renditions = row.renditions && typeof row.renditions === 'object' ? Object.values(row.renditions as Record<string, unknown>) : []
  const checks = row.takeChecks && typeof row.takeChecks === 'object' ? (row.takeChecks as { contact_sheet_key?: unknown }) : null
  return [row.originalKey, row.posterKey, ...renditions, row.verdictClipKey, checks?.contact_sheet_key].filter(
    (k): k is string => typeof k === 'string' && k !== '',
  )
}
