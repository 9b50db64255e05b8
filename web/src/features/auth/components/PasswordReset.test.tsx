// docs/accounts.md: asking for a reset link shows the server's one sentence; the reset page takes
// the token from the fragment, removes it from the address, checks the two passwords before sending,
// and shows the server's refusal as it came.
import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { ForgotPasswordDialog } from './ForgotPasswordDialog.tsx'
import { ResetPasswordPage } from './ResetPasswordPage.tsx'

const REQUESTED = 'If an account has this address, we have sent it a link to choose a new password.'
const TOKEN = 'A'.repeat(43)

afterEach(() => window.history.replaceState(null, '', '/'))

describe('ForgotPasswordDialog', () => {
  it("sends the trimmed address and shows the server's sentence", async () => {
    const { sent } = mockFetch({ 'POST /auth/password_reset': { status: 202, body: { message: REQUESTED } } })
    render(<ForgotPasswordDialog onClose={() => undefined} onSwitchToLogin={() => undefined} />)
    expect(screen.getByRole('dialog', { name: 'Forgot your password?' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' anna@example.com ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }))
    expect((await screen.findByRole('status')).textContent).toBe(REQUESTED)
    expect(sent('POST', '/auth/password_reset').map((c) => c.body)).toEqual([{ email: 'anna@example.com' }])
    expect(screen.getByRole('button', { name: 'Send again' })).toBeTruthy()
  })

  it('goes back to the login dialog', () => {
    const onSwitchToLogin = vi.fn()
    render(<ForgotPasswordDialog onClose={() => undefined} onSwitchToLogin={onSwitchToLogin} />)
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }))
    expect(onSwitchToLogin).toHaveBeenCalledOnce()
  })
})

describe('ResetPasswordPage', () => {
  const fill = (password: string, again: string) => {
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } })
    fireEvent.change(screen.getByLabelText('New password, again'), { target: { value: again } })
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }))
  }

  it('takes the token from the fragment and removes it from the address', () => {
    window.history.replaceState(null, '', `/reset-password#token=${TOKEN}`)
    mockFetch({})
    render(<ResetPasswordPage />)
    expect(window.location.hash).toBe('')
    expect(window.location.pathname).toBe('/reset-password')
    expect(screen.getByLabelText('New password')).toBeTruthy()
  })

  it('without a token, says where the link comes from and offers no form', () => {
    window.history.replaceState(null, '', '/reset-password')
    render(<ResetPasswordPage />)
    expect(screen.getByRole('alert').textContent).toMatch(/opens from the link in a password reset mail/)
    expect(screen.queryByLabelText('New password')).toBeNull()
  })

  it('checks the length and that both passwords agree before sending anything', () => {
    window.history.replaceState(null, '', `/reset-password#token=${TOKEN}`)
    const { calls } = mockFetch({})
    render(<ResetPasswordPage />)
    fill('short', 'short')
    expect(screen.getByRole('alert').textContent).toBe('Your new password needs at least 8 characters.')
    fill('long enough one', 'long enough two')
    expect(screen.getByRole('alert').textContent).toMatch(/not the same/)
    expect(calls).toEqual([])
  })

  it('sends the token and the password, then offers to log in', async () => {
    window.history.replaceState(null, '', `/reset-password#token=${TOKEN}`)
    const { sent } = mockFetch({ 'POST /auth/password_reset/confirm': { body: { message: 'Your password is changed.' } } })
    useAuthDialogs.setState({ open: null })
    render(<ResetPasswordPage />)
    fill('a brand new passphrase', 'a brand new passphrase')
    expect((await screen.findByRole('status')).textContent).toBe('Your password is changed.')
    expect(sent('POST', '/auth/password_reset/confirm').map((c) => c.body)).toEqual([{ token: TOKEN, password: 'a brand new passphrase' }])
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }))
    expect(useAuthDialogs.getState().open).toBe('login')
  })

  it("shows the server's refusal as it came", async () => {
    window.history.replaceState(null, '', `/reset-password#token=${TOKEN}`)
    mockFetch({ 'POST /auth/password_reset/confirm': { status: 400, body: { error: 'This password reset link does not work any more.' } } })
    render(<ResetPasswordPage />)
    fill('a brand new passphrase', 'a brand new passphrase')
    expect((await screen.findByRole('alert')).textContent).toBe('This password reset link does not work any more.')
  })
})
