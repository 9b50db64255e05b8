// The projector board (/challenges/:id/live) in real Chromium loses its network for 30 s
// while lifters join and an attempt is uploaded; when the network returns it catches up by
// itself to the database's state (count, ranking, the newest attempt) and is live again
// (a join after the drop arrives without a reload). The server is `tsx server/server.ts`
// serving the built web app (built by tests/long/global-setup.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join as joinPath } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openBrowser, type TestBrowser } from '../../web/e2e/browser.ts'
import { loadConfig } from '../../infra/config.ts'
import { openDatabase, type Database } from '../../infra/db.ts'
import { makeClip, multipartForm } from '../helpers/clips.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { createLifters, createOngoingChallenge, join, sleep, spawnServer, type Lifter, type ServerProcess } from '../helpers/live.ts'

const DROP_MS = 30_000

let database: TestDatabase
let db: Database
let dir: string
let server: ServerProcess
let browser: TestBrowser
let clip: Buffer

beforeAll(async () => {
  database = await createTestDatabase()
  dir = mkdtempSync(joinPath(tmpdir(), 'liftarena-projector-'))
  db = await openDatabase({ databaseUrl: database.url, dataDir: dir }, { migrate: true })
  clip = readFileSync(await makeClip(dir, 'lift.mp4', { width: 640, height: 360, seconds: 2 }))
  server = await spawnServer({ DATABASE_URL: database.url, SERVE_WEB: 'true', RATE_LIMIT_UPLOAD_PER_MINUTE: '1000' })
  browser = await openBrowser(1920, 1080)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
  await db?.close()
  await database?.drop()
  rmSync(dir, { recursive: true, force: true })
})

/** Uploads a squat and has the organiser (judging alone) vote it good: only judged lifts are ranked. */
async function upload(lifter: Lifter, challengeId: number, weight: number, organiser: Lifter) {
  const form = multipartForm({ lift_type: 'squat', weight, competition_id: challengeId }, [{ filename: 'lift.mp4', data: clip }])
  const res = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${lifter.token}` },
    body: new Uint8Array(form.payload),
  })
  expect(res.status).toBe(201)
  const { attempt_id: attemptId } = (await res.json()) as { attempt_id: number }
  const vote = await fetch(`${server.url}/api/attempts/${attemptId}/votes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${organiser.token}` },
    body: JSON.stringify({ good: true }),
  })
  expect(vote.status).toBe(201)
}

describe('projector board', () => {
  it(`catches up by itself after its network drops for ${DROP_MS / 1000} s`, async () => {
    // A squat challenge: each good squat is a total, so the board ranks the squatters by it.
    const id = await createOngoingChallenge(db.prisma, 'Projector Drop Open', ['Squat'])
    const [organiser, ...lifters] = await createLifters(db.prisma, loadConfig().jwtSecret, 8, 'Board Lifter')
    await db.prisma.challenge.update({ where: { id }, data: { createdById: organiser!.userId } })
    for (const l of lifters.slice(0, 3)) expect((await join(server.url, l, id)).status).toBe(201)
    await upload(lifters[0]!, id, 150, organiser!)

    const board = browser.page
    await board.goto(`${server.url}/challenges/${id}/live`)
    await board.getByTestId('board-count').filter({ hasText: /^3$/ }).waitFor({ timeout: 30_000 })
    await board.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 })
    await board.getByTestId('board-latest').filter({ hasText: 'Squat 150 kg' }).waitFor({ timeout: 30_000 })

    // The network goes away for 30 s; the hall keeps lifting.
    await browser.context.setOffline(true)
    const droppedAt = performance.now()
    await board.getByText('Reconnecting…').waitFor({ timeout: 30_000 })
    await sleep(5_000)
    for (const l of lifters.slice(3, 5)) expect((await join(server.url, l, id)).status).toBe(201)
    await sleep(10_000)
    await upload(lifters[1]!, id, 210, organiser!)
    await sleep(10_000)
    expect((await join(server.url, lifters[5]!, id)).status).toBe(201)
    await sleep(Math.max(0, DROP_MS - (performance.now() - droppedAt)))
    // Still showing the old state (it really was cut off).
    expect(await board.getByTestId('board-count').textContent()).toBe('3')

    await browser.context.setOffline(false)
    const restoredAt = performance.now()
    await board.getByTestId('board-count').filter({ hasText: /^6$/ }).waitFor({ timeout: 30_000 })
    await board.getByTestId('board-latest').filter({ hasText: 'Squat 210 kg' }).waitFor({ timeout: 30_000 })
    await board.getByText('Live', { exact: true }).waitFor({ timeout: 30_000 })
    const caughtUpMs = performance.now() - restoredAt

    // Live again: a join after the drop arrives without a reload.
    expect((await join(server.url, lifters[6]!, id)).status).toBe(201)
    await board.getByTestId('board-count').filter({ hasText: /^7$/ }).waitFor({ timeout: 15_000 })

    // The board shows the database's ranking: the 210 kg squatter first.
    const rows = await board.locator('.board__table tbody tr').allTextContents()
    expect(rows).toHaveLength(7)
    expect(rows[0]).toContain('Board Lifter 3') // lifters[1]: the organiser is Board Lifter 1
    expect(rows[0]).toContain('210')
    expect(await db.prisma.participant.count({ where: { challengeId: id } })).toBe(7)
    expect(browser.errors).toEqual([])
    console.log(
      `projector board: offline ${((restoredAt - droppedAt) / 1000).toFixed(1)} s; caught up (count, newest attempt, Live) ${(caughtUpMs / 1000).toFixed(1)} s after the network returned`,
    )
  })
})
