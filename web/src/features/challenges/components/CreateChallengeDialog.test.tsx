// docs/product/validation.md Create Challenge: defaults, hints that do not block the submit, and the error text.
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { CreateChallengeDialog } from './CreateChallengeDialog.tsx'

const DAY = 86_400_000

beforeEach(() => useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null }))

function open(onCreated = vi.fn()) {
  render(
    <MemoryRouter>
      <CreateChallengeDialog onClose={() => undefined} onCreated={onCreated} />
    </MemoryRouter>,
  )
  return onCreated
}
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement
const ranking = () => screen.getByLabelText('Ranking') as HTMLSelectElement
const rankingChoices = () => [...ranking().options].map((o) => o.textContent)
const liftsTo = (lifts: string[]) => {
  for (const box of screen.getAllByRole('checkbox')) {
    const name = box.parentElement!.textContent!
    if (
      box.closest('fieldset')!.querySelector('legend')!.textContent === 'Lift types' &&
      (box as HTMLInputElement).checked !== lifts.includes(name)
    )
      fireEvent.click(box)
  }
}

describe('CreateChallengeDialog', () => {
  it('starts from the spec defaults', () => {
    const before = Date.now()
    open()
    expect((screen.getByLabelText('Name *') as HTMLInputElement).value).toBe('New Powerlifting Challenge')
    expect((screen.getByLabelText('Location *') as HTMLInputElement).value).toBe('Powerlifting Gym')
    for (const lift of ['Squat', 'Bench Press', 'Deadlift']) expect(checkbox(lift).checked).toBe(true)
    for (const lift of ['Clean & Jerk', 'Snatch', 'Power Clean', 'Push Press', 'Overhead Press']) expect(checkbox(lift).checked).toBe(false)
    expect(['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+'].filter((w) => checkbox(w).checked)).toEqual([
      '83kg',
      '93kg',
      '105kg',
    ])
    expect((screen.getByRole('radio', { name: 'Men' }) as HTMLInputElement).checked).toBe(true)
    const start = new Date((screen.getByLabelText('Start *') as HTMLInputElement).value).getTime()
    const end = new Date((screen.getByLabelText('End *') as HTMLInputElement).value).getTime()
    // datetime-local has minute precision
    expect(Math.abs(start - (before + DAY))).toBeLessThan(120_000)
    expect(Math.abs(end - (before + 7 * DAY))).toBeLessThan(120_000)
  })

  it('hints at empty lift types and weight classes but still submits', async () => {
    const api = mockFetch({ 'POST /create_competition': { status: 201, body: { competition_id: 42 } } })
    const onCreated = open()
    for (const lift of ['Squat', 'Bench Press', 'Deadlift']) fireEvent.click(checkbox(lift))
    for (const w of ['83kg', '93kg', '105kg']) fireEvent.click(checkbox(w))
    expect(screen.getByText('Please select at least one lift type')).toBeTruthy()
    expect(screen.getByText('Please select at least one weight class')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Women' }))
    fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(42))
    const body = api.sent('POST', '/create_competition')[0]!.body as Record<string, unknown>
    expect(body).toMatchObject({
      name: 'New Powerlifting Challenge',
      location: 'Powerlifting Gym',
      lifttypes: [],
      weightclasses: [],
      gender: 'F',
    })
    expect(new Date(body.end_date as string).getTime()).toBeGreaterThan(new Date(body.start_date as string).getTime())
    // The default ranking is the spec's: left out, so older servers take the body as before.
    expect(body).not.toHaveProperty('ranking')
  })

  it("shows the fallback 'Failed to create challenge. Please try again.'", async () => {
    mockFetch({ 'POST /create_competition': { status: 500, body: {} } })
    open()
    fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create challenge. Please try again.')
  })

  describe('Ranking', () => {
    it('defaults to total within weight class and offers the formulas that fit the three powerlifts, not Sinclair', () => {
      open()
      expect(ranking().value).toBe('class')
      expect(rankingChoices()).toEqual(['Total within weight class', 'DOTS', 'IPF GL', 'Wilks', 'Wilks 2020'])
      fireEvent.change(ranking(), { target: { value: 'dots' } })
      expect(screen.getByText(/Overall by DOTS points: compares lifters across bodyweights/)).toBeTruthy()
    })

    it('offers Sinclair (and only it) for Snatch + Clean & Jerk, and sends it', async () => {
      const api = mockFetch({ 'POST /create_competition': { status: 201, body: { competition_id: 43 } } })
      const onCreated = open()
      liftsTo(['Snatch', 'Clean & Jerk'])
      expect(rankingChoices()).toEqual(['Total within weight class', 'Sinclair'])
      fireEvent.change(ranking(), { target: { value: 'sinclair' } })
      fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
      await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(43))
      expect(api.sent('POST', '/create_competition')[0]!.body).toMatchObject({ lifttypes: ['Clean & Jerk', 'Snatch'], ranking: 'sinclair' })
    })

    it('offers no formula for a mix of lifts no formula scores', () => {
      open()
      liftsTo(['Squat', 'Power Clean'])
      expect(rankingChoices()).toEqual(['Total within weight class'])
    })

    it('sends a chosen formula that fits', async () => {
      const api = mockFetch({ 'POST /create_competition': { status: 201, body: { competition_id: 44 } } })
      const onCreated = open()
      fireEvent.change(ranking(), { target: { value: 'ipf_gl' } })
      fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
      await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(44))
      expect(api.sent('POST', '/create_competition')[0]!.body).toMatchObject({
        lifttypes: ['Squat', 'Bench Press', 'Deadlift'],
        ranking: 'ipf_gl',
      })
    })

    it('falls back to total within weight class, and says so, when the lifts change under the chosen formula', async () => {
      const api = mockFetch({ 'POST /create_competition': { status: 201, body: { competition_id: 45 } } })
      const onCreated = open()
      fireEvent.change(ranking(), { target: { value: 'wilks' } })
      // Dropping the deadlift leaves squat + bench: no formula scores that total.
      fireEvent.click(checkbox('Deadlift'))
      expect(ranking().value).toBe('class')
      expect(screen.getByRole('status').textContent).toBe(
        'Wilks does not score these lift types, so the challenge ranks by total within weight class.',
      )
      // Still a fitting choice after the change: nothing falls back, and no note.
      fireEvent.click(checkbox('Deadlift'))
      fireEvent.change(ranking(), { target: { value: 'dots' } })
      expect(screen.queryByRole('status')).toBeNull()
      fireEvent.click(checkbox('Overhead Press'))
      expect(ranking().value).toBe('dots')
      expect(screen.queryByRole('status')).toBeNull()
      fireEvent.click(checkbox('Deadlift'))
      fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
      await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(45))
      expect(api.sent('POST', '/create_competition')[0]!.body).not.toHaveProperty('ranking')
    })
  })
})

describe('CreateChallengeDialog: format (docs/meet-rules.md)', () => {
  const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement

  it('offers both formats, each explained in one line, with meet preselected and its 60-minute window', () => {
    open()
    expect(radio(/^Meet/).checked).toBe(true)
    expect(radio(/^Open/).checked).toBe(false)
    expect(radio(/^Meet/).getAttribute('aria-describedby')).toBe('challenge-format-meet')
    expect(screen.getByText(/Three attempts per lift, declared ahead and judged in turn/)).toBeTruthy()
    expect(screen.getByText(/Any weight in any order, up to 10 attempts per lift/)).toBeTruthy()
    expect((screen.getByLabelText('Declaration window (minutes)') as HTMLInputElement).value).toBe('60')
  })

  it('sends format meet with the window typed', async () => {
    const api = mockFetch({ 'POST /create_competition': { status: 201, body: { competition_id: 50 } } })
    const onCreated = open()
    fireEvent.change(screen.getByLabelText('Declaration window (minutes)'), { target: { value: '15' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(50))
    expect(api.sent('POST', '/create_competition')[0]!.body).toMatchObject({ format: 'meet', declaration_window_minutes: 15 })
  })

  it('sends format open without a window, and hides the window field', async () => {
    const api = mockFetch({ 'POST /create_competition': { status: 201, body: { competition_id: 51 } } })
    const onCreated = open()
    fireEvent.click(radio(/^Open/))
    expect(screen.queryByLabelText('Declaration window (minutes)')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(51))
    const body = api.sent('POST', '/create_competition')[0]!.body as Record<string, unknown>
    expect(body.format).toBe('open')
    expect(body).not.toHaveProperty('declaration_window_minutes')
  })
})

describe('CreateChallengeDialog: verified entrants (docs/accounts.md)', () => {
  it('sends require_verified_email only when the organiser ticks it', async () => {
    const api = mockFetch({ 'POST /create_competition': { status: 201, body: { competition_id: 60 } } })
    const onCreated = open()
    fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(60))
    expect(api.sent('POST', '/create_competition')[0]!.body).not.toHaveProperty('require_verified_email')
    cleanup()
    const second = open()
    fireEvent.click(screen.getByRole('switch', { name: 'Only lifters with a verified email address may join' }))
    fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
    await vi.waitFor(() => expect(second).toHaveBeenCalledWith(60))
    expect(api.sent('POST', '/create_competition')[1]!.body).toMatchObject({ require_verified_email: true })
  })
})

describe('CreateChallengeDialog categories (docs/categories.md)', () => {
  const classBoxes = () =>
    screen
      .getAllByRole('checkbox')
      .filter((b) => b.closest('fieldset')!.querySelector('legend')!.textContent === 'Weight classes')
      .map((b) => b.parentElement!.textContent!)

  it('lists the IPF women’s classes (43 kg marked for the young) and sends class_set, gender and the classes ticked', async () => {
    const api = mockFetch({ 'POST /create_competition': { status: 201, body: { competition_id: 7 } } })
    const onCreated = open()
    fireEvent.change(screen.getByLabelText('Weight classes of'), { target: { value: 'ipf' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Women' }))
    expect(classBoxes()).toEqual(['43kg (sub-junior, junior)', '47kg', '52kg', '57kg', '63kg', '69kg', '76kg', '84kg', '84kg+'])
    // Every class of the set but the young's is ticked; the organiser unticks 84kg+.
    fireEvent.click(checkbox('84kg+'))
    fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(7))
    const body = api.sent('POST', '/create_competition')[0]!.body as Record<string, unknown>
    expect(body).toMatchObject({ class_set: 'ipf', gender: 'F', weightclasses: ['47kg', '52kg', '57kg', '63kg', '69kg', '76kg', '84kg'] })
    // Classic is the server's default: the body leaves it out.
    expect(body).not.toHaveProperty('equipment')
  })

  it('lists the IWF men’s categories of June 2025, with 94 kg', () => {
    open()
    fireEvent.change(screen.getByLabelText('Weight classes of'), { target: { value: 'iwf' } })
    expect(classBoxes()).toEqual(['60kg', '65kg', '71kg', '79kg', '88kg', '94kg', '110kg', '110kg+'])
  })

  it('offers equipment for powerlifting lifts only, and sends both when chosen', async () => {
    const api = mockFetch({ 'POST /create_competition': { status: 201, body: { competition_id: 8 } } })
    const onCreated = open()
    fireEvent.click(screen.getByRole('radio', { name: 'Both' }))
    fireEvent.click(screen.getByRole('button', { name: 'Create Challenge' }))
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(8))
    expect(api.sent('POST', '/create_competition')[0]!.body).toMatchObject({ equipment: 'both' })
    liftsTo(['Snatch', 'Clean & Jerk'])
    expect(screen.queryByRole('radio', { name: 'Both' })).toBeNull()
  })
})
