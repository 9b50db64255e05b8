// axe-core's accessibility scan of what a page shows now (WCAG 2.x A and AA rules), for the
// browser tests. The script is evaluated through DevTools as published on npm (a script tag
// would be refused by the app's Content-Security-Policy, as it should be).
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** One line per violation: rule, impact, and the first nodes it names (empty: none). */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  // Colours are measured as shown: let finite animations (a dialog fading in, a row's highlight) end first.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  )
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(await AXE_SOURCE)
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: Array<{
              id: string
              impact: string | null
              help: string
              nodes: Array<{ target: unknown[]; failureSummary?: string }>
            }>
          }>
        }
      }
    ).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${JSON.stringify(n.target)} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }))
  }, TAGS)
  return violations.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.join(' | ')}`)
}
