// Scoring in real Chromium (issue 16): the demo weightlifting challenge's page on a phone shows
// each lifter's best snatch and clean & jerk, their total and Sinclair points; when the organiser
// decides a clean & jerk that awaited its judges, the lifter's bests, total and points change on
// the open page, live, without a reload, to what the server computed.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse, Challenge, Lift, Participant } from '../../contract/index.ts'
import { openBrowser, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')

async function get<T>(path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`)
  return (await response.json()) as T
}

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

const kg = (n: number) => `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(n)} kg`
const points = (n: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)

let phone: TestBrowser
beforeAll(async () => {
  phone = await openBrowser(390, 844)
})
afterAll(async () => {
  await phone?.close()
})

describe('weightlifting scores live', () => {
  it('shows snatch, clean & jerk, total and Sinclair, and a decision changes them without a reload', async () => {
    const { competitions: challenges } = await get<{ competitions: Challenge[] }>('/competitions')
    // The demo's weightlifting challenge (other tests create weightlifting challenges of their own).
    const challenge = challenges.find((c) => c.name === 'Snatch & Clean Open')!
    expect(challenge).toMatchObject({ total_lifts: ['snatch', 'clean_and_jerk'], points_formula: 'sinclair' })
    const { participants } = await get<{ participants: Participant[] }>(`/competitions/${challenge.id}/participants`)
    const { lifts } = await get<{ lifts: Lift[] }>(`/competitions/${challenge.id}/lifts`)

    // A clean & jerk awaiting its judges whose good lift raises a weighed lifter's total and keeps them in their class's top 5.
    const pick = lifts
      .filter((l) => l.lift_type === 'clean_and_jerk' && l.status === 'pending')
      .map((attempt) => {
        const lifter = participants.find((p) => p.user_id === attempt.user_id)!
        const total = lifter.best_snatch + Math.max(lifter.best_clean_and_jerk, attempt.weight)
        const ahead = participants.filter(
          (p) => p.weight_class === lifter.weight_class && p.id !== lifter.id && (p.total ?? 0) >= total,
        ).length
        return { attempt, lifter, total, ahead }
      })
      .find(({ lifter, total, ahead }) => lifter.bodyweight !== null && lifter.best_snatch > 0 && total > (lifter.total ?? 0) && ahead < 4)
    expect(pick, 'the demo has a pending clean & jerk that changes a top-5 total').toBeTruthy()
    const { attempt, lifter } = pick!

    const page = phone.page
    await page.goto(`${baseUrl}/challenges/${challenge.id}`)
    await page.getByRole('heading', { name: challenge.name }).waitFor()
    await page.getByText('Ranked by total within weight class · best lifter by Sinclair').waitFor()
    await page.getByRole('group', { name: 'Weight class' }).getByRole('button', { name: lifter.weight_class, exact: true }).click()
    const row = page.getByRole('list', { name: 'Top participants' }).getByRole('listitem').filter({ hasText: lifter.name }).first()
    await row.waitFor()
    const bests = row.getByTestId('participant-bests')
    expect(await bests.textContent()).toBe(
      `Sn ${lifter.best_snatch} · C&J ${lifter.best_clean_and_jerk > 0 ? lifter.best_clean_and_jerk : '—'}`,
    )
    expect(await row.getByTestId('participant-total').textContent()).toBe(lifter.total === null ? '—' : kg(lifter.total))
    expect(await row.getByTestId('participant-points').textContent()).toBe(
      `${lifter.points === null ? '—' : points(lifter.points)} Sinclair`,
    )
    await row
      .getByText(/Awaiting judges/)
      .first()
      .waitFor()
    await page.evaluate(() => {
      ;(window as unknown as { marker: string }).marker = 'still this page'
    })

    // The organiser (the demo's anna1) decides it as jury.
    const organiser = await post<AuthResponse>('/auth/login', { username: 'anna1', password: 'liftarena-demo' })
    await post(`/attempts/${attempt.id}/jury`, { good: true }, organiser.access_token)
    const after = (await get<{ participants: Participant[] }>(`/competitions/${challenge.id}/participants`)).participants.find(
      (p) => p.id === lifter.id,
    )!
    expect(after.best_clean_and_jerk).toBe(Math.max(lifter.best_clean_and_jerk, attempt.weight))
    expect(after.total).toBe(pick!.total)
    expect(after.points).toBeGreaterThan(lifter.points ?? 0)

    await row
      .getByTestId('participant-total')
      .filter({ hasText: kg(after.total!) })
      .waitFor({ timeout: 15_000 })
    expect(await row.getByTestId('participant-points').textContent()).toBe(`${points(after.points!)} Sinclair`)
    expect(await bests.textContent()).toBe(`Sn ${after.best_snatch} · C&J ${after.best_clean_and_jerk}`)
    expect(await row.getByTestId('participant-place').textContent()).toBe(String(after.place))
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still this page')
    // Nothing on the phone overflows sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(phone.errors).toEqual([])
  })
})
