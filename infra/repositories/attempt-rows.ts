// Row shapes of attempts that several repositories read (attempts, judging): not a repository
// itself, so they share it without importing each other.
import type { Prisma } from '../db.ts'

/** An attempt with who lifted it, as its Lift answer and its events need. */
export const attemptWithLifter = { participant: { include: { user: { select: { name: true } } } } } as const satisfies Prisma.AttemptInclude
export type AttemptWithLifter = Prisma.AttemptGetPayload<{ include: typeof attemptWithLifter }>
