// Readiness: every dependency this node needs answers, each within a bound. The checks run
// at once (the slowest decides how long /api/ready takes, at most the bound), and a check
// that does not answer in time counts as unreachable.
import type { Dependency, ReadinessProbes } from '../../infra/readiness.ts'

export type CheckState = 'ok' | 'unreachable' | 'not used'
export interface Readiness {
  ready: boolean
  checks: Record<Dependency, CheckState>
  /** The unreachable dependencies, in a fixed order. */
  failed: Dependency[]
}

/** Each check's bound: a load balancer polls every few seconds and should hear within its own timeout. */
export const READY_CHECK_TIMEOUT_MS = 2_000

async function answers(probe: () => Promise<void>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  try {
    return await Promise.race([
      probe().then(
        () => true,
        () => false,
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}

export async function checkReadiness(probes: ReadinessProbes, timeoutMs = READY_CHECK_TIMEOUT_MS): Promise<Readiness> {
  const names = Object.keys(probes) as Dependency[]
  const states = await Promise.all(
    names.map(async (name): Promise<CheckState> => {
      const probe = probes[name]
      if (!probe) return 'not used'
      return (await answers(probe, timeoutMs)) ? 'ok' : 'unreachable'
    }),
  )
  const checks = Object.fromEntries(names.map((name, i) => [name, states[i]!])) as Record<Dependency, CheckState>
  const failed = names.filter((name) => checks[name] === 'unreachable')
  return { ready: failed.length === 0, checks, failed }
}

/** "Not ready: storage unreachable." / "Not ready: database, redis unreachable." */
export const notReadyMessage = (failed: readonly Dependency[]) => `Not ready: ${failed.join(', ')} unreachable.`
