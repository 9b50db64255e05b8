import { describe, expect, it } from 'vitest'
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, csvRows, readRegistrationImport } from './registration-import.ts'

const today = new Date('2026-11-28T12:00:00Z')
const read = (text: string) => readRegistrationImport(text, today)

describe('readRegistrationImport', () => {
  it('reads the columns by name (OpenLifter’s spellings too), RFC 4180 quoting, CRLF', () => {
    const file =
      'Name,Sex,BirthDate,WeightClassKg,Division,Equipment,Team,Email\r\n' +
      '"Doe, Jay",M,2000-05-01,83kg,Open,Raw,"Iron  Club",Jay@Example.org\r\n' +
      'Ann Lee,female,,63kg,,equipped,,\r\n'
    const r = read(file)
    expect(r).toEqual({
      ok: true,
      problems: [],
      entrants: [
        {
          row: 2,
          name: 'Doe, Jay',
          sex: 'M',
          birthDate: '2000-05-01',
          weightClass: '83kg',
          division: 'Open',
          equipment: 'classic',
          team: 'Iron Club',
          email: 'jay@example.org',
        },
        {
          row: 3,
          name: 'Ann Lee',
          sex: 'F',
          birthDate: null,
          weightClass: '63kg',
          division: null,
          equipment: 'equipped',
          team: null,
          email: null,
        },
      ],
    })
    expect(csvRows('a,"b ""c"""\nd,e')).toEqual([
      ['a', 'b "c"'],
      ['d', 'e'],
    ])
  })

  it('names each bad row with its reason, and keeps the good ones', () => {
    const file = [
      'name,sex,weight_class,birth_date,email,team',
      '=HYPERLINK("http://evil"),M,83kg,,,',
      'Bo,X,83kg,,,',
      'Cy,M,,,,',
      'Di,F,63kg,2020-01-01,,',
      'Ed,M,93kg,1990-13-01,,',
      'Flo,F,63kg,,not-an-email,',
      'Gus,M,93kg,,gus@example.org,@team',
      'Hal,M,93kg,,hal@example.org,',
      'Ian,M,93kg,,HAL@example.org,',
    ].join('\n')
    const r = read(file)
    if (!r.ok) throw new Error(r.error)
    expect(r.entrants.map((e) => e.name)).toEqual(['Hal'])
    expect(r.problems).toEqual([
      { row: 2, error: 'name starts with "=", as a spreadsheet formula does: such cells are refused.' },
      { row: 3, error: 'sex must be M or F, not "X".' },
      { row: 4, error: 'weight_class is empty.' },
      {
        row: 5,
        error:
          'Lifters must be at least 14 years old (the youngest age the IPF and IWF let compete): a lifter born on 2020-01-01 is not 14 yet.',
      },
      { row: 6, error: expect.stringContaining('1990-13-01') },
      { row: 7, error: 'email "not-an-email" is not an email address.' },
      { row: 8, error: 'team starts with "@", as a spreadsheet formula does: such cells are refused.' },
      { row: 10, error: 'email hal@example.org is on line 9 too: one entry per lifter.' },
    ])
  })

  it('refuses a hostile or broken file whole, with a sentence', () => {
    expect(read('x'.repeat(IMPORT_MAX_BYTES + 1))).toEqual({
      ok: false,
      error: 'The file is larger than 128 KB: split it, at most 1000 entrants a file.',
    })
    const many = ['name,sex,weight_class', ...Array.from({ length: IMPORT_MAX_ROWS + 1 }, (_, i) => `L${i},M,83kg`)].join('\n')
    expect(read(many)).toEqual({ ok: false, error: 'The file has 1001 entrants: at most 1000 a file.' })
    expect(read('name,sex,weight_class\n"open,M,83kg')).toEqual({
      ok: false,
      error: 'The file is not valid CSV: a quoted cell is never closed.',
    })
    expect(read('PK\u0003\u0004zip')).toEqual({ ok: false, error: 'This is not a text CSV file: it holds control characters.' })
    expect(read('name,email\nAl,a@b.co')).toEqual({
      ok: false,
      error:
        'The first line must name the columns sex, weight_class (and may name name, sex, birth_date, weight_class, division, equipment, team, email).',
    })
    expect(read('')).toEqual({ ok: false, error: 'The file is empty: its first line names the columns (name, sex, weight_class …).' })
  })
})
