// Link previews read by a plain HTTP client, as a messenger fetches a shared link: the HTML the server sends for a
// public page carries its Open Graph and Twitter card tags, absolute under PUBLIC_URL, escaped, with nothing private.
// Needs the built client (web/dist), as the server only serves pages with it: in a whole run the browser tests'
// set-up has built it before any test starts; run alone, this file builds it.
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildWebApp } from '../../web/e2e/global-setup.ts'
import { createLifters, join, startLiveServer, type LiveTestServer } from '../helpers/live.ts'

const BUILT = existsSync(fileURLToPath(new URL('../../web/dist/index.html', import.meta.url)))
const PUBLIC_URL = 'https://lifts.example.org'
let t: LiveTestServer

beforeAll(async () => {
  if (!BUILT) buildWebApp()
  t = await startLiveServer({ env: { PUBLIC_URL, SERVE_WEB: 'true' } })
}, 180_000)
afterAll(async () => {
  await t?.close()
})

/** The meta tags of a page, as a messenger's scraper reads them (no script runs). */
async function metaOf(path: string) {
  const res = await fetch(`${t.url}${path}`, { headers: { 'user-agent': 'TelegramBot (like TwitterBot)' } })
  const html = await res.text()
  const meta = Object.fromEntries([...html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]))
  return { status: res.status, html, meta }
}

describe('link previews', () => {
  it('a challenge, an attempt (poster and video), a profile and the leaderboard; no private data; plain pages stay plain', async () => {
    const [organiser, lifter] = await createLifters(t.db.prisma, t.config.jwtSecret, 2, 'Preview')
    const c = await t.db.prisma.challenge.create({
      data: {
        name: 'Spring <Open>',
        description: 'Three lifts, one day.',
        location: 'Oslo',
        startDate: new Date(Date.now() - 86_400_000),
        endDate: new Date(Date.now() + 86_400_000),
        liftTypes: ['Squat'],
        weightClasses: ['83kg'],
        gender: 'M',
        createdById: organiser!.userId,
      },
    })
    expect((await join(t.url, lifter!, c.id)).status).toBe(201)
    await t.db.prisma.user.update({
      where: { id: lifter!.userId },
      data: { name: 'Ada "The Bar" <Lovelace>', email: 'ada-private@example.org' },
    })
    const participant = await t.db.prisma.participant.findFirstOrThrow({
      where: { challengeId: c.id, userId: lifter!.userId },
      include: { user: { select: { name: true } } },
    })
    const { attemptId } = await t.app.repos.attempts.record(
      participant,
      { liftType: 'squat', weight: 182.5 },
      (id) => `attempts/${id}/original.mp4`,
      async () => {},
    )
    await t.db.prisma.attempt.update({
      where: { id: attemptId },
      data: {
        processingState: 'ready',
        posterKey: `attempts/${attemptId}/poster.jpg`,
        renditions: { 360: `attempts/${attemptId}/360p.mp4`, 720: `attempts/${attemptId}/720p.mp4` },
        takeChecks: {
          flags: [{ kind: 'cut', at: 4, text: 'possible cut at 0:04' }],
          notes: [],
          created_at: null,
          checked_at: '2026-11-28T09:00:00.000Z',
        },
      },
    })

    const challenge = await metaOf(`/challenges/${c.id}`)
    expect(challenge.status).toBe(200)
    expect(challenge.meta).toMatchObject({
      'og:title': 'Spring &lt;Open&gt;',
      'og:description': 'Three lifts, one day.',
      'og:url': `${PUBLIC_URL}/challenges/${c.id}`,
      'og:type': 'website',
    })
    expect(challenge.html).toContain('<title>Spring &lt;Open&gt; · LiftArena</title>')

    const videoPath = `/challenges/${c.id}/participants/${lifter!.userId}/video/${attemptId}`
    const attempt = await metaOf(videoPath)
    expect(attempt.status).toBe(200)
    expect(attempt.meta).toMatchObject({
      'og:title': 'Ada &quot;The Bar&quot; &lt;Lovelace&gt; — Squat 182.5 kg',
      'og:description': 'Attempt 1, awaiting the judges — Spring &lt;Open&gt;',
      'og:image': `${PUBLIC_URL}/api/video/attempts%2F${attemptId}%2Fposter.jpg`,
      'og:video': `${PUBLIC_URL}/api/video/attempts%2F${attemptId}%2F720p.mp4`,
      'og:video:type': 'video/mp4',
      'twitter:card': 'player',
      'og:url': `${PUBLIC_URL}${videoPath}`,
    })

    const profile = await metaOf(`/profile/${lifter!.userId}`)
    expect(profile.meta['og:title']).toBe('Ada &quot;The Bar&quot; &lt;Lovelace&gt;')
    expect((await metaOf('/leaderboard')).meta['og:title']).toBe('Leaderboard')

    for (const page of [challenge, attempt, profile]) {
      expect(page.html).not.toMatch(/ada-private@example\.org|possible cut|take_checks|<Lovelace>|<Open>/)
    }
    // A page with nothing of its own, and a challenge or attempt that does not exist: the plain page.
    for (const path of ['/challenges', `/challenges/999999`, `/challenges/${c.id}/participants/${organiser!.userId}/video/${attemptId}`]) {
      const plain = await metaOf(path)
      expect(plain.status, path).toBe(200)
      expect(plain.meta['og:title'], path).toBeUndefined()
    }
  })
})
