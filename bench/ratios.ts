// The closing note of BENCHMARKS.md: every ratio of this run beside the one the file held before,
// read from the sections' markdown (each table's "ratio" columns, and the "N×" and "N of baseline"
// figures of the verdicts, paired by what they are about: the text before their first colon).
const CLOSING_TITLE = 'Ratios before → after'

interface Ratios {
  columns: Map<string, string>
  verdicts: Map<string, string>
}

/** Rows and verdicts are matched across runs without their figures (a size, an id, a byte count may change). */
const matchKey = (label: string) => label.replace(/\d+(?:[.,]\d+)*/g, '#')

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(' | ')
    .map((c) => c.trim())

/** A section's ratios by row and column, and its verdicts' ratio figures by subject. */
function ratiosOf(section: string): Ratios {
  const lines = section.split('\n')
  const table = lines.filter((l) => l.startsWith('| '))
  const columns = new Map<string, string>()
  if (table.length > 2) {
    const header = cellsOf(table[0]!)
    for (const line of table.slice(2)) {
      const cells = cellsOf(line)
      // A row is named by its first cell, and the second when the first is a size (fan-out's client counts) or a data set follows it.
      const label = /^\d+$/.test(cells[0] ?? '') || header[1] === 'data' ? `${cells[0]} · ${cells[1]}` : cells[0]!
      header.forEach((name, i) => {
        if (/ratio/i.test(name) && cells[i] && cells[i] !== '—') columns.set(`${label} (${name})`, cells[i]!)
      })
    }
  }
  const verdicts = new Map<string, string>()
  for (const line of lines.filter((l) => l.startsWith('- '))) {
    // The figure, not the target beside it nor the CPU slowdown a page was loaded at.
    const figures = line
      .split(' — target')[0]!
      .replace(/\d+× CPU/g, '')
      .match(/\d+(?:\.\d+)?×|\d+(?:\.\d+)? of (?:the )?baseline/g)
    const colon = line.indexOf(': ')
    if (figures && colon > 0) verdicts.set(line.slice(2, colon), figures.join(', '))
  }
  return { columns, verdicts }
}

/** Sections of a BENCHMARKS.md by title (the text after "## "). */
export function sectionsOf(markdown: string): Map<string, string> {
  const sections = new Map<string, string>()
  for (const part of markdown.split(/^(?=## )/m).slice(1)) sections.set(part.slice(3, part.indexOf('\n')).trim(), part.trimEnd() + '\n')
  sections.delete(CLOSING_TITLE)
  return sections
}

/** The closing section: for each section run now, each ratio before → after. */
export function closingNote(before: Map<string, string>, after: Map<string, string>, ranTitles: string[]): string {
  const lines = [
    `## ${CLOSING_TITLE}`,
    '',
    'Each ratio of this run beside the one this file held before it (— where there was none). Both are against a baseline measured in their own run, so they compare across runs and machines far better than the raw figures; this machine is shared, and a ratio moving by 10–20% between runs can be noise.',
    '',
  ]
  for (const title of ranTitles) {
    const now = ratiosOf(after.get(title) ?? '')
    const then = ratiosOf(before.get(title) ?? '')
    lines.push(`**${title}**`, '')
    // The same label first (fan-out's rows differ only by their client count), else the same label but for its figures.
    const earlier = (map: Map<string, string>, key: string) =>
      map.get(key) ?? [...map].find(([k]) => matchKey(k) === matchKey(key))?.[1] ?? '—'
    for (const [key, value] of now.columns) lines.push(`- ${key}: ${earlier(then.columns, key)} → ${value}`)
    for (const [key, value] of now.verdicts) lines.push(`- ${key}: ${earlier(then.verdicts, key)} → ${value}`)
    lines.push('')
  }
  return lines.join('\n')
}
