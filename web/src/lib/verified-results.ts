// Verified results (docs/verified-results.md on the server side): the global boards count a decision
// only when a panel of VERIFIED_PANEL.judges judges, VERIFIED_PANEL.certified of them certified by a
// site administrator and none the organiser or the lifter, took it (or a certified jury on appeal).
// The words every page uses for it, and where the About page explains it.
import { VERIFIED_PANEL } from './contract.ts'

/** The About page's section on verified results. */
export const VERIFIED_RESULTS_HELP = '/about#verified-results'

/** The leaderboard's one-line rule. */
export const ONLY_VERIFIED_COUNT = 'Only results decided by a certified judging panel count here.'

/** What an "Unverified" mark means, for its title and for screen readers. */
export const UNVERIFIED_MEANING = 'Not decided by a certified judging panel, so it does not count on the global boards.'

/** The rule in one sentence, for the About page and tooltips. */
export const VERIFIED_RULE =
  `A decision is verified when a panel of at least ${VERIFIED_PANEL.judges} judges took it, with at least ${VERIFIED_PANEL.certified} ` +
  'of the judges who voted certified by a site administrator and none of them the organiser or the lifter, or when a certified jury reversed it on appeal.'
