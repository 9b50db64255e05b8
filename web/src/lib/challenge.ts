// The client's view of a challenge (SPEC §3 "Challenge (client view)") and its status rules (SPEC §4).
import { PRIZE_POOL, challengeStatus, parseDescription } from './contract.ts'
import type { ChallengeStatus, Competition } from './contract.ts'

export const DEFAULT_CHALLENGE_IMAGE = '/images/challenge-default.svg'

export interface Challenge {
  id: number
  title: string
  image: string
  date: string
  endDate: string
  registrationDeadline: string
  location: string
  description: string
  /** upcoming, ongoing, or completed; any other value is treated as finished. */
  status: ChallengeStatus
  categories: string[]
  liftTypes: string[]
  weightClasses: string[]
  gender: 'M' | 'F'
  participants: number
  prizePool: typeof PRIZE_POOL
}

export function toChallenge(competition: Competition, now = new Date()): Challenge {
  const gender = competition.gender === 'F' ? 'F' : 'M'
  // SPEC §3: the description may end with ' - ' and JSON metadata; the text before it is shown.
  const text = parseDescription(competition.description).text
  return {
    id: competition.id,
    title: competition.name,
    image: competition.image || DEFAULT_CHALLENGE_IMAGE,
    date: competition.start_date,
    endDate: competition.end_date,
    // Joining stays open while the challenge runs (SPEC §4), so registration closes at its end.
    registrationDeadline: competition.end_date,
    location: competition.location || text,
    description: text,
    status: challengeStatus(competition.start_date, competition.end_date, now),
    categories: [...competition.lifttypes, ...competition.weightclasses, gender === 'F' ? 'Women' : 'Men'],
    liftTypes: competition.lifttypes,
    weightClasses: competition.weightclasses,
    gender,
    participants: competition.participants,
    prizePool: PRIZE_POOL,
  }
}

export type JoinAvailability = { canJoin: true } | { canJoin: false; message: string }

export const CHALLENGE_ENDED = 'This challenge has ended'
export const REGISTRATION_CLOSED = 'Registration is closed'

/** SPEC §4: joining is offered for upcoming and ongoing challenges only. */
export function joinAvailability(status: string): JoinAvailability {
  if (status === 'upcoming' || status === 'ongoing') return { canJoin: true }
  if (status === 'completed') return { canJoin: false, message: CHALLENGE_ENDED }
  return { canJoin: false, message: REGISTRATION_CLOSED }
}

/** SPEC §5: the default weight class is the challenge's first, else 83kg. */
export const defaultWeightClass = (challenge: Pick<Challenge, 'weightClasses'>) => challenge.weightClasses[0] ?? '83kg'

/** SPEC §5: female when the categories include Women, else male. */
export const joinGender = (challenge: Pick<Challenge, 'categories'>): 'female' | 'male' =>
  challenge.categories.includes('Women') ? 'female' : 'male'
