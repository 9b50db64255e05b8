// A registration import's preview (docs/registration-import.md): the organiser's file read by
// contract/registration-import.ts, then each row checked against the challenge (its classes, its
// equipment, entrants already in) and told what the import would do with it. Only the organiser, only
// before the challenge starts.
import { readRegistrationImport, type RegistrationImportPreview } from '../../contract/index.ts'
import type { RegistrationImportRepository } from '../../infra/repositories/registration-import.repository.ts'
import { badRequest, conflict, forbidden, notFound } from '../errors.ts'

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
      for (const e of read.entrants) {
        if (challenge.weightClasses.length > 0 && !challenge.weightClasses.includes(e.weightClass)) {
          problems.push({ row: e.row, error: `weight_class must be one of this challenge's: ${challenge.weightClasses.join(', ')}.` })
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
