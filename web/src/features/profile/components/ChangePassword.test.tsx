// docs/accounts.md: a password change checks both new passwords before sending, keeps this tab signed
// in with the session the server answers, and shows the server's refusal as it came.
import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { ChangePassword, PASSWORD_CHANGED } from './ChangePassword.tsx'

beforeEach(() => {
  localStorage.setItem('auth_token', 'old-access')
  localStorage.setItem('refresh_token', 'old-refresh')
  localStorage.setItem('userId', '5')
  useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null })
})

function fill(current: string, next: string, again = next) {
  fireEvent.click(screen.getByText('Change password', { selector: 'summary' }))
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } })
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } })
  fireEvent.change(screen.getByLabelText('New password, again'), { target: { value: again } })
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
}

describe('ChangePassword', () => {
  it('sends nothing while the new passwords are short or differ', () => {
    const { calls } = mockFetch({})
    render(<ChangePassword />)
    fill('current one', 'short')
    expect(screen.getByRole('alert').textContent).toBe('Your new password needs at least 8 characters.')
    fill('current one', 'long enough one', 'long enough two')
    expect(screen.getByRole('alert').textContent).toMatch(/not the same/)
    expect(calls).toEqual([])
  })

  it('continues in the new session the server answers', async () => {
    const { sent } = mockFetch({
      'POST /auth/password': { body: { access_token: 'new-access', refresh_token: 'new-refresh', user_id: 5 } },
    })
    render(<ChangePassword />)
    fill('current one', 'a brand new passphrase')
    expect((await screen.findByRole('status')).textContent).toBe(PASSWORD_CHANGED)
    expect(sent('POST', '/auth/password')[0]).toMatchObject({
      body: { current_password: 'current one', new_password: 'a brand new passphrase' },
      headers: { Authorization: 'Bearer old-access' },
    })
    expect(localStorage.getItem('auth_token')).toBe('new-access')
    expect(localStorage.getItem('refresh_token')).toBe('new-refresh')
    expect(useSession.getState().status).toBe('authenticated')
  })

  it("shows a wrong current password's sentence and keeps the session", async () => {
    mockFetch({
      'POST /auth/password': { status: 400, body: { error: 'Your current password is not right: type the password you log in with now.' } },
    })
    render(<ChangePassword />)
    fill('wrong one', 'a brand new passphrase')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your current password is not right: type the password you log in with now.',
    )
    expect(localStorage.getItem('auth_token')).toBe('old-access')
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('')
  })
})
