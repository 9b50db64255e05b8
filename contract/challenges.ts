import { Type, type Static } from 'typebox'
import { ChallengeDate, IdParam, Literals, NameText, PLAIN_LINE, PLAIN_LINES, PrizePool, PrizePoolInput, Nullable } from './common.ts'
import { ClassSet } from './class-sets.ts'
import { DivisionSchema } from './divisions.ts'
import { Equipment, EquipmentOffer } from './equipment.ts'
import { Judging } from './judging.ts'
import { BodyweightSource, WeighInWindow, WeighInWindowInput } from './weigh-in.ts'
import { AttemptStatus, CHALLENGE_LIFT_TYPES, LiftType, ProcessingState } from './lifts.ts'
import { CHALLENGE_FORMATS, DECLARATION_WINDOW_MINUTES } from './meet-rules.ts'
import { Formula, Ranking, Sport } from './scoring.ts'
import { TakeChecks } from './take-checks.ts'
import { RecordAttempt } from './record-attempts.ts'
import { TEAM_MAX } from './teams.ts'

/** `open`: any weight in any order, at most 10 attempts per lift, the best good lift counts; `meet`: three attempts per lift by the rulebook (docs/meet-rules.md). */
export const ChallengeFormatSchema = Literals(CHALLENGE_FORMATS)

export const ChallengeStatus = Literals(['upcoming', 'ongoing', 'completed'])
export type ChallengeStatus = Static<typeof ChallengeStatus>

export const Gender = Literals(['M', 'F'])

/** A weight class as clients send it ('59kg', '84kg+'); whether it is in a challenge's set is the server's to say (a sentence). */
export const WeightClassText = Type.String({ minLength: 1, maxLength: 12, pattern: PLAIN_LINE })

export const Challenge = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** As stored: display text, then ' - ' and JSON metadata (docs/product/data.md). */
  description: Type.String(),
  location: Type.String(),
  image: Nullable(Type.String()),
  start_date: Type.String(),
  end_date: Type.String(),
  lifttypes: Type.Array(Type.String()),
  weightclasses: Type.Array(Type.String()),
  gender: Gender,
  /** Number of participants. */
  participants: Type.Integer(),
  /** Computed from the dates at answer time (the client recomputes it). */
  status: ChallengeStatus,
  /** What its lifts make it (contract/scoring.ts scoringOf). */
  sport: Sport,
  /** The lifts whose bests add up to the total, in lifting order. */
  total_lifts: Type.Array(LiftType),
  /** How places are decided: 'class' (total within weight class) or a formula's points overall. */
  ranking: Ranking,
  /** The formula whose points results show: the ranking's, else the sport's best-lifter formula; null when none fits. */
  points_formula: Nullable(Formula),
  /** `open` or `meet` (docs/meet-rules.md). */
  format: ChallengeFormatSchema,
  /** A meet's declaration window: minutes after a decision before the rulebook's default next attempt is declared. */
  declaration_window_minutes: Type.Integer(),
  /** The prize pool its organiser entered; null when the challenge offers none. */
  prize_pool: Nullable(PrizePool),
  /** When joining closes: the organiser's deadline, else the end date. */
  registration_deadline: Type.String(),
  /** Its bodyweight classes: spec, ipf or iwf, each sex its own list (docs/categories.md). */
  class_set: ClassSet,
  /** A powerlifting challenge's equipment divisions: classic, equipped or both; null for other lifts. */
  equipment: Nullable(EquipmentOffer),
  /** A meet's weigh-in window: nobody lifts before the organiser records their bodyweight; null: bodyweights are self-declared. */
  weigh_in: Nullable(WeighInWindow),
  /** Only lifters whose account's email address is verified may join (docs/accounts.md). */
  require_verified_email: Type.Optional(Type.Boolean()),
  /** The creation-time check's window in hours set by the organiser (docs/video-checks.md); null: the platform's default. */
  take_check_window_hours: Type.Optional(Nullable(Type.Integer())),
})
export type Challenge = Static<typeof Challenge>

/** The organiser's window for the creation-time check (docs/video-checks.md), hours: a day to a month. */
export const TAKE_CHECK_WINDOW_HOURS = { min: 1, max: 720 } as const
/** GET /competitions. An object, as the spec's client reads `response.competitions` (room for paging fields). */
export const ChallengeListResponse = Type.Object({ competitions: Type.Array(Challenge) })
export type ChallengeListResponse = Static<typeof ChallengeListResponse>
/** GET /competitions/:id: the spec's client reads `response.competition`. */
export const ChallengeResponse = Type.Object({ competition: Challenge })
export type ChallengeResponse = Static<typeof ChallengeResponse>

/** One lift attempt as lists show it. */
export const Lift = Type.Object({
  id: Type.Integer(),
  /** The lifter's user id: a participant is a user within one challenge. */
  participant_id: Type.Integer(),
  competition_id: Type.Integer(),
  user_id: Type.Integer(),
  participant_name: Type.String(),
  /** Canonical: squat, bench, deadlift, clean_and_jerk, snatch, power_clean, push_press, overhead_press. */
  lift_type: Type.String(),
  weight: Type.Number(),
  status: AttemptStatus,
  /** 1, 2, 3 … within this lifter's lift in this challenge, in the order recorded (a meet has three). */
  attempt_number: Type.Integer({ minimum: 1 }),
  /** A meet's 4th attempt, for a record only: never a best, the total or a place (docs/meet-rules.md). Absent otherwise. */
  record_only: Type.Optional(Type.Boolean()),
  /** Plays through the /video proxy; null for attempts recorded without a video. */
  video_url: Nullable(Type.String()),
  poster_url: Nullable(Type.String()),
  processing: ProcessingState,
  /** The video's size as displayed (rotation applied), known from the upload's probe: a player sizes itself before loading. Absent when not known. */
  video_width: Type.Optional(Type.Integer({ minimum: 1 })),
  video_height: Type.Optional(Type.Integer({ minimum: 1 })),
  /** The original's MIME type with codecs (e.g. 'video/mp4; codecs="hvc1.1.6.L120.B0"'), for canPlayType while renditions are pending. Absent when not known. */
  original_type: Type.Optional(Type.String()),
  /** The verdict clip (the take with the lights, lifter, lift, weight and verdict burned in), once rendered for the current decision. */
  verdict_clip_url: Type.Optional(Type.String()),
  created_at: Type.String(),
  timestamp: Type.String(),
  /** The panel's votes (counts only until the decision), lights, appeal. */
  judging: Judging,
})
export type Lift = Static<typeof Lift>
/** GET /competitions/:id/lifts: the spec's client reads `response.lifts`. */
export const LiftListResponse = Type.Object({ lifts: Type.Array(Lift) })
export type LiftListResponse = Static<typeof LiftListResponse>

/** Where a lifter stands by their own lifts (contract/ranking.ts standingOf), computed by the server. */
export const Standing = Type.Object({
  best_squat: Type.Number(),
  best_bench: Type.Number(),
  best_deadlift: Type.Number(),
  best_snatch: Type.Number(),
  best_clean_and_jerk: Type.Number(),
  /** The challenge's total (its total lifts' bests); null until each of them has a good lift. */
  total: Nullable(Type.Number()),
  /** The spec's field: the total, 0 without one. */
  total_weight: Type.Number(),
  /** Points by the challenge's points formula, two decimals; null without a bodyweight or a total. */
  points: Nullable(Type.Number()),
})

export type Standing = Static<typeof Standing>

export const Participant = Type.Object({
  /**
   * The lifter's user id, as the spec's client compares `participant.id` with its stored userId
   * ("You've joined this challenge"). A user takes part in a challenge at most once.
   */
  id: Type.Integer(),
  user_id: Type.Integer(),
  competition_id: Type.Integer(),
  name: Type.String(),
  weight_class: Type.String(),
  gender: Type.String(),
  country: Nullable(Type.String()),
  /** In kg, as the lifter weighed in; null when not given (then no points). */
  bodyweight: Nullable(Type.Number()),
  /** Every age division the lifter ranks in at this challenge, youngest first (docs/categories.md); empty without a date of birth. */
  divisions: Type.Array(DivisionSchema),
  /** The year of birth (the date itself is private); null when not given. */
  birth_year: Nullable(Type.Integer()),
  /** A powerlifting entry's equipment division (its IPF GL coefficients); null for other lifts. */
  equipment: Nullable(Equipment),
  /** Where the bodyweight comes from: the organiser's weigh-in (official) or the lifter (self-declared); null without one. */
  bodyweight_source: Nullable(BodyweightSource),
  /** The class the lifter entered, when the weigh-in moved them to the one their official bodyweight is in; null otherwise. */
  moved_from_class: Nullable(Type.String()),
  ...Standing.properties,
  /** Place in the weight class (ranking 'class') or overall (a formula); null without a total, or points to rank by. */
  place: Nullable(Type.Integer()),
  attempts: Type.Array(Lift),
  joined_at: Type.String(),
  /** The team (club) the lifter entered for; absent without one (docs/teams.md). */
  team: Type.Optional(Type.String()),
})
export type Participant = Static<typeof Participant>
/** GET /competitions/:id/participants: the spec's client reads `response.participants`. */
export const ParticipantListResponse = Type.Object({ participants: Type.Array(Participant) })
export type ParticipantListResponse = Static<typeof ParticipantListResponse>

export const CreateChallengeBody = Type.Object(
  {
    name: NameText(120),
    location: NameText(120),
    start_date: ChallengeDate,
    end_date: ChallengeDate,
    lifttypes: Type.Optional(Type.Array(Literals(CHALLENGE_LIFT_TYPES), { maxItems: 20 })),
    /** Classes of the class set for the challenge's sex (its young's classes too); all of them when absent. */
    weightclasses: Type.Optional(Type.Array(WeightClassText, { maxItems: 20 })),
    gender: Type.Optional(Gender),
    /** Whose bodyweight classes: `spec` when absent (the spec's client), `ipf` or `iwf` (docs/categories.md). */
    class_set: Type.Optional(ClassSet),
    /** Powerlifting only: classic (default), equipped, or both as divisions. */
    equipment: Type.Optional(EquipmentOffer),
    /** A meet's weigh-in window (before lifting, closing by end_date): nobody lifts before the organiser records their bodyweight. */
    weigh_in: Type.Optional(WeighInWindowInput),
    /** How places are decided; 'class' when absent. A formula must fit the challenge's lifts (formulaFits). */
    ranking: Type.Optional(Ranking),
    description: Type.Optional(Type.String({ maxLength: 5000, pattern: PLAIN_LINES })),
    /** `open` when absent (the spec's client): any weight in any order; `meet`: three attempts per lift by the rulebook. */
    format: Type.Optional(ChallengeFormatSchema),
    /** A meet's declaration window in minutes (60 when absent): after a decision, the lifter's time to declare the next attempt. */
    declaration_window_minutes: Type.Optional(
      Type.Integer({ minimum: DECLARATION_WINDOW_MINUTES.min, maximum: DECLARATION_WINDOW_MINUTES.max }),
    ),
    /**
     * A path on this site only (`/challenges/x.jpg`): an image on another host would make every
     * viewer's browser call it. Not `//host` (protocol-relative), and no backslash, whitespace or
     * control character anywhere (browsers read `/\host` as `//host` and drop tabs and newlines).
     */
    image: Type.Optional(
      Type.String({ maxLength: 2000, pattern: String.raw`^/(?:[^/\\\s\u0000-\u001f\u007f][^\\\s\u0000-\u001f\u007f]*)?$` }),
    ),
    /** When joining closes, at most end_date; absent: at end_date. */
    registration_deadline: Type.Optional(ChallengeDate),
    /** Only lifters with a verified email address may join (false when absent). */
    require_verified_email: Type.Optional(Type.Boolean()),
    /** How many hours before the declaration (or upload) a take may have been made before it is flagged; absent or null: the platform's default. */
    take_check_window_hours: Type.Optional(
      Nullable(Type.Integer({ minimum: TAKE_CHECK_WINDOW_HOURS.min, maximum: TAKE_CHECK_WINDOW_HOURS.max })),
    ),
    /** The prize pool the organiser offers, in a currency they name; absent or null: no prize. */
    prize_pool: Type.Optional(Nullable(PrizePoolInput)),
    /** Accepted for compatibility; must name the caller when present. */
    user_id: Type.Optional(Type.Union([IdParam, Type.String({ pattern: '^[0-9]+$' })])),
  },
  { additionalProperties: false },
)
export type CreateChallengeBody = Static<typeof CreateChallengeBody>

/**
 * PATCH /competitions/:id: what the organiser may change (docs/challenge-control.md). Details and the
 * start only before the start; the end and the registration deadline until the end.
 */
export const UpdateChallengeBody = Type.Object(
  {
    name: Type.Optional(NameText(120)),
    location: Type.Optional(NameText(120)),
    description: Type.Optional(Type.String({ maxLength: 5000, pattern: PLAIN_LINES })),
    start_date: Type.Optional(ChallengeDate),
    end_date: Type.Optional(ChallengeDate),
    /** null: joining closes at the end. */
    registration_deadline: Type.Optional(Nullable(ChallengeDate)),
    require_verified_email: Type.Optional(Type.Boolean()),
    /** null: back to the platform's default. Takes already checked keep their flags. */
    take_check_window_hours: Type.Optional(
      Nullable(Type.Integer({ minimum: TAKE_CHECK_WINDOW_HOURS.min, maximum: TAKE_CHECK_WINDOW_HOURS.max })),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
)
export type UpdateChallengeBody = Static<typeof UpdateChallengeBody>

export const CreateChallengeResponse = Type.Object({
  competition_id: Type.Integer(),
  name: Type.String(),
  start_date: Type.String(),
  end_date: Type.String(),
  location: Type.String(),
  description: Type.String(),
  lifttypes: Type.Array(Type.String()),
  /** The spec's field: the pool the organiser entered, null when none (the spec's client shows its own fixed pool and reads none of it). */
  prize_pool: Nullable(PrizePool),
  class_set: ClassSet,
  equipment: Nullable(EquipmentOffer),
})
export type CreateChallengeResponse = Static<typeof CreateChallengeResponse>

export const JoinChallengeBody = Type.Object(
  {
    competition_id: Type.Union([IdParam, Type.String({ pattern: '^[0-9]+$' })]),
    /** A class of the challenge's set for the lifter's sex (a 400 names them otherwise). */
    weight_class: WeightClassText,
    gender: Type.Optional(Literals(['male', 'female', 'M', 'F'])),
    /** A powerlifting challenge's equipment division: needed when it offers both, else its own. */
    equipment: Type.Optional(Equipment),
    /** In kg, optional (without it: ranked in the class, no points); within the class's band (bodyweightProblem). */
    bodyweight: Type.Optional(Type.Number()),
    /** Accepted for compatibility; must name the caller when present. */
    user_id: Type.Optional(Type.Union([IdParam, Type.String({ pattern: '^[0-9]+$' })])),
    /** The team (club) the lifter enters for: free text written as a name, at most TEAM_MAX characters (docs/teams.md). */
    team: Type.Optional(NameText(TEAM_MAX)),
  },
  { additionalProperties: false },
)
export type JoinChallengeBody = Static<typeof JoinChallengeBody>

export const JoinChallengeResponse = Type.Object({
  message: Type.String(),
  /** The caller's user id (a participant's id, see Participant.id). */
  participant_id: Type.Integer(),
  competition_id: Type.Integer(),
  user_id: Type.Integer(),
  weight_class: Type.String(),
  gender: Type.String(),
  participants: Type.Integer(),
})
export type JoinChallengeResponse = Static<typeof JoinChallengeResponse>

/** DELETE /competitions/:id/participants/me: the signed-in lifter left (before the start, with no attempts). */
export const LeaveChallengeResponse = Type.Object({
  message: Type.String(),
  competition_id: Type.Integer(),
  user_id: Type.Integer(),
  /** How many lifters the challenge has now. */
  participants: Type.Integer(),
})
export type LeaveChallengeResponse = Static<typeof LeaveChallengeResponse>

/** PUT /competitions/:id/bodyweight: the signed-in lifter's bodyweight, until their first lift is judged. */
export const BodyweightBody = Type.Object({ bodyweight: Type.Number() }, { additionalProperties: false })
export type BodyweightBody = Static<typeof BodyweightBody>
export const ParticipantResponse = Type.Object({ participant: Participant })
export type ParticipantResponse = Static<typeof ParticipantResponse>
/** GET /competitions/:id/participants/:userId: null only when asked with ?missing=null and they have not joined. */
export const ParticipantEntryResponse = Type.Object({ participant: Nullable(Participant) })
export type ParticipantEntryResponse = Static<typeof ParticipantEntryResponse>
/**
 * `missing=null`: a user not in the challenge is answered 200 with a null participant instead of 404 (a page
 * asking for the signed-in user's own entry expects "not joined" as an answer, and a 404 shows as an error in the console).
 */
export const ParticipantEntryQuery = Type.Object({ missing: Type.Optional(Type.Literal('null')) }, { additionalProperties: false })
export type ParticipantEntryQuery = Static<typeof ParticipantEntryQuery>

export const AttemptParams = Type.Object({ id: IdParam, participantId: IdParam, videoId: IdParam })

/** The video page's attempt: a Lift plus what the player needs. */
export const AttemptDetail = Type.Object({
  ...Lift.properties,
  /** 'true' or 'false', as the spec's video page reads it. */
  success: Type.String(),
  competition_name: Type.String(),
  renditions: Type.Record(Type.String(), Type.String()),
})
export type AttemptDetail = Static<typeof AttemptDetail>

/** Lift type filters accept any spelling the clients use ('Bench', 'bench press'); see normalizeLiftType. */
export const LiftTypeQuery = Type.Object({
  lift_type: Type.Optional(Type.String({ maxLength: 40 })),
  mobile: Type.Optional(Type.String({ maxLength: 10 })),
  t: Type.Optional(Type.String({ maxLength: 40 })),
  /** /next-video: the attempt shown now; the answer is the one after it. */
  after: Type.Optional(IdParam),
})

/** POST /attempts/:id/votes, /jury, /appeal, /appeal/decision: the attempt as it stands after the call. */
export const AttemptResponse = Type.Object({ attempt: Lift })
export type AttemptResponse = Static<typeof AttemptResponse>

/** One attempt on a judge's desk: a Lift with its challenge's name. */
export const QueuedAttempt = Type.Object({
  ...Lift.properties,
  competition_name: Type.String(),
  /** What the take checks found (docs/video-checks.md); null until they ran. Judges only: never in a public answer. */
  take_checks: Type.Optional(Nullable(TakeChecks)),
  /** The attempt code the lifter was given for this attempt (meets; contract/attempt-codes.ts): it must be shown at the start of the take. */
  attempt_code: Type.Optional(Nullable(Type.String())),
  /** The entry's sex ('M'/'F'): which bar the plate check draws (the women's 15 kg bar in weightlifting; contract/plates.ts). */
  lifter_sex: Type.Optional(Nullable(Literals(['M', 'F']))),
  /** The plate check's contact sheet (the take's last seconds, tiled), once the worker made it. */
  contact_sheet_url: Type.Optional(Nullable(Type.String())),
  /** A meet attempt that would break a current record ("Record attempt"; docs/records.md); null otherwise. */
  record_attempt: Type.Optional(RecordAttempt),
})
export type QueuedAttempt = Static<typeof QueuedAttempt>
/** GET /judge/queue: the attempts awaiting my vote across my panels, oldest first. */
export const JudgeQueueResponse = Type.Object({ attempts: Type.Array(QueuedAttempt) })
export type JudgeQueueResponse = Static<typeof JudgeQueueResponse>

/** GET /judge/challenges: the challenges I judge (on their panel) or organise, newest first; empty for everyone else. */
export const JudgingChallengesResponse = Type.Object({
  challenges: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), role: Literals(['judge', 'organiser']) })),
})
export type JudgingChallengesResponse = Static<typeof JudgingChallengesResponse>

/** GET /competitions/:id/judging (the organiser): what waits, how each judge votes, appeals to decide. */
export const JudgingOverview = Type.Object({
  competition_id: Type.Integer(),
  pending: Type.Integer(),
  judges: Type.Array(
    Type.Object({
      user_id: Type.Integer(),
      username: Type.String(),
      name: Type.String(),
      seat: Type.Integer(),
      votes_cast: Type.Integer(),
      /** Share of this judge's votes on decided attempts that matched the decision; null before any. */
      agreement: Type.Union([Type.Number(), Type.Null()]),
    }),
  ),
  /** Attempts whose appeal awaits the jury, oldest first. */
  appeals: Type.Array(Lift),
})
export type JudgingOverview = Static<typeof JudgingOverview>
