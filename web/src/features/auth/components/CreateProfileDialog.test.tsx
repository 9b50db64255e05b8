// docs/product/validation.md Create Profile rules and §4 registration: required fields, matching passwords
// (nothing sent otherwise), errors cleared by editing, success and close after 1.5 s.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { user } from '../../../test/fixtures.ts'
import { BIRTH_DATE_HINT, CATEGORY_HINT, CreateProfileDialog } from './CreateProfileDialog.tsx'

beforeEach(() => useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null }))

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

function fillAll(password = 'secret-1', confirm = 'secret-1') {
  change('Name *', 'Test Lifter')
  change('Email *', 'test@example.com')
  change('Password *', password)
  change('Confirm password *', confirm)
  change('Weight class *', '83kg')
  change('Country *', 'Norway')
}

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Profile' }))

describe('CreateProfileDialog', () => {
  it('offers the 8 weight classes of the spec', () => {
    render(<CreateProfileDialog onClose={() => undefined} onSwitchToLogin={() => undefined} />)
    const options = [...(screen.getByLabelText('Weight class *') as HTMLSelectElement).options].map((o) => o.value).filter(Boolean)
    expect(options).toEqual(['59kg', '66kg', '74kg', '83kg', '93kg', '105kg', '120kg', '120kg+'])
  })

  it('requires every field but bio, and sends nothing until they are filled', () => {
    const api = mockFetch({})
    render(<CreateProfileDialog onClose={() => undefined} onSwitchToLogin={() => undefined} />)
    change('Name *', 'Only a name')
    submit()
    expect(screen.getByRole('alert').textContent).toBe('Please fill in all required fields.')
    expect(screen.getByLabelText('Email *').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Bio').getAttribute('aria-invalid')).toBeNull()
    expect(api.calls).toHaveLength(0)
  })

  it("mismatched passwords show 'Passwords do not match', send nothing, and editing clears it", () => {
    const api = mockFetch({})
    render(<CreateProfileDialog onClose={() => undefined} onSwitchToLogin={() => undefined} />)
    fillAll('secret-1', 'secret-2')
    submit()
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match')
    expect(api.calls).toHaveLength(0)
    change('Confirm password *', 'secret-1')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('on 201 logs in, says so and closes 1.5 s later', async () => {
    const api = mockFetch({
      'POST /auth/register': { status: 201, body: { access_token: 'a', refresh_token: 'r', user_id: 12 } },
      'GET /auth/user': { body: user({ id: 12 }) },
    })
    const onClose = vi.fn()
    render(<CreateProfileDialog onClose={onClose} onSwitchToLogin={() => undefined} />)
    fillAll()
    vi.useFakeTimers()
    submit()
    await act(() => vi.advanceTimersByTimeAsync(0)) // the register and profile calls resolve
    expect(screen.getByText('Profile created successfully!')).toBeTruthy()
    expect(api.sent('POST', '/auth/register')[0]!.body).toMatchObject({
      name: 'Test Lifter',
      email: 'test@example.com',
      weight_class: '83kg',
      country: 'Norway',
    })
    expect(useSession.getState()).toMatchObject({ status: 'authenticated', userId: 12 })
    expect(localStorage.getItem('isLoggedIn')).toBe('true')
    act(() => vi.advanceTimersByTime(1499))
    expect(onClose).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onClose).toHaveBeenCalledOnce()
  })

  describe("the category (the account's sex), optional", () => {
    const registered = () =>
      mockFetch({
        'POST /auth/register': { status: 201, body: { access_token: 'a', refresh_token: 'r', user_id: 12 } },
        'GET /auth/user': { body: user({ id: 12 }) },
      })

    it('offers Men and Women, explained, and is not required', async () => {
      const api = registered()
      render(<CreateProfileDialog onClose={() => undefined} onSwitchToLogin={() => undefined} />)
      const category = screen.getByLabelText('Category') as HTMLSelectElement
      expect([...category.options].map((o) => [o.value, o.textContent])).toEqual([
        ['', 'Choose later'],
        ['M', 'Men'],
        ['F', 'Women'],
      ])
      expect(document.getElementById(category.getAttribute('aria-describedby')!)!.textContent).toBe(CATEGORY_HINT)
      fillAll()
      submit()
      await screen.findByText('Profile created successfully!')
      // Not chosen: nothing sent, the server leaves it unset until the first join.
      expect(api.sent('POST', '/auth/register')[0]!.body).not.toHaveProperty('sex')
    })

    it('sends the chosen category as sex', async () => {
      const api = registered()
      render(<CreateProfileDialog onClose={() => undefined} onSwitchToLogin={() => undefined} />)
      fillAll()
      change('Category', 'F')
      submit()
      await screen.findByText('Profile created successfully!')
      expect(api.sent('POST', '/auth/register')[0]!.body).toMatchObject({ name: 'Test Lifter', sex: 'F' })
    })

    it('sends the date of birth when given (optional, said to be private), none when left empty', async () => {
      const api = registered()
      render(<CreateProfileDialog onClose={() => undefined} onSwitchToLogin={() => undefined} />)
      const birth = screen.getByLabelText('Date of birth') as HTMLInputElement
      expect(birth.type).toBe('date')
      expect(document.getElementById(birth.getAttribute('aria-describedby')!)!.textContent).toBe(BIRTH_DATE_HINT)
      fillAll()
      change('Date of birth', '2005-03-14')
      submit()
      await screen.findByText('Profile created successfully!')
      expect(api.sent('POST', '/auth/register')[0]!.body).toMatchObject({ birth_date: '2005-03-14' })
    })
  })

  it("shows the server's error, or the fallback text", async () => {
    mockFetch({ 'POST /auth/register': { status: 500, body: {} } })
    render(<CreateProfileDialog onClose={() => undefined} onSwitchToLogin={() => undefined} />)
    fillAll()
    submit()
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to create profile. Please try again.')
  })

  describe('marks the fields at fault', () => {
    const described = (label: string) =>
      (screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' | ')

    it('each missing field is invalid with its own message, the first of them takes focus, and typing clears its mark', () => {
      const api = mockFetch({})
      render(<CreateProfileDialog onClose={() => undefined} onSwitchToLogin={() => undefined} />)
      change('Name *', 'Only a name')
      change('Password *', 'secret-1')
      submit()
      const missing = ['Email *', 'Confirm password *', 'Weight class *', 'Country *']
      for (const label of missing) {
        expect(screen.getByLabelText(label).getAttribute('aria-invalid'), label).toBe('true')
        expect(described(label)).toBe(`${label.slice(0, -2)} is required.`)
      }
      for (const label of ['Name *', 'Password *', 'Bio'])
        expect(screen.getByLabelText(label).getAttribute('aria-invalid'), label).toBeNull()
      expect(document.activeElement).toBe(screen.getByLabelText('Email *'))
      expect(api.calls).toHaveLength(0)

      change('Email *', 'a@example.com')
      expect(screen.getByLabelText('Email *').getAttribute('aria-invalid')).toBeNull()
      expect(screen.queryByText('Email is required.')).toBeNull()
      expect(screen.getByText('Country is required.')).toBeTruthy()
      submit()
      expect(document.activeElement).toBe(screen.getByLabelText('Confirm password *'))
    })

    it("a mismatch marks the confirmation, described by 'Passwords do not match', and focuses it", () => {
      render(<CreateProfileDialog onClose={() => undefined} onSwitchToLogin={() => undefined} />)
      fillAll('secret-1', 'secret-2')
      submit()
      expect(screen.getByLabelText('Confirm password *').getAttribute('aria-invalid')).toBe('true')
      expect(described('Confirm password *')).toBe('Passwords do not match')
      expect(document.activeElement).toBe(screen.getByLabelText('Confirm password *'))
      change('Confirm password *', 'secret-1')
      expect(screen.getByLabelText('Confirm password *').getAttribute('aria-invalid')).toBeNull()
    })
  })
})
