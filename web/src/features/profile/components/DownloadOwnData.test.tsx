// docs/accounts.md: "Download my data" saves the server's document as liftarena-<username>.json.
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { DownloadOwnData } from './DownloadOwnData.tsx'

afterEach(() => vi.restoreAllMocks())

describe('DownloadOwnData', () => {
  it("saves the server's document under the account's name", async () => {
    localStorage.setItem('auth_token', 'access')
    localStorage.setItem('userId', '5')
    mockFetch({ 'GET /auth/user/data': { body: { format: 'liftarena-account-data/1', account: { username: 'anna' }, entries: [] } } })
    const blobs: Blob[] = []
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob)
      return 'blob:own-data'
    })
    URL.revokeObjectURL = vi.fn()
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    render(<DownloadOwnData />)
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0]!.download).toBe('liftarena-anna.json')
    expect(clicked[0]!.href).toBe('blob:own-data')
    // jsdom's Blob has no text(): read it as a FileReader would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(String(reader.result))
      reader.readAsText(blobs[0]!)
    })
    expect(JSON.parse(text)).toMatchObject({ format: 'liftarena-account-data/1' })
  })

  it("shows the server's refusal", async () => {
    localStorage.setItem('auth_token', 'access')
    mockFetch({ 'GET /auth/user/data': { status: 429, body: { error: 'You are downloading your data too fast.' } } })
    render(<DownloadOwnData />)
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }))
    expect((await screen.findByRole('alert')).textContent).toBe('You are downloading your data too fast.')
  })
})
