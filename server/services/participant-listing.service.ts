// Which lifters one page of a challenge's participant list holds (docs/categories.md): the ranked
// list as the board places it, narrowed to one group (placed among themselves) and to a name search,
// then paged. The route serves the cached answer when the whole unfiltered list fits one page.
import {
  inCategory,
  nameSearchKey,
  rankParticipants,
  type CategoryFilters,
  type Participant,
  type ScoringSettings,
} from '../../contract/index.ts'

export interface ParticipantListQuery extends CategoryFilters {
  limit: number
  offset: number
  q?: string
}

export type ParticipantListing =
  /** The unfiltered list fits this page from its start: the cached whole list answers. */
  | { whole: true }
  /** One page, and the offset of the next when there are more. */
  | { whole: false; participants: Participant[]; nextOffset?: number }

/**
 * One page of the participants. `ranked` is the board's order; `searchKeys` gives each ranked
 * lifter's nameSearchKey in that order (made once per change by the caller's cache).
 */
export function listParticipants(
  ranked: readonly Participant[],
  scoring: Pick<ScoringSettings, 'ranking' | 'total_lifts'>,
  query: ParticipantListQuery,
  searchKeys: () => readonly string[],
): ParticipantListing {
  const { limit, offset, q, sex, weight_class, division, equipment } = query
  const needle = q ? nameSearchKey(q) : ''
  const filters = { sex, weight_class, division, equipment }
  let listed: readonly Participant[]
  if (Object.values(filters).some((f) => f !== undefined)) {
    // One group (docs/categories.md): its lifters placed among themselves, then searched.
    const group = rankParticipants(
      ranked.filter((p) => inCategory(p, filters)),
      scoring,
    )
    listed = needle ? group.filter((p) => nameSearchKey(p.name).includes(needle)) : group
  } else if (!needle && offset === 0 && ranked.length <= limit) {
    return { whole: true }
  } else if (needle) {
    const keys = searchKeys()
    listed = ranked.filter((_, i) => keys[i]!.includes(needle))
  } else {
    listed = ranked
  }
  const more = offset + limit < listed.length
  return { whole: false, participants: listed.slice(offset, offset + limit), ...(more ? { nextOffset: offset + limit } : {}) }
}
