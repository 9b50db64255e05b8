// Fair categories in real Chromium (issue 31, docs/categories.md): an organiser creates an IPF
// women's classic challenge in the dialog; a woman who gave her date of birth (a junior) joins in
// 52 kg, offered only the IPF women's classes (the juniors' 43 kg too); her row on the challenge page
// and on the projector board names her divisions, and the board shown for the Junior division
// ranks her first among juniors.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { AuthResponse, Challenge } from '../../contract/index.ts'
import { registerUser } from './api.ts'
import { openBrowser, openSignedIn, type TestBrowser } from './browser.ts'

const baseUrl = inject('baseUrl')
const stamp = Date.now()
const challengeName = `IPF Women Classic ${stamp}`
const lifterName = 'Junior Jana'
// In the year of 20 at the challenge's start (tomorrow): Junior and Open by the IPF's age categories.
const birthYear = new Date(Date.now() + 86_400_000).getUTCFullYear() - 20

async function registerWoman(): Promise<AuthResponse> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: lifterName,
      email: `jana.${stamp}@e2e.liftarena.test`,
      password: 'e2e-password',
      confirmPassword: 'e2e-password',
      country: 'Norway',
      sex: 'F',
      birth_date: `${birthYear}-03-14`,
    }),
  })
  if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`)
  return (await response.json()) as AuthResponse
}

let organiser: TestBrowser
let lifter: TestBrowser
let challengeUrl = ''
beforeAll(async () => {
  organiser = await openBrowser()
  lifter = await openBrowser()
})
afterAll(async () => {
  await organiser?.close()
  await lifter?.close()
})

describe('fair categories', () => {
  it('the organiser creates an IPF women’s classic challenge in the dialog', async () => {
    const auth = await registerUser(baseUrl, 'Organiser Olga')
    const page = organiser.page
    await openSignedIn(page, `${baseUrl}/challenges`, auth)
    await page.goto(`${baseUrl}/challenges`)
    await page.getByRole('button', { name: 'Create Challenge' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Challenge' })
    await dialog.getByLabel('Name *').fill(challengeName)
    // The open format: its board is the ranking board (a meet's is the attempt-card scoreboard).
    await dialog.getByRole('radio', { name: /^Open\b/ }).check()
    await dialog.getByLabel('Weight classes of').selectOption('ipf')
    await dialog.getByRole('radio', { name: 'Women' }).check()
    expect(await dialog.getByRole('group', { name: 'Weight classes' }).getByRole('checkbox').count()).toBe(9)
    await dialog.getByRole('radio', { name: 'Classic' }).check()
    await dialog.getByRole('button', { name: 'Create Challenge' }).click()
    await page.waitForURL(/\/challenges\/\d+$/)
    challengeUrl = page.url()
    const id = Number(challengeUrl.split('/').at(-1))
    const { competition: challenge } = (await (await fetch(`${baseUrl}/api/competitions/${id}`)).json()) as { competition: Challenge }
    expect(challenge).toMatchObject({ class_set: 'ipf', gender: 'F', equipment: 'classic' })
    expect(challenge.weightclasses).toEqual(['47kg', '52kg', '57kg', '63kg', '69kg', '76kg', '84kg', '84kg+'])
    await page.getByText('IPF', { exact: true }).first().waitFor()
  })

  it('a junior woman is offered the IPF women’s classes, joins in 52 kg, and her divisions show', async () => {
    const auth = await registerWoman()
    const page = lifter.page
    await openSignedIn(page, challengeUrl, auth)
    await page.goto(challengeUrl)
    const select = page.getByLabel('Weight class')
    await select.waitFor()
    expect(await select.locator('option').allTextContents()).toEqual(['47kg', '52kg', '57kg', '63kg', '69kg', '76kg', '84kg', '84kg+'])
    await select.selectOption('52kg')
    await page.getByLabel('Bodyweight (kg)').fill('51.4')
    await page.getByRole('button', { name: 'Join Challenge' }).click()
    await page.getByText("You've joined this challenge · 52 kg").first().waitFor()
    const row = page.getByRole('list', { name: 'Top participants' }).getByRole('listitem').filter({ hasText: lifterName })
    await row.getByText('Junior · Open').waitFor()
  })

  it('the board names her divisions, and the Junior board ranks her among juniors', async () => {
    const page = organiser.page
    await page.goto(`${challengeUrl}/live`)
    const category = page.getByTestId('board-category').filter({ hasText: 'Junior · Open' })
    await category.waitFor()
    await page.goto(`${challengeUrl}/live?division=junior`)
    expect(await page.getByTestId('board-division').textContent()).toBe(' · Junior')
    const row = page.locator('.board__table tbody tr').filter({ hasText: lifterName })
    await row.waitFor()
    // No total yet: listed, not placed.
    expect(await row.locator('.board__rank').textContent()).toBe('—')
    await page.goto(`${challengeUrl}/live?division=masters_1`)
    await page.getByText('No lifter in this division yet…').waitFor()
  })

  it("the leaderboard filters the demo's IPF lifters by division and equipment", async () => {
    const page = lifter.page
    await page.goto(`${baseUrl}/leaderboard`)
    await page.locator('table.leaderboard').waitFor()
    const names = () => page.locator('table.leaderboard tbody tr td:nth-child(2) a').allTextContents()
    const choose = async (label: string, value: string) => {
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/leaderboard')
      await page.getByLabel(label, { exact: true }).selectOption(value)
      await answered
      await page.locator('table.leaderboard, p.empty').first().waitFor()
    }
    await choose('Equipment', 'equipped')
    expect(await names()).toEqual(['Bjorn Strand'])
    expect(await page.getByTestId('leaderboard-category').first().textContent()).toBe('Open · Equipped')
    await choose('Equipment', '')
    await choose('Class set', 'ipf')
    await choose('Gender', 'F')
    await choose('Division', 'masters_1')
    expect(await names()).toEqual(['Grete Hansen'])
    expect(page.url()).toContain('division=masters_1')
  })
})
