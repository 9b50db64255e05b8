// The printed protocol (issue 32 item 4) in real Chromium: an ended demo challenge's
// /challenges/:id/results printed to PDF on A4 (a page per class group, no navigation), and its print
// rendering captured as screenshots to look at (PROTOCOL_SHOTS, default /tmp).
import { writeFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Challenge, ResultsDocument } from '../../contract/index.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const shots = process.env.PROTOCOL_SHOTS ?? '/tmp'

let browser: TestBrowser
beforeAll(async () => {
  browser = await openBrowser(794, 1123)
})
afterAll(async () => {
  await browser?.close()
})

/** Each page's size in points, [width, height], as Chromium writes the PDF. */
const mediaBoxes = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])] as const)
/** The pages of a PDF as Chromium writes it (one page object each). */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length

describe('the results protocol prints', () => {
  it('A4, a page per group, no navigation; portrait and landscape', async () => {
    const { competitions: challenges } = (await (await fetch(`${baseUrl}/api/competitions`)).json()) as { competitions: Challenge[] }
    const ended = challenges.find((c) => c.name === 'Autumn Raw Nationals')!
    const doc = (await (await fetch(`${baseUrl}/api/competitions/${ended.id}/results.csv?format=json`)).json()) as ResultsDocument
    const groups = new Set(doc.lifters.map((l) => `${l.sex}|${l.weight_class}`)).size
    expect(groups).toBeGreaterThan(1)

    const page = browser.page
    await page.goto(`${baseUrl}/challenges/${ended.id}/results`)
    await page.getByRole('heading', { name: 'Autumn Raw Nationals', level: 1 }).waitFor()
    expect(
      await page
        .getByRole('region')
        .filter({ has: page.getByRole('table') })
        .count(),
    ).toBeGreaterThanOrEqual(groups)
    await page.screenshot({ path: `${shots}/protocol-screen.png`, fullPage: true })

    await page.emulateMedia({ media: 'print' })
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false)
    await page.screenshot({ path: `${shots}/protocol-print.png`, fullPage: true })

    const portrait = await page.pdf({ preferCSSPageSize: true, printBackground: true })
    await writeFile(`${shots}/protocol-portrait.pdf`, portrait)
    // One page per class group and one for records, teams and the panel, at least.
    expect(pdfPages(portrait)).toBeGreaterThanOrEqual(groups + 1)
    // A4 is 595.28 x 841.89 points (ISO 216: 210 x 297 mm); Chromium rounds to its own units.
    expect(mediaBoxes(portrait).every(([w, h]) => Math.abs(w - 595.28) < 1 && Math.abs(h - 841.89) < 1)).toBe(true)

    await page.emulateMedia({ media: 'screen' })
    await page.getByLabel('Landscape').check()
    await page.emulateMedia({ media: 'print' })
    const landscape = await page.pdf({ preferCSSPageSize: true, printBackground: true })
    await writeFile(`${shots}/protocol-landscape.pdf`, landscape)
    expect(pdfPages(landscape)).toBeGreaterThanOrEqual(groups + 1)
    expect(mediaBoxes(landscape).every(([w, h]) => Math.abs(w - 841.89) < 1 && Math.abs(h - 595.28) < 1)).toBe(true)
  })
})
