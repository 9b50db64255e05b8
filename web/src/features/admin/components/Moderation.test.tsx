// docs/moderation.md: the admin page bans and unbans with a reason, showing the server's answer,
// and lists the audit log.
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { mockFetch } from '../../../test/fetch-mock.ts'
import { BanControl, ModerationLogSection } from './Moderation.tsx'

const spammer = { user_id: 9, username: 'spammer', name: 'Spam Bot', sex: null, certified_at: null, banned_at: null }

describe('BanControl', () => {
  it('needs a reason, sends it, and follows the account the server answers', async () => {
    localStorage.setItem('auth_token', 'access')
    localStorage.setItem('userId', '1')
    const api = mockFetch({
      'PUT /admin/accounts/spammer/ban': { body: { account: { ...spammer, banned_at: '2026-11-28T09:00:00.000Z' } } },
    })
    const onChanged = vi.fn()
    render(<BanControl account={spammer} onChanged={onChanged} />)
    const button = screen.getByRole('button', { name: 'Ban account' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    fireEvent.change(screen.getByLabelText('Why ban'), { target: { value: 'Spam links' } })
    fireEvent.click(button)
    expect((await screen.findByRole('status')).textContent).toBe('Spam Bot is banned: their sessions have ended everywhere.')
    expect(api.sent('PUT', '/admin/accounts/spammer/ban').map((c) => c.body)).toEqual([{ reason: 'Spam links' }])
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ banned_at: '2026-11-28T09:00:00.000Z' }))
  })

  it('offers Unban for a banned account', () => {
    render(<BanControl account={{ ...spammer, banned_at: '2026-11-28T09:00:00.000Z' }} onChanged={() => undefined} />)
    expect(screen.getByRole('button', { name: 'Unban' })).toBeTruthy()
    expect(screen.getByLabelText('Why lift the ban')).toBeTruthy()
  })
})

describe('ModerationLogSection', () => {
  it('lists who did what, when and why', async () => {
    localStorage.setItem('auth_token', 'access')
    localStorage.setItem('userId', '1')
    mockFetch({
      'GET /admin/moderation': {
        body: {
          actions: [
            {
              id: 2,
              admin: 'modadmin',
              action: 'remove_comment',
              target_type: 'comment',
              target_id: 5,
              target: 'on attempt 3: buy pills',
              reason: 'Spam',
              at: '2026-11-28T09:01:00.000Z',
            },
            {
              id: 1,
              admin: 'modadmin',
              action: 'ban',
              target_type: 'user',
              target_id: 9,
              target: 'spammer',
              reason: 'Spam links',
              at: '2026-11-28T09:00:00.000Z',
            },
          ],
        },
      },
    })
    render(<ModerationLogSection />)
    const rows = await screen.findAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual([
      'WhenWhoWhatWhy',
      expect.stringContaining('@modadminRemoved a comment on attempt 3: buy pillsSpam'),
      expect.stringContaining('@modadminBanned @spammerSpam links'),
    ])
  })
})
