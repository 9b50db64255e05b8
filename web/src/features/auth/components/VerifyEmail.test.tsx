// docs/accounts.md: the verification page takes the token from the fragment, removes it from the
// address, and verifies only on a click.
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { VerifyEmailPage } from './VerifyEmailPage.tsx'

const TOKEN = 'B'.repeat(43)

afterEach(() => window.history.replaceState(null, '', '/'))

describe('VerifyEmailPage', () => {
  it('takes the token from the fragment, sends nothing until the click, then shows the answer', async () => {
    window.history.replaceState(null, '', `/verify-email#token=${TOKEN}`)
    const { calls, sent } = mockFetch({ 'POST /auth/verify_email/confirm': { body: { message: 'Your email address is verified.' } } })
    render(
      <MemoryRouter>
        <VerifyEmailPage />
      </MemoryRouter>,
    )
    expect(window.location.hash).toBe('')
    expect(calls).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Verify my address' }))
    expect((await screen.findByRole('status')).textContent).toBe('Your email address is verified.')
    expect(sent('POST', '/auth/verify_email/confirm').map((c) => c.body)).toEqual([{ token: TOKEN }])
  })

  it("shows the server's refusal as it came, and says where the link comes from without a token", async () => {
    window.history.replaceState(null, '', `/verify-email#token=${TOKEN}`)
    mockFetch({ 'POST /auth/verify_email/confirm': { status: 400, body: { error: 'This verification link does not work any more.' } } })
    const { unmount } = render(
      <MemoryRouter>
        <VerifyEmailPage />
      </MemoryRouter>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Verify my address' }))
    expect((await screen.findByRole('alert')).textContent).toBe('This verification link does not work any more.')
    unmount()
    window.history.replaceState(null, '', '/verify-email')
    render(
      <MemoryRouter>
        <VerifyEmailPage />
      </MemoryRouter>,
    )
    expect(screen.getByRole('alert').textContent).toMatch(/opens from the link in a verification mail/)
    expect(screen.queryByRole('button', { name: 'Verify my address' })).toBeNull()
  })
})
