// What each part of the Create Challenge dialog gets: the form and a setter for one of its fields.
import type { ChallengeForm } from '../../api/create-challenge.ts'

export interface FormPartProps {
  form: ChallengeForm
  set: <K extends keyof ChallengeForm>(key: K, value: ChallengeForm[K]) => void
}

/** The list with `value` removed when it holds it, added when it does not (a checkbox group). */
export const toggled = <T>(list: readonly T[], value: T): T[] => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value])
