// How a meet's cards and next step read (docs/meet-rules.md 'The cards'): the lifter's next step as
// one sentence, cells as screen readers and the no-colour reading say them. Pure, tested beside.
import type { LiftType, MeetCell, NextStep } from '../../../../lib/contract.ts'
import { formatKg } from '../../../../lib/format.ts'

const SHORT_ORDINALS = ['1st', '2nd', '3rd']
/** 1 → '1st'. */
export const nth = (n: number) => SHORT_ORDINALS[n - 1] ?? `${n}th`

/** The lift in a sentence ('your 2nd bench press'). */
export const LIFT_WORDS: Record<LiftType, string> = {
  squat: 'squat',
  bench: 'bench press',
  deadlift: 'deadlift',
  snatch: 'snatch',
  clean_and_jerk: 'clean & jerk',
  power_clean: 'power clean',
  push_press: 'push press',
  overhead_press: 'overhead press',
}

/** The lift on a card's row: short enough for a phone's card. */
export const LIFT_ROW_NAMES: Record<LiftType, string> = {
  squat: 'Squat',
  bench: 'Bench',
  deadlift: 'Deadlift',
  snatch: 'Snatch',
  clean_and_jerk: 'C&J',
  power_clean: 'P. clean',
  push_press: 'P. press',
  overhead_press: 'OH press',
}

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
/** '18:40' in the viewer's time; '' for an invalid time. */
export function clockTime(iso: string | null): string {
  const date = iso ? new Date(iso) : null
  return date && !Number.isNaN(date.getTime()) ? clock.format(date) : ''
}

/** 'opener' for the first attempt, else '2nd squat'. */
const attemptName = (lift: LiftType, n: number) => `${nth(n)} ${LIFT_WORDS[lift]}`

/** The lifter's one call to action, as a sentence. `firstLift`: the meet's first lift, whose opener needs no name. */
export function nextStepText(next: NextStep, firstLift?: LiftType): string {
  const { action, lift_type: lift, attempt_number: n, weight, declare_by: by } = next
  const until = by ? ` (declare by ${clockTime(by)})` : ''
  if (action === 'done' || !lift || !n) return 'Your meet is done: every attempt is taken.'
  if (action === 'judging') return `Waiting for the judges on your ${attemptName(lift, n)}`
  if (action === 'take') return `Film your ${attemptName(lift, n)} at ${formatKg(weight ?? 0)}${until}`
  if (n === 1) return `Declare your ${!firstLift || lift === firstLift ? '' : `${LIFT_WORDS[lift]} `}opener${until}`
  return `Declare your ${attemptName(lift, n)}${until}`
}

/** What a cell says without its colours ('2nd squat: 182.5 kg, good lift'). */
export function cellLabel(lift: LiftType, cell: MeetCell): string {
  const label = stateLabel(lift, cell)
  return cell.record_attempt ? `${label}, record attempt (${recordAttemptWords(cell.record_attempt)})` : label
}

/** What records an attempt would break: "squat record 200 kg (open 83kg)", several joined. */
export function recordAttemptWords(mark: NonNullable<MeetCell['record_attempt']>): string {
  return mark.records
    .map(
      (r) =>
        `${r.lift === 'total' ? 'total' : LIFT_WORDS[r.lift]} record ${formatKg(r.record)} (${r.division.replace(/_/g, ' ')} ${r.weight_class})`,
    )
    .join('; ')
}

function stateLabel(lift: LiftType, cell: MeetCell): string {
  const name = `${attemptName(lift, cell.attempt_number)}: `
  const w = cell.weight === null ? '' : formatKg(cell.weight)
  switch (cell.state) {
    case 'empty':
      return `${name}not declared yet${cell.declare_by ? `, declare by ${clockTime(cell.declare_by)}` : ''}`
    case 'declared':
      return `${name}${w} declared${cell.automatic ? ' by the rulebook' : ''}`
    case 'pending':
      return `${name}${w}, with the judges, ${cell.votes_cast} of ${cell.votes_needed} votes`
    case 'good':
      return `${name}${w}, good lift`
    case 'no_lift':
      return `${name}${w}, no lift`
    case 'not_taken':
      return `${name}not taken`
  }
}
