// The client's view of a challenge (docs/product/data.md "Challenge (client view)") and its status rules (docs/product/states.md).
import { CLASS_SET_NAMES, challengeStatus, classOrder, parseDescription } from './contract.ts'
import type { ChallengeStatus, ClassSet, Challenge as ChallengeData, EquipmentOffer, LiftType, PrizePool } from './contract.ts'

/** How a challenge's equipment offer is shown among its categories. */
export const EQUIPMENT_OFFER_NAMES: Record<EquipmentOffer, string> = {
  classic: 'Classic',
  equipped: 'Equipped',
  both: 'Classic & Equipped',
}

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
  /** What the organiser offers, in their currency; null when the challenge offers no prize (nothing is shown). */
  prizePool: PrizePool | null
  /** Whose bodyweight classes (docs/categories.md): spec, ipf or iwf; spec for an older answer. */
  classSet: ClassSet
  /** A powerlifting challenge's equipment divisions (classic, equipped or both); null for other lifts. */
  equipment: EquipmentOffer | null
  /** The lifts of its total (which age rules apply: divisionSportOf); empty for an older answer. */
  totalLifts: LiftType[]
}

export function toChallenge(challenge: ChallengeData, now = new Date()): Challenge {
  const gender = challenge.gender === 'F' ? 'F' : 'M'
  // docs/product/data.md: the description may end with ' - ' and JSON metadata; the text before it is shown.
  const text = parseDescription(challenge.description).text
  // In weight order, whatever order the organiser ticked them in.
  const weightClasses = [...challenge.weightclasses].sort(classOrder)
  return {
    id: challenge.id,
    title: challenge.name,
    image: challenge.image || DEFAULT_CHALLENGE_IMAGE,
    date: challenge.start_date,
    endDate: challenge.end_date,
    // The organiser's deadline, else the end (an older answer carries none).
    registrationDeadline: challenge.registration_deadline ?? challenge.end_date,
    location: challenge.location || text,
    description: text,
    status: challengeStatus(challenge.start_date, challenge.end_date, now),
    categories: [
      ...challenge.lifttypes,
      ...weightClasses,
      gender === 'F' ? 'Women' : 'Men',
      ...(challenge.class_set && challenge.class_set !== 'spec' ? [CLASS_SET_NAMES[challenge.class_set]] : []),
      // Classic is the default (the spec's challenges): named only when equipped lifters take part.
      ...(challenge.equipment && challenge.equipment !== 'classic' ? [EQUIPMENT_OFFER_NAMES[challenge.equipment]] : []),
    ],
    liftTypes: challenge.lifttypes,
    weightClasses,
    gender,
    participants: challenge.participants,
    // Older answers (a cached list from before prizes were entered) carry none.
    prizePool: challenge.prize_pool ?? null,
    classSet: challenge.class_set ?? 'spec',
    equipment: challenge.equipment ?? null,
    totalLifts: challenge.total_lifts ?? [],
  }
}

type JoinAvailability = { canJoin: true } | { canJoin: false; message: string }

const CHALLENGE_ENDED = 'This challenge has ended'
const REGISTRATION_CLOSED = 'Registration is closed'

/** docs/product/states.md: joining is offered for upcoming and ongoing challenges only, until the registration deadline. */
export function joinAvailability(status: string, registrationDeadline?: string, now = new Date()): JoinAvailability {
  if ((status === 'upcoming' || status === 'ongoing') && registrationDeadline && now > new Date(registrationDeadline)) {
    return { canJoin: false, message: REGISTRATION_CLOSED }
  }
  if (status === 'upcoming' || status === 'ongoing') return { canJoin: true }
  if (status === 'completed') return { canJoin: false, message: CHALLENGE_ENDED }
  return { canJoin: false, message: REGISTRATION_CLOSED }
}

/** docs/product/validation.md: the default weight class is the challenge's first, else 83kg. */
export const defaultWeightClass = (challenge: Pick<Challenge, 'weightClasses'>) => challenge.weightClasses[0] ?? '83kg'

/** docs/product/validation.md: female when the categories include Women, else male. */
export const joinGender = (challenge: Pick<Challenge, 'categories'>): 'female' | 'male' =>
  challenge.categories.includes('Women') ? 'female' : 'male'
