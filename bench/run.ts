// `npm run bench [section…]` runs the benchmarks and rewrites their sections of
// BENCHMARKS.md; sections not run this time are kept as they were.
// Every figure stands beside a baseline measured in the same run, because these
// machines are shared and noisy. Benchmarks are not tests: nothing here fails on a timing.
// `BENCH_SIZE=tiny npm run bench` runs every section at a tiny size and writes nothing (the smoke run).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { machine, renderSection, TINY, type Section } from './lib.ts'
import { stopSharedDemoServer } from './demo-server.ts'
import { closingNote, sectionsOf } from './ratios.ts'
import { isSectionName, SECTIONS, type SectionName } from './sections.ts'

const wanted = process.argv.slice(2).filter(isSectionName)
const chosen: SectionName[] = wanted.length > 0 ? wanted : (Object.keys(SECTIONS) as SectionName[])
const started = Date.now()
const done: Section[] = []
for (const name of chosen) {
  console.log(`bench: ${name}…`)
  const section = await SECTIONS[name]()
  console.log(renderSection(section))
  done.push(section)
}
if (TINY) {
  await stopSharedDemoServer() // the web and scale sections' demo server (bench/demo-server.ts)
  // A smoke run's figures mean nothing: BENCHMARKS.md keeps the last real run.
  console.log(`BENCH_SIZE=tiny: ${done.length} sections ran; BENCHMARKS.md left as it was.`)
  process.exit(0)
}
const m = machine()
// The file's sections by title: this run's replace theirs, the others stay in their place.
const before = existsSync('BENCHMARKS.md') ? sectionsOf(readFileSync('BENCHMARKS.md', 'utf8')) : new Map<string, string>()
const kept = new Map(before)
for (const section of done) kept.set(section.title, renderSection(section))
writeFileSync(
  'BENCHMARKS.md',
  [
    '# Benchmarks',
    '',
    `Last run: \`npm run bench -- ${chosen.join(' ')}\` on ${new Date().toISOString().slice(0, 10)} in ${Math.round((Date.now() - started) / 1000)} s. Machine: ${m.cores} cores, ${m.model}, Node ${m.node}. Each section says when and how it was measured.`,
    'Each figure is set beside a baseline measured in the same run; ratios are what to compare across machines.',
    '',
    ...kept.values(),
    closingNote(
      before,
      kept,
      done.map((s) => s.title),
    ),
  ].join('\n'),
)
console.log(`BENCHMARKS.md written (${done.length} sections).`)
process.exit(0)
