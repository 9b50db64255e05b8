// docs/accounts.md: the own profile shows the verified mark, or sends a new verification link.
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { EmailVerification } from './EmailVerification.tsx'

describe('EmailVerification (own profile)', () => {
  it('shows the mark when verified, nothing for another account', () => {
    const { unmount } = render(<EmailVerification verified />)
    expect(screen.getByText('Email verified')).toBeTruthy()
    unmount()
    const { container } = render(<EmailVerification verified={undefined} />)
    expect(container.textContent).toBe('')
  })

  it("sends a new link and shows the server's sentence or refusal", async () => {
    localStorage.setItem('auth_token', 'access')
    localStorage.setItem('userId', '5')
    const { sent } = mockFetch({
      'POST /auth/verify_email': { status: 202, body: { message: 'We have sent a verification link to anna@example.com.' } },
    })
    const { unmount } = render(<EmailVerification verified={false} />)
    fireEvent.click(screen.getByRole('button', { name: 'Send the verification link again' }))
    expect((await screen.findByRole('status')).textContent).toBe('We have sent a verification link to anna@example.com.')
    expect(sent('POST', '/auth/verify_email')).toHaveLength(1)
    unmount()
    mockFetch({ 'POST /auth/verify_email': { status: 429, body: { error: 'We have sent you 3 verification links in the last hour.' } } })
    render(<EmailVerification verified={false} />)
    fireEvent.click(screen.getByRole('button', { name: 'Send the verification link again' }))
    expect((await screen.findByRole('alert')).textContent).toBe('We have sent you 3 verification links in the last hour.')
  })
})
