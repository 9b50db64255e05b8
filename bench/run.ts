// `npm run bench [section…]` runs the benchmarks and rewrites their sections of
// BENCHMARKS.md; sections not run this time are kept as they were.
// Every figure stands beside a baseline measured in the same run, because these
// machines are shared and noisy. Benchmarks are not tests: nothing here fails on a timing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { machine, renderSection, type Section } from './lib.ts'
import { restBenchmark } from './rest.bench.ts'

const sections: Record<string, () => Promise<Section>> = {
  rest: restBenchmark,
  transcode: () => import('./transcode.bench.ts').then((m) => m.transcodeBenchmark()),
  web: () => import('./web.bench.ts').then((m) => m.webBenchmark()),
  fanout: () => import('./fanout.bench.ts').then((m) => m.fanoutBenchmark()),
  upload: () => import('./upload.bench.ts').then((m) => m.uploadBenchmark()),
  joins: () => import('./joins.bench.ts').then((m) => m.joinsBenchmark()),
  scale: () => import('./scale.bench.ts').then((m) => m.scaleBenchmark()),
  's3-upload': () => import('./s3-upload.bench.ts').then((m) => m.s3UploadBenchmark()),
}

const wanted = process.argv.slice(2).filter((a) => a in sections)
const chosen = wanted.length > 0 ? wanted : Object.keys(sections)
const started = Date.now()
const done: Section[] = []
for (const name of chosen) {
  console.log(`bench: ${name}…`)
  const section = await sections[name]!()
  console.log(renderSection(section))
  done.push(section)
}
const m = machine()
// The file's sections by title: this run's replace theirs, the others stay in their place.
const kept = new Map<string, string>()
if (existsSync('BENCHMARKS.md')) {
  for (const part of readFileSync('BENCHMARKS.md', 'utf8').split(/^(?=## )/m).slice(1)) kept.set(part.slice(3, part.indexOf('\n')).trim(), part.trimEnd() + '\n')
}
for (const section of done) kept.set(section.title, renderSection(section))
writeFileSync('BENCHMARKS.md', [
  '# Benchmarks', '',
  `Last run: \`npm run bench -- ${chosen.join(' ')}\` on ${new Date().toISOString().slice(0, 10)} in ${Math.round((Date.now() - started) / 1000)} s. Machine: ${m.cores} cores, ${m.model}, Node ${m.node}. Each section says when and how it was measured.`,
  'Each figure is set beside a baseline measured in the same run; ratios are what to compare across machines.', '',
  ...kept.values(),
].join('\n'))
console.log(`BENCHMARKS.md written (${done.length} sections).`)
process.exit(0)
