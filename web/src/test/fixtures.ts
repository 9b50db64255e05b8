// Contract-typed sample answers for tests.
import type { Challenge, ChallengeSummaryResponse, Lift, Participant, UserResponse } from '../lib/contract.ts'

const DAY = 86_400_000

export function challenge(overrides: Partial<Challenge> = {}): Challenge {
  const now = Date.now()
  const end = new Date(now + 6 * DAY).toISOString()
  return {
    id: 7,
    name: 'Test Open',
    description: 'A test meet - {"lifttypes":["Squat"],"weightclasses":["74kg"],"gender":"M"}',
    location: 'Oslo',
    image: null,
    start_date: new Date(now - DAY).toISOString(),
    end_date: end,
    registration_deadline: end,
    lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
    weightclasses: ['74kg', '83kg'],
    gender: 'M',
    participants: 0,
    status: 'ongoing',
    sport: 'powerlifting',
    total_lifts: ['squat', 'bench', 'deadlift'],
    ranking: 'class',
    points_formula: 'dots',
    format: 'open',
    declaration_window_minutes: 60,
    prize_pool: null,
    class_set: 'spec',
    equipment: 'classic',
    weigh_in: null,
    ...overrides,
  }
}

export function lift(overrides: Partial<Lift> = {}): Lift {
  return {
    id: 1,
    participant_id: 1,
    competition_id: 7,
    user_id: 1,
    participant_name: 'Anna Novak',
    lift_type: 'squat',
    attempt_number: 1,
    weight: 100,
    status: 'completed',
    video_url: null,
    poster_url: null,
    processing: 'none',
    created_at: '2026-01-01T10:00:00.000Z',
    timestamp: '2026-01-01T10:00:00.000Z',
    judging: {
      votes_cast: 1,
      votes_needed: 1,
      decided_by: 'panel',
      decided_at: '2026-01-01T10:05:00.000Z',
      lights: [{ judge: 'Judge 1', good: true, card: null, reason: null, reason_label: null, at_seconds: null, note: null }],
      appeal: null,
      appeal_until: null,
      verified: false,
    },
    ...overrides,
  }
}

export function participant(overrides: Partial<Participant> = {}): Participant {
  return {
    id: 1,
    user_id: 1,
    competition_id: 7,
    name: 'Anna Novak',
    weight_class: '74kg',
    gender: 'M',
    country: 'Norway',
    bodyweight: null,
    divisions: [],
    birth_year: null,
    equipment: 'classic',
    bodyweight_source: null,
    moved_from_class: null,
    best_squat: 0,
    best_bench: 0,
    best_deadlift: 0,
    best_snatch: 0,
    best_clean_and_jerk: 0,
    total: null,
    total_weight: 0,
    points: null,
    place: null,
    attempts: [],
    joined_at: '2026-01-01T09:00:00.000Z',
    ...overrides,
  }
}

export function user(overrides: Partial<UserResponse> = {}): UserResponse {
  return {
    id: 5,
    name: 'Test Lifter',
    username: 'testlifter',
    email: 't@example.com',
    country: 'Norway',
    weight_class: '83kg',
    bio: null,
    created_at: '2026-01-01T00:00:00.000Z',
    sex: null,
    certified_judge: false,
    ...overrides,
  }
}

/** A challenge's summary: nobody joined unless told. */
export function summary(overrides: Partial<ChallengeSummaryResponse> = {}): ChallengeSummaryResponse {
  return { competition: challenge(), count: 0, class_counts: {}, top: [], recent_lifts: [], ...overrides }
}
