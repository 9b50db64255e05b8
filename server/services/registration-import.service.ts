// A registration import's preview (docs/registration-import.md): the organiser's file read by
// contract/registration-import.ts, then each row checked against the challenge (its classes, its
// equipment, entrants already in) and told what the import would do with it. Only the organiser, only
// before the challenge starts.
import { entryClassProblem, lifterDivisions, readRegistrationImport, type RegistrationImportPreview } from '../../contract/index.ts'
import { scoringSettings } from '../../infra/scoring-view.ts'
import type { RegistrationImportRepository } from '../../infra/repositories/registration-import.repository.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'
import { classSetOf } from './mappers.ts'

export const IMPORT_ORGANISER_ONLY = "Only this challenge's organiser may import its entries."
export const IMPORT_BEFORE_START = 'Entries are imported before the challenge starts: this one has started.'

export function createRegistrationImportService(deps: { imports: Pick<RegistrationImportRepository, 'challenge' | 'accounts'> }) {
  return {
    async preview(challengeId: number, viewer: number, csv: string, now = new Date()): Promise<RegistrationImportPreview> {
      const challenge = await deps.imports.challenge(challengeId)
      if (!challenge) throw notFound(`Challenge ${challengeId} does not exist.`)
      if (challenge.createdById !== viewer) throw forbidden(IMPORT_ORGANISER_ONLY)
      if (now >= challenge.startDate) throw conflict(IMPORT_BEFORE_START)
      const read = readRegistrationImport(csv, now)
      if (!read.ok) throw badRequest(read.error)
      const problems = [...read.problems]
      const accounts = await deps.imports.accounts(
        challengeId,
        read.entrants.flatMap((e) => (e.email ? [e.email] : [])),
      )
      const entrants: RegistrationImportPreview['entrants'] = []
      const classSet = classSetOf(challenge.classSet ?? 'spec')
      const totalLifts = scoringSettings(challenge).total_lifts
      for (const e of read.entrants) {
        if (challenge.weightClasses.length > 0 && !challenge.weightClasses.includes(e.weightClass)) {
          problems.push({ row: e.row, error: `weight_class must be one of this challenge's: ${challenge.weightClasses.join(', ')}.` })
          continue
        }
        // The join's own rule (contract/categories.ts): the class in the set for the row's sex and its divisions at the start.
        const divisions = lifterDivisions(totalLifts, e.birthDate, challenge.startDate)
        const classProblem = entryClassProblem(classSet, e.sex, e.weightClass, divisions)
        if (classProblem) {
          problems.push({ row: e.row, error: classProblem })
          continue
        }
        if (e.division && !(divisions as readonly string[]).includes(e.division)) {
          problems.push({
            row: e.row,
            error: e.birthDate
              ? `division ${e.division} is not one this lifter is in at the challenge's start: ${divisions.join(', ')}.`
              : `division ${e.division} needs the lifter's birth_date: divisions follow the year of birth.`,
          })
          continue
        }
        if (e.equipment && challenge.equipment !== 'both' && e.equipment !== challenge.equipment) {
          problems.push({ row: e.row, error: `equipment must be ${challenge.equipment}: this challenge has no ${e.equipment} division.` })
          continue
        }
        const account = e.email ? accounts.get(e.email) : undefined
        if (account?.entered) {
          problems.push({ row: e.row, error: `${e.email} has entered this challenge already.` })
          continue
        }
        if (!e.email) {
          problems.push({ row: e.row, error: 'email is empty: an entry is an account, found or invited by its address.' })
          continue
        }
        entrants.push({
          row: e.row,
          name: e.name,
          sex: e.sex,
          birth_date: e.birthDate,
          weight_class: e.weightClass,
          division: e.division,
          equipment: e.equipment,
          team: e.team,
          email: e.email,
          action: 'enter_or_invite',
        })
      }
      problems.sort((a, b) => a.row - b.row)
      return { entrants, problems }
    },
  }
}

export type RegistrationImportService = ReturnType<typeof createRegistrationImportService>
