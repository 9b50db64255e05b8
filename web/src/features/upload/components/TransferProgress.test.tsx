// The upload panel: size, speed and time left while sending; while offline, a calm status
// instead of speed and time (no error); Cancel.
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { CONNECTION_LOST, TransferProgress } from './TransferProgress.tsx'

const props = { sent: 42_100_000, total: 120_000_000, bytesPerSecond: 3_120_000, offline: false, cancelling: false, onCancel: () => {} }

describe('TransferProgress', () => {
  it('shows size, speed, time left and the percent bar', () => {
    render(<TransferProgress {...props} />)
    expect(screen.getByTestId('upload-details').textContent).toBe('42.1 MB of 120 MB · 3.1 MB/s · about 25 s left')
    expect(screen.getByRole('progressbar', { name: 'Uploading video' }).getAttribute('aria-valuenow')).toBe('35')
    expect(screen.queryByText(CONNECTION_LOST)).toBeNull()
  })

  it('says the connection is lost, keeps the bytes sent, shows no error', () => {
    render(<TransferProgress {...props} offline bytesPerSecond={null} />)
    expect(screen.getByRole('status').textContent).toBe('Connection lost — the upload resumes when you are back online')
    expect(screen.getByTestId('upload-details').textContent).toBe('42.1 MB of 120 MB')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('cancels once', () => {
    const onCancel = vi.fn()
    const { rerender } = render(<TransferProgress {...props} onCancel={onCancel} />)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledOnce()
    rerender(<TransferProgress {...props} onCancel={onCancel} cancelling />)
    expect((screen.getByRole('button', { name: 'Cancelling…' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
