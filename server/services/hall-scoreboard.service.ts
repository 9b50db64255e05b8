// The hybrid scoreboard (docs/hall-mode.md, "Hybrid"): one ranking of a meet's lifters whatever the source of their
// attempts. The meet's ranking (contract/ranking.ts, through the ranked participants) orders them all together; this
// service marks who lifts in the hall (in a flight) and which attempts were judged live, from the hall's rows.
import { type HybridRow, type HybridScoreboardResponse, type Participant } from '../../contract/index.ts'
import type { HallRepository, HallSnapshot } from '../../infra/repositories/hall.repository.ts'
import { notFound } from '../errors.ts'
import { assertHall } from './hall.service.ts'

export interface HallScoreboardDeps {
  hall: Pick<HallRepository, 'read'>
  /** The meet's participants ranked as its page ranks them; null when it does not exist. */
  ranked: (challengeId: number) => Promise<readonly Participant[] | null>
}

/** The ranked participants as the hybrid board shows them (pure). */
export function hybridRows(ranked: readonly Participant[], snapshot: HallSnapshot): HybridRow[] {
  const live = new Set(snapshot.lifters.flatMap((l) => l.attempts.filter((a) => a.judgingSource === 'live').map((a) => a.id)))
  const flights = new Map(snapshot.flights.map((f) => [f.id, f.name]))
  const flightOf = new Map(snapshot.lifters.map((l) => [l.userId, l.flightId === null ? null : (flights.get(l.flightId) ?? null)]))
  return ranked.map((p) => {
    const flight = flightOf.get(p.user_id) ?? null
    return {
      place: p.place,
      user_id: p.user_id,
      name: p.name,
      weight_class: p.weight_class,
      source: flight === null ? 'online' : 'in_person',
      flight,
      total: p.total,
      points: p.points,
      attempts: p.attempts.map((a) => ({
        lift_type: a.lift_type,
        attempt_number: a.attempt_number,
        weight: a.weight,
        status: a.status,
        live: live.has(a.id),
      })),
    }
  })
}

export function createHallScoreboardService(deps: HallScoreboardDeps) {
  return {
    async scoreboard(challengeId: number): Promise<HybridScoreboardResponse> {
      const [snapshot, ranked] = await Promise.all([deps.hall.read(challengeId), deps.ranked(challengeId)])
      if (!snapshot || !ranked) throw notFound(`Challenge ${challengeId} does not exist.`)
      assertHall(snapshot)
      return { competition_id: challengeId, rows: hybridRows(ranked, snapshot) }
    },
  }
}

export type HallScoreboardService = ReturnType<typeof createHallScoreboardService>
