// docs/accounts.md: deleting the account warns what goes and what stays, sends nothing until DELETE is typed and the
// password given, signs this tab out on success and shows the server's refusal as it came.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { useSession } from '../../../stores/session.ts'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { DeleteAccount } from './DeleteAccount.tsx'

beforeEach(() => {
  localStorage.setItem('auth_token', 'access')
  localStorage.setItem('refresh_token', 'refresh')
  localStorage.setItem('userId', '5')
  useSession.setState({ status: 'authenticated', userId: 5, user: null, error: null })
})

function open() {
  render(
    <MemoryRouter>
      <DeleteAccount />
    </MemoryRouter>,
  )
  fireEvent.click(screen.getByText('Delete my account', { selector: 'summary' }))
}
const button = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Delete my account for good' })

describe('DeleteAccount', () => {
  it('warns, and stays disabled until DELETE is typed and the password given', () => {
    const { calls } = mockFetch({})
    open()
    expect(screen.getByRole('note').textContent).toMatch(/cannot be undone.*Deleted lifter/s)
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'secret pass' } })
    expect(button().disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'delete' } })
    expect(button().disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } })
    expect(button().disabled).toBe(false)
    expect(calls).toEqual([])
  })

  it('sends the password, then signs this tab out', async () => {
    const { sent } = mockFetch({ 'DELETE /auth/user': { body: { message: 'Your account is deleted, with everything it held.' } } })
    open()
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } })
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'secret pass' } })
    fireEvent.click(button())
    await waitFor(() => expect(useSession.getState().status).toBe('unauthenticated'))
    expect(sent('DELETE', '/auth/user')[0]!.body).toEqual({ password: 'secret pass' })
    expect(localStorage.getItem('auth_token')).toBeNull()
  })

  it("shows the server's refusal and keeps the session", async () => {
    mockFetch({ 'DELETE /auth/user': { status: 400, body: { error: 'Your password is not right.' } } })
    open()
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } })
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'wrong' } })
    fireEvent.click(button())
    expect((await screen.findByRole('alert')).textContent).toBe('Your password is not right.')
    expect(useSession.getState().status).toBe('authenticated')
  })
})
