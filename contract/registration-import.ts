// A registration import's file, pure (docs/registration-import.md): an organiser's CSV of entrants read
// (RFC 4180: quoted cells, doubled quotes, CRLF or LF), bounded, and each row checked, so a preview names
// every bad row with its reason before anything is written. Hostile files are refused whole: too large,
// too many rows, a binary or broken file. A cell starting with = + - or @ (a spreadsheet formula: OWASP,
// "CSV Injection", https://owasp.org/www-community/attacks/CSV_Injection) is refused in its row, never
// stored: a name or team does not start so, and a date of birth or email cannot.
import { Type, type Static } from 'typebox'
import { Literals, Nullable } from './common.ts'
import { birthDateProblem } from './divisions.ts'
import { EQUIPMENT, type Equipment } from './equipment.ts'
import { TEAM_MAX, teamName } from './teams.ts'

/** The largest file taken (bytes of UTF-8) and the most entrants in one file. */
/** 1,000 rows of about 120 bytes; the route reads twice this as JSON (escaped quotes and line ends). */
export const IMPORT_MAX_BYTES = 128 * 1024
export const IMPORT_MAX_ROWS = 1000
/** The longest cell read (a name or an email is far shorter). */
export const IMPORT_MAX_CELL = 200

/** The columns, by header name (case and spaces ignored); name, sex and class are required, the others may be absent. */
export const IMPORT_COLUMNS = ['name', 'sex', 'birth_date', 'weight_class', 'division', 'equipment', 'team', 'email'] as const
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]
const REQUIRED: readonly ImportColumn[] = ['name', 'sex', 'weight_class']
/** Other spellings of a header (OpenLifter's registration sheet says Name, Sex, BirthDate, WeightClassKg, Division, Equipment, Team). */
const ALIASES: Record<string, ImportColumn> = {
  birthdate: 'birth_date',
  dateofbirth: 'birth_date',
  dob: 'birth_date',
  class: 'weight_class',
  weightclass: 'weight_class',
  weightclasskg: 'weight_class',
  club: 'team',
  mail: 'email',
}

/** One entrant as the file gives it, cleaned. */
export interface ImportedEntrant {
  row: number
  name: string
  sex: 'M' | 'F'
  birthDate: string | null
  weightClass: string
  division: string | null
  equipment: Equipment | null
  team: string | null
  email: string | null
}

export interface ImportRowProblem {
  /** The file's line of the row (the header is line 1). */
  row: number
  error: string
}

export type ImportReading = { ok: false; error: string } | { ok: true; entrants: ImportedEntrant[]; problems: ImportRowProblem[] }

/** RFC 4180 cells of a text; null when a quote is never closed. */
export function csvRows(text: string): string[][] | null {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"' && cell === '') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += c
  }
  if (quoted) return null
  if (cell !== '' || row.length > 0) {
    row.push(cell)
    rows.push(row)
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''))
}

const FORMULA = /^[=+\-@\t\r]/
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const SEXES: Record<string, 'M' | 'F'> = { m: 'M', male: 'M', man: 'M', f: 'F', female: 'F', woman: 'F', w: 'F' }
const headerKey = (h: string) => h.toLowerCase().replace(/[\s_-]+/g, '')

/** The file read: refused whole (a sentence), or its entrants and every bad row with its reason. `today` bounds dates of birth. */
export function readRegistrationImport(text: string, today: Date = new Date()): ImportReading {
  if (new TextEncoder().encode(text).length > IMPORT_MAX_BYTES) {
    return {
      ok: false,
      error: `The file is larger than ${IMPORT_MAX_BYTES / 1024} KB: split it, at most ${IMPORT_MAX_ROWS} entrants a file.`,
    }
  }
  // Control characters other than tab and line ends: a binary file (a spreadsheet's own format, a zip).
  if (
    [...text].some((c) => {
      const code = c.charCodeAt(0)
      return code < 32 && c !== '\t' && c !== '\n' && c !== '\r' && c !== '\f' && c !== '\v'
    })
  )
    return { ok: false, error: 'This is not a text CSV file: it holds control characters.' }
  const rows = csvRows(text.replace(/^\uFEFF/, ''))
  if (!rows) return { ok: false, error: 'The file is not valid CSV: a quoted cell is never closed.' }
  const [header, ...body] = rows
  if (!header) return { ok: false, error: 'The file is empty: its first line names the columns (name, sex, weight_class …).' }
  if (body.length > IMPORT_MAX_ROWS) return { ok: false, error: `The file has ${body.length} entrants: at most ${IMPORT_MAX_ROWS} a file.` }
  const columns = header.map((h) => {
    const key = headerKey(h)
    return (IMPORT_COLUMNS as readonly string[]).find((c) => headerKey(c) === key) ?? ALIASES[key] ?? null
  })
  const missing = REQUIRED.filter((c) => !columns.includes(c))
  if (missing.length > 0)
    return { ok: false, error: `The first line must name the columns ${missing.join(', ')} (and may name ${IMPORT_COLUMNS.join(', ')}).` }

  const entrants: ImportedEntrant[] = []
  const problems: ImportRowProblem[] = []
  const emails = new Map<string, number>()
  body.forEach((cells, i) => {
    const row = i + 2
    const get = (c: ImportColumn) => {
      const at = columns.indexOf(c)
      return at >= 0 ? (cells[at] ?? '').trim() : ''
    }
    const problem = (error: string) => problems.push({ row, error })
    const raw = IMPORT_COLUMNS.map((c) => [c, get(c)] as const)
    const long = raw.find(([, v]) => v.length > IMPORT_MAX_CELL)
    if (long) return problem(`${long[0]} is longer than ${IMPORT_MAX_CELL} characters.`)
    const formula = raw.find(([, v]) => FORMULA.test(v))
    if (formula)
      return problem(`${formula[0]} starts with ${JSON.stringify(formula[1][0])}, as a spreadsheet formula does: such cells are refused.`)
    const name = get('name').replace(/\s+/g, ' ')
    if (!name) return problem('name is empty.')
    const sex = SEXES[get('sex').toLowerCase()]
    if (!sex) return problem(`sex must be M or F, not ${JSON.stringify(get('sex'))}.`)
    const weightClass = get('weight_class')
    if (!weightClass) return problem('weight_class is empty.')
    const birth = get('birth_date')
    if (birth) {
      const why = birthDateProblem(birth, today)
      if (why) return problem(why)
    }
    const equipment = get('equipment').toLowerCase()
    const equipmentOf: Record<string, Equipment> = {
      raw: 'classic',
      classic: 'classic',
      equipped: 'equipped',
      'single-ply': 'equipped',
      'multi-ply': 'equipped',
    }
    if (equipment && !equipmentOf[equipment])
      return problem(`equipment must be ${EQUIPMENT.join(' or ')} (or Raw), not ${JSON.stringify(get('equipment'))}.`)
    const team = teamName(get('team'))
    if (team && team.length > TEAM_MAX) return problem(`team is longer than ${TEAM_MAX} characters.`)
    const email = get('email').toLowerCase() || null
    if (email && !EMAIL.test(email)) return problem(`email ${JSON.stringify(email)} is not an email address.`)
    if (email && emails.has(email)) return problem(`email ${email} is on line ${emails.get(email)} too: one entry per lifter.`)
    if (email) emails.set(email, row)
    entrants.push({
      row,
      name,
      sex,
      birthDate: birth || null,
      weightClass,
      division: get('division') || null,
      equipment: equipment ? equipmentOf[equipment]! : null,
      team,
      email,
    })
  })
  return { ok: true, entrants, problems }
}

/** POST /competitions/:id/entries/import/preview: the file's text (UTF-8). */
export const RegistrationImportBody = Type.Object(
  { csv: Type.String({ maxLength: IMPORT_MAX_BYTES, description: 'The CSV file as text (UTF-8); docs/registration-import.md.' }) },
  { additionalProperties: false },
)
export type RegistrationImportBody = Static<typeof RegistrationImportBody>

/** One entrant of the preview, and what the import would do: enter an existing account, or invite the address. */
export const PreviewEntrant = Type.Object({
  row: Type.Integer(),
  name: Type.String(),
  sex: Literals(['M', 'F']),
  birth_date: Nullable(Type.String()),
  weight_class: Type.String(),
  division: Nullable(Type.String()),
  equipment: Nullable(Literals(EQUIPMENT)),
  team: Nullable(Type.String()),
  email: Nullable(Type.String()),
  /**
   * The import enters the address's account, or invites the address when it has none. Which of the two is not said
   * here: a preview must not tell its caller which addresses have accounts (docs/registration-import.md).
   */
  action: Literals(['enter_or_invite']),
})
export const RegistrationImportPreview = Type.Object({
  entrants: Type.Array(PreviewEntrant),
  problems: Type.Array(Type.Object({ row: Type.Integer(), error: Type.String() })),
})
export type RegistrationImportPreview = Static<typeof RegistrationImportPreview>
