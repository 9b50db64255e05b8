// docs/product/states.md, validation.md join rules: by status, profile required, default weight class, gender from categories.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toChallenge } from '../../../lib/challenge.ts'
import { bodyweightProblem } from '../../../lib/contract.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { challenge as challengeData } from '../../../test/fixtures.ts'
import { useSession } from '../../../stores/session.ts'
import { user } from '../../../test/fixtures.ts'
import { JoinPanel, formatWeightClass, joinedBadgeText } from './JoinPanel.tsx'

const DAY = 86_400_000

function renderPanel(
  overrides: Parameters<typeof challengeData>[0] = {},
  joined = false,
  onJoined = vi.fn(),
  more: { joinedClass?: string; onLeft?: () => void } = {},
) {
  const challenge = toChallenge(challengeData(overrides))
  render(
    <MemoryRouter>
      <JoinPanel challenge={challenge} joined={joined} onJoined={onJoined} {...more} />
    </MemoryRouter>,
  )
  return { challenge, onJoined }
}

afterEach(() => useSession.setState({ user: null }))
/** A stored session (user 5, token 'a'), as the join and leave calls read it. */
const storeSession = () => {
  localStorage.setItem('userId', '5')
  localStorage.setItem('auth_token', 'a')
}

const past = { start_date: new Date(Date.now() - 9 * DAY).toISOString(), end_date: new Date(Date.now() - 2 * DAY).toISOString() }
const future = { start_date: new Date(Date.now() + 2 * DAY).toISOString(), end_date: new Date(Date.now() + 9 * DAY).toISOString() }

describe('JoinPanel', () => {
  it("completed challenges say 'This challenge has ended' and offer no join", () => {
    renderPanel(past)
    expect(screen.getByText('This challenge has ended')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Join Challenge' })).toBeNull()
  })

  it('upcoming and ongoing challenges offer the join, defaulting to their first class', () => {
    renderPanel(future)
    expect((screen.getByLabelText('Weight class') as HTMLSelectElement).value).toBe('74kg')
    expect(screen.getByRole('button', { name: 'Join Challenge' })).toBeTruthy()
  })

  it('falls back to 83kg for a challenge without classes', () => {
    renderPanel({ weightclasses: [] })
    expect((screen.getByLabelText('Weight class') as HTMLSelectElement).value).toBe('83kg')
  })

  it('asks for a profile when no user id is stored, and sends nothing', async () => {
    const api = mockFetch({})
    renderPanel()
    fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Please create a profile before joining a challenge')
    expect(api.calls).toHaveLength(0)
  })

  it('sends the chosen class and female for a Women challenge, then reports the join', async () => {
    localStorage.setItem('userId', '5')
    localStorage.setItem('auth_token', 'a')
    const api = mockFetch({ 'POST /join_competition': { status: 201, body: { participant_id: 1, participants: 3 } } })
    const { onJoined } = renderPanel({ gender: 'F' })
    fireEvent.change(screen.getByLabelText('Weight class'), { target: { value: '83kg' } })
    fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
    await vi.waitFor(() => expect(onJoined).toHaveBeenCalledOnce())
    expect(api.sent('POST', '/join_competition')[0]!.body).toEqual({
      user_id: 5,
      competition_id: 7,
      weight_class: '83kg',
      gender: 'female',
    })
  })

  it("shows the server's reason, else 'Failed to join challenge. Please try again.'", async () => {
    localStorage.setItem('userId', '5')
    mockFetch({ 'POST /join_competition': { status: 502 } })
    renderPanel()
    fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to join challenge. Please try again.')
  })

  it("a join in the other category shows the server's sentence as it comes (409 and 400)", async () => {
    storeSession()
    const refusals = [
      { status: 409, error: 'This challenge is for women; your account competes with the men.' },
      {
        status: 400,
        error:
          "gender must be your account's (men): a lifter competes in one category. To correct it, edit your profile before you have results.",
      },
    ]
    for (const { status, error } of refusals) {
      mockFetch({ 'POST /join_competition': { status, body: { error } } })
      renderPanel({ gender: 'F' })
      fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
      expect((await screen.findByRole('alert')).textContent).toBe(error)
      cleanup()
    }
  })

  it('once joined shows the badge and the Submit Your Lift link', () => {
    renderPanel({}, true)
    expect(screen.getByText("You've joined this challenge")).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Submit Your Lift' }).getAttribute('href')).toBe('/challenges/7/upload')
  })

  it('once joined to a challenge that has not started, says when lifts can be submitted instead of linking to a refusal', () => {
    renderPanel({ start_date: new Date(Date.now() + 2 * DAY).toISOString(), end_date: new Date(Date.now() + 9 * DAY).toISOString() }, true)
    expect(screen.getByText("You've joined this challenge")).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Submit Your Lift' })).toBeNull()
    expect(screen.getByText(/You can submit your lifts once it starts/)).toBeTruthy()
  })

  describe('bodyweight', () => {
    const signIn = () => {
      localStorage.setItem('userId', '5')
      localStorage.setItem('auth_token', 'a')
    }
    const bodyweight = () => screen.getByLabelText('Bodyweight (kg)') as HTMLInputElement

    it('is an optional decimal number beside the class, with a hint on what leaving it out means', () => {
      renderPanel()
      expect(bodyweight().type).toBe('number')
      expect(bodyweight().step).toBe('0.01')
      expect(bodyweight().inputMode).toBe('decimal')
      expect(bodyweight().required).toBe(false)
      const hint = document.getElementById(bodyweight().getAttribute('aria-describedby')!)!
      expect(hint.textContent).toMatch(/Without a bodyweight you are ranked in your class but get no points/)
    })

    it('refuses 95 kg in the 83kg class with the shared message, and sends nothing', async () => {
      signIn()
      const api = mockFetch({ 'POST /join_competition': { status: 201, body: { participant_id: 1, participants: 3 } } })
      const { onJoined } = renderPanel()
      fireEvent.change(screen.getByLabelText('Weight class'), { target: { value: '83kg' } })
      fireEvent.change(bodyweight(), { target: { value: '95' } })
      fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
      expect((await screen.findByRole('alert')).textContent).toBe(bodyweightProblem('83kg', 95))
      expect(screen.getByRole('alert').textContent).toMatch(/not in the 83kg class/)
      expect(api.calls).toHaveLength(0)
      expect(onJoined).not.toHaveBeenCalled()
    })

    it('sends a bodyweight that fits the class, as a number of kg', async () => {
      signIn()
      const api = mockFetch({ 'POST /join_competition': { status: 201, body: { participant_id: 1, participants: 3 } } })
      const { onJoined } = renderPanel()
      fireEvent.change(screen.getByLabelText('Weight class'), { target: { value: '83kg' } })
      fireEvent.change(bodyweight(), { target: { value: '82.45' } })
      fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
      await vi.waitFor(() => expect(onJoined).toHaveBeenCalledOnce())
      expect(api.sent('POST', '/join_competition')[0]!.body).toEqual({
        user_id: 5,
        competition_id: 7,
        weight_class: '83kg',
        gender: 'male',
        bodyweight: 82.45,
      })
    })

    it("sends a bodyweight the shared rule takes and shows the server's reason when the server refuses the join", async () => {
      signIn()
      const api = mockFetch({ 'POST /join_competition': { status: 409, body: { error: 'You have already joined this challenge.' } } })
      renderPanel()
      fireEvent.change(bodyweight(), { target: { value: '70' } })
      fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
      expect((await screen.findByRole('alert')).textContent).toBe('You have already joined this challenge.')
      expect(api.sent('POST', '/join_competition')[0]!.body).toMatchObject({ weight_class: '74kg', bodyweight: 70 })
    })
  })

  describe("the lifter's own class", () => {
    it("preselects the class of the lifter's profile when the challenge offers it, even when the profile loads after the panel", () => {
      renderPanel(future)
      const select = screen.getByLabelText('Weight class') as HTMLSelectElement
      expect(select.value).toBe('74kg') // docs/product/validation.md default until the profile says otherwise
      act(() => useSession.setState({ user: user({ weight_class: '83kg' }) }))
      expect(select.value).toBe('83kg')
    })

    it("keeps docs/product/validation.md's default when the challenge does not offer the lifter's class, and the lifter's own choice over the profile's", () => {
      useSession.setState({ user: user({ weight_class: '105kg' }) })
      renderPanel(future)
      const select = screen.getByLabelText('Weight class') as HTMLSelectElement
      expect(select.value).toBe('74kg')
      cleanup()
      useSession.setState({ user: user({ weight_class: '74kg' }) })
      renderPanel({ ...future, weightclasses: ['74kg', '83kg', '93kg'] })
      fireEvent.change(screen.getByLabelText('Weight class'), { target: { value: '93kg' } })
      act(() => useSession.setState({ user: user({ weight_class: '83kg' }) }))
      expect((screen.getByLabelText('Weight class') as HTMLSelectElement).value).toBe('93kg')
    })

    it('sends the preselected class', async () => {
      storeSession()
      useSession.setState({ user: user({ weight_class: '83kg' }) })
      const api = mockFetch({ 'POST /join_competition': { status: 201, body: { participant_id: 5, participants: 1 } } })
      const { onJoined } = renderPanel()
      fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
      await vi.waitFor(() => expect(onJoined).toHaveBeenCalledOnce())
      expect(api.sent('POST', '/join_competition')[0]!.body).toMatchObject({ weight_class: '83kg' })
    })
  })

  describe('joined badge', () => {
    it("keeps the spec's text and names the class joined in", () => {
      expect(formatWeightClass('83kg')).toBe('83 kg')
      expect(formatWeightClass('120kg+')).toBe('120 kg+')
      expect(joinedBadgeText('83kg')).toBe("You've joined this challenge · 83 kg")
      expect(joinedBadgeText(null)).toBe("You've joined this challenge")
      renderPanel({}, true, vi.fn(), { joinedClass: '93kg' })
      expect(screen.getByText("You've joined this challenge · 93 kg").className).toContain('badge--joined')
    })
  })

  describe('leaving', () => {
    it('offers Leave challenge only before the start', () => {
      renderPanel(future, true)
      expect(screen.getByRole('button', { name: 'Leave challenge' })).toBeTruthy()
      cleanup()
      renderPanel({}, true) // ongoing
      expect(screen.queryByRole('button', { name: 'Leave challenge' })).toBeNull()
    })

    it('asks first (the safe answer focused), sends nothing on "Stay in", and leaves on "Yes, leave"', async () => {
      storeSession()
      const api = mockFetch({
        'DELETE /competitions/7/participants/me': {
          body: { message: 'You left the challenge.', competition_id: 7, user_id: 5, participants: 2 },
        },
      })
      const onLeft = vi.fn()
      renderPanel(future, true, vi.fn(), { onLeft })
      fireEvent.click(screen.getByRole('button', { name: 'Leave challenge' }))
      expect(screen.getByRole('group', { name: /Leave Test Open\?/ })).toBeTruthy()
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stay in' }))
      fireEvent.click(screen.getByRole('button', { name: 'Stay in' }))
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Leave challenge' }))
      expect(api.calls).toHaveLength(0)

      fireEvent.click(screen.getByRole('button', { name: 'Leave challenge' }))
      fireEvent.click(screen.getByRole('button', { name: 'Yes, leave' }))
      await vi.waitFor(() => expect(onLeft).toHaveBeenCalledOnce())
      expect(api.sent('DELETE', '/competitions/7/participants/me')).toHaveLength(1)
      expect(api.sent('DELETE', '/competitions/7/participants/me')[0]!.headers.Authorization).toBe('Bearer a')
    })

    it("shows the server's reason when it refuses", async () => {
      storeSession()
      mockFetch({
        'DELETE /competitions/7/participants/me': {
          status: 409,
          body: { error: 'This challenge has already started, so you can no longer leave it.' },
        },
      })
      const onLeft = vi.fn()
      renderPanel(future, true, vi.fn(), { onLeft })
      fireEvent.click(screen.getByRole('button', { name: 'Leave challenge' }))
      fireEvent.click(screen.getByRole('button', { name: 'Yes, leave' }))
      expect((await screen.findByRole('alert')).textContent).toBe('This challenge has already started, so you can no longer leave it.')
      expect(onLeft).not.toHaveBeenCalled()
    })
  })
})

describe('JoinPanel categories (docs/categories.md)', () => {
  const ipfWomen = { class_set: 'ipf' as const, gender: 'F' as const, weightclasses: ['43kg', '47kg', '52kg', '57kg'] }
  const options = () => [...(screen.getByLabelText('Weight class') as HTMLSelectElement).options].map((o) => o.value)

  it("offers an open lifter the IPF women's classes without the juniors' 43 kg, and a junior 43 kg too", () => {
    useSession.setState({ user: user({ birth_date: '1980-05-01' }) })
    renderPanel(ipfWomen)
    expect(options()).toEqual(['47kg', '52kg', '57kg'])
    cleanup()
    useSession.setState({ user: user({ birth_date: `${new Date().getUTCFullYear() - 20}-05-01` }) })
    renderPanel(ipfWomen)
    expect(options()).toEqual(['43kg', '47kg', '52kg', '57kg'])
  })

  it("checks the bodyweight against the IPF class's band and sends the equipment chosen when both are offered", async () => {
    storeSession()
    const api = mockFetch({ 'POST /join_competition': { status: 201, body: { message: 'ok' } } })
    const { onJoined } = renderPanel({ ...ipfWomen, equipment: 'both' })
    fireEvent.change(screen.getByLabelText('Weight class'), { target: { value: '52kg' } })
    fireEvent.change(screen.getByLabelText('Bodyweight (kg)'), { target: { value: '53.1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
    expect(screen.getByRole('alert').textContent).toMatch(/52kg/)
    expect(api.sent('POST', '/join_competition')).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Bodyweight (kg)'), { target: { value: '51.5' } })
    fireEvent.change(screen.getByLabelText('Equipment'), { target: { value: 'equipped' } })
    fireEvent.click(screen.getByRole('button', { name: 'Join Challenge' }))
    await vi.waitFor(() => expect(onJoined).toHaveBeenCalled())
    expect(api.sent('POST', '/join_competition')[0]!.body).toMatchObject({
      weight_class: '52kg',
      bodyweight: 51.5,
      equipment: 'equipped',
      gender: 'female',
    })
  })

  it('asks no equipment of a classic-only challenge', () => {
    renderPanel()
    expect(screen.queryByLabelText('Equipment')).toBeNull()
  })
})
