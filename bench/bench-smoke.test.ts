// The smoke run of `npm run bench`: every section at BENCH_SIZE=tiny (set by this project in
// vitest.config.ts) starts, finishes and makes a section with figures. No timing is asserted:
// the point is that a change which breaks a benchmark fails `npm test`, not that it is fast.
import { afterAll, describe, expect, it } from 'vitest'
import { stopSharedDemoServer } from './demo-server.ts'
import { renderSection, TINY } from './lib.ts'
import { SECTIONS, type SectionName } from './sections.ts'

// What a section reports instead of a figure when a part of it could not run ("fan-out failed: …", "raw SQL failed: …";
// not a count of failed attempts in the seed).
const NOT_RUN = /not available|skipped|failed:|incomplete:/i

describe('every benchmark section runs at a tiny size', () => {
  // The demo server the web and scale sections share at the tiny size (bench/demo-server.ts).
  afterAll(() => stopSharedDemoServer())

  it('runs at the tiny size', () => expect(TINY).toBe(true))

  for (const name of Object.keys(SECTIONS) as SectionName[]) {
    it(name, async () => {
      const section = await SECTIONS[name]()
      expect(section.rows.length).toBeGreaterThan(0)
      for (const row of section.rows) {
        expect(row).toHaveLength(section.header.length)
        // Every row measured something: a number beside its label.
        expect(
          row.slice(1).some((cell) => /\d/.test(String(cell))),
          `${name}: ${row.join(' | ')}`,
        ).toBe(true)
        expect(row.join(' | ')).not.toMatch(NOT_RUN)
      }
      for (const verdict of section.verdicts) expect(verdict).not.toMatch(NOT_RUN)
      expect(renderSection(section)).toContain(`## ${section.title}`)
    })
  }
})
