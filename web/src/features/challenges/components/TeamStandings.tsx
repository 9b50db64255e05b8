// The challenge's team standings (docs/teams.md): IPF points per class place, a team's best five men
// and five women counting. Shown once a lifter entered for a team; `print` for the protocol page.
import type { TeamStanding } from '../../../lib/contract.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { challengeTeamsQuery } from '../api/challenge-teams.ts'

export function TeamStandingsTable({ teams, caption = 'Teams' }: { teams: readonly TeamStanding[]; caption?: string }) {
  if (teams.length === 0) return null
  return (
    <div className="table-wrap">
      <table className="team-standings">
        <caption>{caption} — IPF points 12, 9, 8 … 1 per class place; best five men and five women count</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              Place
            </th>
            <th scope="col">Team</th>
            <th scope="col" className="num">
              Points
            </th>
            <th scope="col">Counted lifters</th>
          </tr>
        </thead>
        <tbody>
          {teams.map((t) => (
            <tr key={t.team}>
              <td className="num">{t.place}</td>
              <td>{t.team}</td>
              <td className="num">
                <strong>{t.points}</strong>
              </td>
              <td>
                {t.members
                  .filter((m) => m.counted)
                  .map((m) => `${m.name} (${m.weight_class}, ${m.class_place}. ${m.points})`)
                  .join(', ') || '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The challenge page's team standings, once any lifter entered for a team. */
export function ChallengeTeams({ challengeId, ended }: { challengeId: number; ended: boolean }) {
  // Results: asked for once the challenge has ended (a running challenge's page asks for its summary only).
  const { data } = useServerQuery({ ...challengeTeamsQuery(challengeId), enabled: ended })
  if (!data || data.length === 0) return null
  return (
    <div className="panel challenge-records">
      <TeamStandingsTable teams={data} />
    </div>
  )
}
