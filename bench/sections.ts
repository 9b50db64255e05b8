// Every section of `npm run bench`, by the name its command takes, in the order a full run takes them.
// Loaded on demand: a section's imports (Chromium, the scale seed, S3) cost nothing until it runs.
import type { Section } from './lib.ts'

export const SECTIONS = {
  rest: () => import('./rest.bench.ts').then((m) => m.restBenchmark()),
  transcode: () => import('./transcode.bench.ts').then((m) => m.transcodeBenchmark()),
  'take-checks': () => import('./take-checks.bench.ts').then((m) => m.takeChecksBenchmark()),
  web: () => import('./web.bench.ts').then((m) => m.webBenchmark()),
  fanout: () => import('./fanout.bench.ts').then((m) => m.fanoutBenchmark()),
  upload: () => import('./upload.bench.ts').then((m) => m.uploadBenchmark()),
  joins: () => import('./joins.bench.ts').then((m) => m.joinsBenchmark()),
  scale: () => import('./scale.bench.ts').then((m) => m.scaleBenchmark()),
  's3-upload': () => import('./s3-upload.bench.ts').then((m) => m.s3UploadBenchmark()),
} satisfies Record<string, () => Promise<Section>>

export type SectionName = keyof typeof SECTIONS
export const isSectionName = (name: string): name is SectionName => name in SECTIONS
