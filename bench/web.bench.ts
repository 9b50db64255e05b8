// Web: what a first visit costs. The initial JS and CSS of the built app (gzip), and the
// largest contentful paint of `/` and of a challenge page in headless Chromium with the CPU
// slowed 4×, next to a static HTML page holding the same text under the same throttling —
// the floor any page on this machine and browser pays.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { openBrowser } from '../web/e2e/browser.ts'
import { INITIAL_JS_LIMIT_BYTES, initialBundle } from '../web/e2e/bundle.ts'
import { buildWebApp, startAppServer } from '../web/e2e/global-setup.ts'
import { median, round, sized, TINY, type Section } from './lib.ts'
import { webBuildStaleReason } from '../scripts/ensure-web-build.ts'
import { sharedDemoServer } from './demo-server.ts'

/** Throttled loads per page after the warm-up; the smoke run takes one unthrottled load of each page as its only one. */
const LOADS = sized(5, 0)
export const CPU_SLOWDOWN = 4
/** After the network goes quiet, so a late paint still counts. */
export const SETTLE_MS = 500
/**
 * How long a load waits for the network to go quiet after the page shows its content (socket.io may keep polling).
 * The smoke run does not wait: its figures mean nothing, and the page has shown its content and LCP is still read.
 */
export const NETWORK_IDLE_CAP_MS = sized(3_000, 0)
export const VIEWPORT = { width: 1440, height: 900 }

interface Load {
  lcpMs: number
  /** DOMContentLoaded ends after the module scripts have run: most of a SPA's first paint cost is before it. */
  dclMs: number
  fcpMs: number
  /** The element LCP picked, as `tag.firstClass "its text…"`. */
  element: string
  text: string
}

/**
 * The page's last 'largest-contentful-paint' entry (buffered PerformanceObserver), with the element it picked
 * as `tag.firstClass "its text…"`; null when Chromium reported none within 2 s. Also used by bench/scale.bench.ts.
 */
export async function readLcp(page: Page): Promise<{ ms: number; element: string } | null> {
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  return page.evaluate(
    () =>
      new Promise<{ ms: number; element: string } | null>((resolve) => {
        new PerformanceObserver((list) => {
          const last = list.getEntries().at(-1) as LargestContentfulPaint | undefined
          const el = last?.element
          resolve(
            last
              ? {
                  ms: last.startTime,
                  element: el
                    ? `${[el.tagName.toLowerCase(), ...[...el.classList].slice(0, 1)].join('.')} "${(el.textContent ?? '').trim().slice(0, 24)}…"`
                    : last.url || 'unknown',
                }
              : null,
          )
        }).observe({ type: 'largest-contentful-paint', buffered: true })
        setTimeout(() => resolve(null), 2_000)
      }),
  )
}

/** One load in a fresh browser profile (cold cache), LCP read from a buffered PerformanceObserver. */
async function load(url: string, expectText: string, slowdown: number): Promise<Load> {
  const browser = await openBrowser(VIEWPORT.width, VIEWPORT.height)
  try {
    const { context, page } = browser
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown })
    await page.goto(url, { waitUntil: 'load' })
    // The app paints its data once its API calls answer. An error page paints fast too, so wait for the
    // real content (textContent: no layout forced on the throttled page), then for the rest of the network
    // (socket.io may keep polling, hence the cap).
    await page.waitForFunction((text) => document.body.textContent?.includes(text), expectText, { polling: 100, timeout: 60_000 })
    if (NETWORK_IDLE_CAP_MS > 0) await page.waitForLoadState('networkidle', { timeout: NETWORK_IDLE_CAP_MS }).catch(() => {})
    await page.waitForTimeout(SETTLE_MS)
    const lcp = await readLcp(page)
    if (!lcp) throw new Error(`${url}: Chromium reported no largest contentful paint`)
    const timings = await page.evaluate(() => ({
      dclMs: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventEnd,
      fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      text: document.body.innerText,
    }))
    return { lcpMs: lcp.ms, element: lcp.element, ...timings }
  } finally {
    await browser.close()
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** A tiny node:http server answering one static HTML page with `text` as paragraphs: no JS, no CSS, no API. */
export async function serveStaticPage(text: string): Promise<{ url: string; bytes: number; server: Server }> {
  const paragraphs = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>LiftArena</title></head><body>${paragraphs.join('\n')}</body></html>`
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, bytes: Buffer.byteLength(html), server }
}

export async function webBenchmark(): Promise<Section> {
  // The smoke run serves the build the web tests beside it use: rebuilding it under them would empty web/dist mid-test.
  if (!TINY || (await webBuildStaleReason())) buildWebApp()
  const bundle = await initialBundle()
  const dir = await mkdtemp(join(tmpdir(), 'liftarena-bench-web-'))
  // The smoke run loads its pages from the demo server it shares with the scale section (bench/demo-server.ts).
  const app = TINY ? await sharedDemoServer() : await startAppServer(join(dir, 'data'))
  let staticPage: Awaited<ReturnType<typeof serveStaticPage>> | undefined
  try {
    // The busiest running challenge of the demo data: its page has the most to show.
    const { competitions: challenges } = (await (await fetch(`${app.baseUrl}/api/competitions`)).json()) as {
      competitions: { id: number; name: string; participants: number; status: string }[]
    }
    const challenge = challenges.filter((c) => c.status === 'ongoing').sort((a, b) => b.participants - a.participants)[0]
    if (!challenge) throw new Error('The demo data has no ongoing challenge')
    // The home page features the first open challenges (soonest started), not the busiest: it has shown its data once the first one's name is on it.
    const open = (await (await fetch(`${app.baseUrl}/api/competitions/open?limit=2`)).json()) as {
      ongoing: { name: string }[]
      upcoming: { name: string }[]
    }
    const featured = open.ongoing[0]?.name ?? open.upcoming[0]?.name
    if (!featured) throw new Error('The home page features no open challenge')

    const home = `${app.baseUrl}/`
    const challengePage = `${app.baseUrl}/challenges/${challenge.id}`
    // Unthrottled warm-up (server JIT and database caches, Chromium's files); the home page's text becomes the baseline page.
    const warm = await load(home, featured, 1)
    const warmChallenge = await load(challengePage, challenge.name, 1)
    staticPage = await serveStaticPage(warm.text)

    const targets = {
      baseline: {
        url: staticPage.url,
        expect: featured,
        label: `baseline: static HTML, the same text as / (${round(staticPage.bytes / 1024, 1)} KB, no JS or CSS)`,
      },
      home: { url: home, expect: featured, label: '`/` (home)' },
      challenge: {
        url: challengePage,
        expect: challenge.name,
        label: `\`/challenges/${challenge.id}\` (${challenge.name}, ${challenge.participants} athletes)`,
      },
    }
    type Target = keyof typeof targets
    // The smoke run: the warm-up loads and one unthrottled load of the baseline are its figures.
    const loads: Record<Target, Load[]> = TINY
      ? { baseline: [await load(targets.baseline.url, targets.baseline.expect, 1)], home: [warm], challenge: [warmChallenge] }
      : { baseline: [], home: [], challenge: [] }
    for (let i = 0; i < LOADS; i++) {
      for (const key of Object.keys(targets) as Target[]) loads[key].push(await load(targets[key].url, targets[key].expect, CPU_SLOWDOWN))
    }

    const p50 = (key: Target, of: 'lcpMs' | 'dclMs' | 'fcpMs' = 'lcpMs') => median(loads[key].map((l) => l[of]))
    const elements = (key: Target) => [...new Set(loads[key].map((l) => l.element))].join(' / ')
    const kb = (bytes: number) => `${round(bytes / 1024, 1)} KB`
    const lcpRow = (key: Target) => [
      `LCP ${targets[key].label}`,
      `${round(p50(key), 0)} ms`,
      key === 'baseline' ? '—' : `${round(p50('baseline'), 0)} ms`,
      round(p50(key) / p50('baseline')),
      `loads ${loads[key].map((l) => round(l.lcpMs, 0)).join(', ')} ms; FCP ${round(p50(key, 'fcpMs'), 0)} ms, DOMContentLoaded ${round(p50(key, 'dclMs'), 0)} ms (p50); LCP element ${elements(key)}`,
    ]
    return {
      title: 'Web',
      method:
        `Initial JS and CSS: the files the built index.html loads up front (entry script, its modulepreloaded static imports, stylesheets; not the lazy route chunks), gzipped as web/e2e/bundle.ts does for the bundle budget test. ` +
        `LCP: \`npm run build:web\`, then server/server.ts on the embedded defaults with demo data in a fresh DATA_DIR (as the e2e global setup starts it); Debian's Chromium through playwright-core, ` +
        `a fresh profile per load (cold cache), ${VIEWPORT.width}×${VIEWPORT.height}, CDP Emulation.setCPUThrottlingRate ${CPU_SLOWDOWN}×, the last 'largest-contentful-paint' entry (buffered PerformanceObserver) read after load, the page's data showing, network idle and ${SETTLE_MS} ms. ` +
        `Median of ${LOADS} loads per page, pages alternating, after one unthrottled warm-up load each. Baseline: a static HTML page with the text / shows, from a tiny node:http server, same throttling.`,
      commands: [
        'npm run bench -- web',
        'npx vitest run --config web/vitest.e2e.config.ts bundle  # the bundle budget test alone (builds the app first)',
      ],
      header: ['what', 'value (p50)', 'baseline', 'ratio to baseline', 'detail'],
      rows: [
        [
          'initial JS, gzip',
          kb(bundle.js.gzipBytes),
          `budget ${kb(INITIAL_JS_LIMIT_BYTES)}`,
          round(bundle.js.gzipBytes / INITIAL_JS_LIMIT_BYTES),
          bundle.js.files.join(', '),
        ],
        ['initial CSS, gzip', kb(bundle.css.gzipBytes), '—', '—', bundle.css.files.join(', ')],
        lcpRow('baseline'),
        lcpRow('home'),
        lcpRow('challenge'),
      ],
      verdicts: [
        `initial JS ${kb(bundle.js.gzipBytes)} gzip — budget ≤ ${kb(INITIAL_JS_LIMIT_BYTES)} (web/e2e/bundle.e2e.test.ts) ${bundle.js.gzipBytes <= INITIAL_JS_LIMIT_BYTES ? 'met' : 'missed'}`,
        ...(['home', 'challenge'] as const).map(
          (key) =>
            `LCP ${targets[key].label.split(' ')[0]}: ${round(p50(key), 0)} ms at ${CPU_SLOWDOWN}× CPU slowdown, ${round(p50(key) / p50('baseline'))}× the static page (no target set; Core Web Vitals calls ≤ 2500 ms good: ${p50(key) <= 2500 ? 'within' : 'over'})`,
        ),
      ],
    }
  } finally {
    await new Promise<void>((resolve) => (staticPage ? staticPage.server.close(() => resolve()) : resolve()))
    if (!TINY) await app.stop()
    await rm(dir, { recursive: true, force: true })
  }
}
