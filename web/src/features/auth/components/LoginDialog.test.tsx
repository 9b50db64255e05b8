// docs/product/states.md, validation.md login: success message and close after 1 s; failure text and a cleared password.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { user } from '../../../test/fixtures.ts'
import { LoginDialog } from './LoginDialog.tsx'

beforeEach(() => useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null }))

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Username or email'), { target: { value: username } })
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Login' }))
}

describe('LoginDialog', () => {
  it('is a labelled dialog with focus in the first field, closed by Escape', () => {
    const onClose = vi.fn()
    render(<LoginDialog onClose={onClose} onSwitchToRegister={() => undefined} />)
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Username or email'))
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(onClose).toHaveBeenCalledOnce()
  })

  it("says 'Login successful!' and closes after 1 second", async () => {
    mockFetch({ 'POST /auth/login': { body: { access_token: 'a', refresh_token: 'r', user_id: 5 } }, 'GET /auth/user': { body: user() } })
    const onClose = vi.fn()
    render(<LoginDialog onClose={onClose} onSwitchToRegister={() => undefined} />)
    vi.useFakeTimers()
    fill('anna1', 'liftarena-demo')
    await act(() => vi.advanceTimersByTimeAsync(0)) // the login and profile calls resolve
    expect(screen.getByText('Login successful!')).toBeTruthy()
    expect(localStorage.getItem('auth_token')).toBe('a')
    expect(localStorage.getItem('userId')).toBe('5')
    act(() => vi.advanceTimersByTime(999))
    expect(onClose).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('shows the error and clears the password on failure', async () => {
    mockFetch({ 'POST /auth/login': { status: 401, body: { error: 'Invalid username or password. Please try again.' } } })
    render(<LoginDialog onClose={() => undefined} onSwitchToRegister={() => undefined} />)
    fill('anna1', 'wrong')
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Invalid username or password. Please try again.')
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Username or email') as HTMLInputElement).value).toBe('anna1')
  })
})
