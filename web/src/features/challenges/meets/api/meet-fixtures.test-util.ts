// Cards answers for the meet component tests (GET /competitions/:id/cards, contract/meets.ts).
import type { LiftType, MeetCard, MeetCardsResponse, MeetCell, NextStep } from '../../../../lib/contract.ts'

export const cell = (
  attempt_number: number,
  state: MeetCell['state'],
  weight: number | null = null,
  extra: Partial<MeetCell> = {},
): MeetCell => ({
  attempt_number,
  weight,
  state,
  attempt_id: null,
  votes_cast: 0,
  votes_needed: 0,
  automatic: false,
  declare_by: null,
  ...extra,
})

export const step = (next: Partial<NextStep>): NextStep => ({
  action: 'done',
  lift_type: null,
  attempt_number: null,
  weight: null,
  minimum: null,
  declare_by: null,
  ...next,
})

export function card(user_id: number, name: string, lifts: Partial<Record<LiftType, MeetCell[]>>, extra: Partial<MeetCard> = {}): MeetCard {
  const order: LiftType[] = ['squat', 'bench', 'deadlift']
  return {
    user_id,
    name,
    country: null,
    weight_class: '93kg',
    gender: 'M',
    bodyweight: 92.1,
    lot: user_id,
    lifts: order.map((lift_type) => {
      const cells = lifts[lift_type] ?? [cell(1, 'empty'), cell(2, 'empty'), cell(3, 'empty')]
      const good = cells.filter((c) => c.state === 'good').map((c) => c.weight!)
      return { lift_type, cells, best: good.length ? Math.max(...good) : null }
    }),
    total: null,
    bombed_out: false,
    points: null,
    place: null,
    next: step({}),
    ...extra,
  }
}

export const cardsAnswer = (cards: MeetCard[], extra: Partial<MeetCardsResponse> = {}): MeetCardsResponse => ({
  competition_id: 9,
  lifts: ['squat', 'bench', 'deadlift'],
  declaration_window_minutes: 60,
  ended: false,
  cards,
  next_up: [],
  ...extra,
})
