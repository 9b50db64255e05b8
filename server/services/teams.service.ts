// Team standings of a challenge (docs/teams.md): the ranked lifters with the teams they entered for,
// scored by contract/teams.ts.
import { teamStandings, type Participant, type TeamStanding } from '../../contract/index.ts'
import { notFound } from '../errors.ts'

export function createTeamsService(deps: { ranked: (id: number) => Promise<readonly Participant[] | null> }) {
  return {
    /** The challenge's teams, placed; empty when nobody entered for a team. */
    async standings(challengeId: number): Promise<TeamStanding[]> {
      const lifters = await deps.ranked(challengeId)
      if (!lifters) throw notFound(`Challenge ${challengeId} does not exist.`)
      return teamStandings(
        lifters.map((p) => ({
          userId: p.user_id,
          name: p.name,
          team: p.team ?? null,
          gender: p.gender,
          weightClass: p.weight_class,
          bodyweight: p.bodyweight,
          total: p.total,
        })),
      )
    },
  }
}

export type TeamsService = ReturnType<typeof createTeamsService>
