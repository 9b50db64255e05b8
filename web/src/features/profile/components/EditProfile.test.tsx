// docs/accounts.md: the own profile's edit form sends only what changed and follows the server's account.
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { user } from '../../../test/fixtures.ts'
import { EditProfile } from './EditProfile.tsx'

describe('EditProfile', () => {
  it('sends the changed fields only, and shows the refusal as it came', async () => {
    localStorage.setItem('auth_token', 'access')
    localStorage.setItem('userId', '5')
    const saved = user({ name: 'Anna Strong', country: 'Norway', bio: null })
    const api = mockFetch({ 'PUT /auth/user/profile': { body: saved } })
    const onSaved = vi.fn()
    render(<EditProfile user={{ name: 'Anna', country: 'Norway', bio: null }} onSaved={onSaved} />)
    fireEvent.click(screen.getByText('Edit profile'))
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Anna Strong' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect((await screen.findByRole('status')).textContent).toBe('Profile saved.')
    expect(api.sent('PUT', '/auth/user/profile').map((c) => c.body)).toEqual([{ name: 'Anna Strong' }])
    expect(onSaved).toHaveBeenCalledWith(saved)
    mockFetch({
      'PUT /auth/user/profile': { status: 400, body: { error: 'name must not be blank: it is how boards and results name you.' } },
    })
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: 'Pulls.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }))
    expect((await screen.findByRole('alert')).textContent).toBe('name must not be blank: it is how boards and results name you.')
  })
})
