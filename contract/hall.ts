// Hall mode's REST and live shapes, as TypeBox schemas (docs/hall-mode.md): a meet's venue and flights, each
// platform's live state (the called lifter, on deck, in the hole, the clock, the lights once all three referees
// pressed), the timekeeper's and referees' requests. The rules are contract/lifting-order.ts's and hall-rules.ts's.
import { Type, type Static } from 'typebox'
import { IdParam, Literals, Nullable } from './common.ts'
import { LiftType } from './lifts.ts'

export const VENUES = ['online', 'in_person', 'hybrid'] as const
export const Venue = Literals(VENUES)
export type Venue = (typeof VENUES)[number]

/** A flight has 8 to 15 lifters (docs/hall-mode.md). */
export const FLIGHT_LIFTERS = { min: 8, max: 15 } as const
export const MAX_PLATFORMS = 4
export const REFEREE_SEATS = [1, 2, 3] as const

export const FlightInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 20 }),
    session: Type.Integer({ minimum: 1, maximum: 50 }),
    platform: Type.Integer({ minimum: 1, maximum: MAX_PLATFORMS }),
    /** The lifters' user ids. */
    lifters: Type.Array(IdParam, { maxItems: 40 }),
  },
  { additionalProperties: false },
)
export type FlightInput = Static<typeof FlightInput>

/** PUT /competitions/:id/hall: the organiser runs the meet in a hall (or hybrid) and splits its lifters into flights. */
export const HallSetupBody = Type.Object(
  {
    venue: Literals(['in_person', 'hybrid'] as const),
    flights: Type.Array(FlightInput, { minItems: 1, maxItems: 40 }),
  },
  { additionalProperties: false },
)
export type HallSetupBody = Static<typeof HallSetupBody>

export const HallFlight = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  session: Type.Integer(),
  platform: Type.Integer(),
  lifters: Type.Array(Type.Integer()),
})
export type HallFlight = Static<typeof HallFlight>

/** A lifter in the order: who, which attempt, at what weight (`automatic`: not declared, the default stands). */
export const HallUp = Type.Object({
  user_id: Type.Integer(),
  name: Type.String(),
  attempt_number: Type.Integer(),
  weight: Type.Number(),
  automatic: Type.Boolean(),
})
export type HallUp = Static<typeof HallUp>

/** The platform's clock: what was left when it last stopped and since when (server epoch ms) it runs. */
export const HallClockView = Type.Object({
  allowance_ms: Type.Integer(),
  remaining_ms: Type.Integer(),
  running_since: Nullable(Type.Number()),
})
export type HallClockView = Static<typeof HallClockView>

export const HallLight = Type.Object({ seat: Type.Integer(), good: Type.Boolean(), reason: Nullable(Type.String()) })
export type HallLight = Static<typeof HallLight>

/** One platform, as every board shows it. */
export const HallPlatformView = Type.Object({
  competition_id: Type.Integer(),
  platform: Type.Integer(),
  flight_id: Nullable(Type.Integer()),
  lift_type: Nullable(LiftType),
  /** The called lifter and their attempt (its row, judged live); null before the first call. */
  current: Nullable(
    Type.Object({
      ...HallUp.properties,
      attempt_id: Type.Integer(),
      lot: Nullable(Type.Integer()),
      bodyweight: Nullable(Type.Number()),
      /** The bar they lift on (kg): 15 for a woman's snatch and clean & jerk, else 20 (barWeight, contract/meet-rules.ts). */
      bar: Type.Number(),
    }),
  ),
  on_deck: Nullable(HallUp),
  in_the_hole: Nullable(HallUp),
  /** The rest of the flight's order after those (the warm-up board's). */
  order: Type.Array(HallUp),
  clock: HallClockView,
  /** Presses in on the current attempt (blind: no decision until all three). */
  presses: Type.Integer(),
  /** The three referees' lights, once all three pressed; null until then. */
  lights: Nullable(Type.Array(HallLight)),
  /** The attempt's decision once recorded. */
  decision: Nullable(Literals(['good', 'no_lift'] as const)),
})
export type HallPlatformView = Static<typeof HallPlatformView>

/** The platform officials the organiser appoints (docs/hall-mode.md, "The desk"): the clock is the timekeeper's, the calls and declarations the announcer/marshal's. */
export const HALL_ROLES = ['timekeeper', 'announcer'] as const
export type HallRole = (typeof HALL_ROLES)[number]
export const HallOfficialView = Type.Object({
  platform: Type.Integer(),
  role: Literals(HALL_ROLES),
  user_id: Type.Integer(),
  name: Type.String(),
})
export type HallOfficialView = Static<typeof HallOfficialView>

export const HallResponse = Type.Object({
  competition_id: Type.Integer(),
  venue: Venue,
  flights: Type.Array(HallFlight),
  platforms: Type.Array(HallPlatformView),
  officials: Type.Array(HallOfficialView),
  /** The server's clock when the answer was made (epoch ms): screens estimate their offset from it. */
  server_time: Type.Number(),
})
export type HallResponse = Static<typeof HallResponse>

/** A platform is named by its number (1 to MAX_PLATFORMS in a flight; another number is a platform the meet does not have: 404). */
export const PlatformParams = Type.Object({ id: IdParam, platform: IdParam })
export type PlatformParams = Static<typeof PlatformParams>

/** POST …/call: the announcer calls the next lifter of a flight's lift (the order's first). */
export const CallBody = Type.Object(
  { flight_id: IdParam, lift_type: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
)
export type CallBody = Static<typeof CallBody>

/** POST …/clock: the timekeeper's buttons. */
export const ClockBody = Type.Object({ action: Literals(['start', 'pause', 'reset'] as const) }, { additionalProperties: false })
export type ClockBody = Static<typeof ClockBody>

/** POST …/presses: a referee's press on the current attempt. */
export const PressBody = Type.Object(
  {
    seat: Type.Integer({ minimum: 1, maximum: 3 }),
    decision: Literals(['white', 'red'] as const),
    /** After red: the reason's code from the lift's catalogue (contract/judging.ts NO_LIFT_REASONS). */
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    /** The attempt the referee saw on their phone: a press for an attempt no longer current is refused. */
    attempt_id: IdParam,
  },
  { additionalProperties: false },
)
export type PressBody = Static<typeof PressBody>

export const PressResponse = Type.Object({
  attempt_id: Type.Integer(),
  seat: Type.Integer(),
  decision: Literals(['white', 'red'] as const),
  reason: Nullable(Type.String()),
  /** Presses in on the attempt, this one included. */
  presses: Type.Integer(),
})
export type PressResponse = Static<typeof PressResponse>

export const PlatformResponse = Type.Object({ platform: HallPlatformView, server_time: Type.Number() })
export type PlatformResponse = Static<typeof PlatformResponse>

export const ServerTimeResponse = Type.Object({ server_time: Type.Number() })
export type ServerTimeResponse = Static<typeof ServerTimeResponse>
