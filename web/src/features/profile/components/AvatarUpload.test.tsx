// docs/accounts.md: the avatar upload sends the picture's bytes as they are (its own type), refuses a file over
// 5 MB without sending it, and shows the server's refusal as it came.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { AvatarUpload } from './AvatarUpload.tsx'

beforeEach(() => {
  localStorage.setItem('auth_token', 'access')
  localStorage.setItem('userId', '5')
})
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Change picture'), { target: { files: [file] } })

describe('AvatarUpload', () => {
  it('sends the picture raw and hands on the new avatar', async () => {
    const { calls } = mockFetch({ 'PUT /auth/user/avatar': { body: { avatar: '5-0123456789abcdef.jpg' } } })
    const onSaved = vi.fn()
    render(<AvatarUpload onSaved={onSaved} />)
    choose(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('5-0123456789abcdef.jpg'))
    expect(calls[0]!.headers['Content-Type']).toBe('image/png')
  })

  it('refuses a file over 5 MB without sending it, and shows a refusal', async () => {
    const { calls } = mockFetch({
      'PUT /auth/user/avatar': { status: 400, body: { error: 'An avatar must be a JPEG, PNG or WebP image.' } },
    })
    render(<AvatarUpload onSaved={() => undefined} />)
    choose(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }))
    expect(screen.getByRole('alert').textContent).toMatch(/over 5 MB/)
    expect(calls).toEqual([])
    choose(new File(['hello'], 'a.png', { type: 'image/png' }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('An avatar must be a JPEG, PNG or WebP image.'))
  })
})
