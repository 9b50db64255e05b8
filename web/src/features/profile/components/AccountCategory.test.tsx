// The own profile's category: the lifter sets it (PATCH /auth/user {sex}) while the account has no
// results; the server's 409 sentence shows as it comes and the choice goes back to the saved one.
// Another lifter's profile shows the category and the certified-judge mark, with nothing to change.
import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import type { ProfileResponse } from '../../../lib/contract.ts'
import { useLive } from '../../../stores/live.ts'
import { useSession } from '../../../stores/session.ts'
import { mockFetch, type MockRoute } from '../../../test/fetch-mock.ts'
import { user } from '../../../test/fixtures.ts'
import { CATEGORY_SAVED } from './AccountCategory.tsx'
import { ProfilePage } from './ProfilePage.tsx'

const SEX_FIXED = 'Your account has results, so only a site administrator can change its sex. Please contact one.'
const profile = (overrides: Partial<ProfileResponse['user']> = {}): ProfileResponse => ({
  user: user({ id: 5, name: 'Test Lifter', ...overrides }),
  achievements: { total_competitions: 0, total_successful_lifts: 0, heaviest_lift: 0, best_snatch: 0, best_clean_and_jerk: 0 },
  best_lifts: [],
  competitions: [],
  uploaded_videos: [],
})

beforeEach(() => {
  useLive.setState({ watch: () => () => {} })
  localStorage.setItem('auth_token', 'token')
  localStorage.setItem('userId', '5')
  useSession.setState({ status: 'authenticated', userId: 5, user: user({ id: 5 }), error: null })
})

const renderAt = (url: string, routes: Record<string, MockRoute>) => {
  const api = mockFetch(routes)
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/profile" element={<ProfilePage />} />
        <Route path="/profile/:id" element={<ProfilePage />} />
      </Routes>
    </MemoryRouter>,
  )
  return api
}
const category = () => screen.getByLabelText('Category') as HTMLSelectElement
const save = () => screen.getByRole('button', { name: 'Save category' }) as HTMLButtonElement

describe('the own category', () => {
  it('not chosen yet: choosing Women and saving sends PATCH /auth/user {sex:"F"}, and the header and session follow', async () => {
    const api = renderAt('/profile', {
      'GET /users/5/profile': { body: profile() },
      'PATCH /auth/user': ({ body }) => ({ body: user({ id: 5, sex: (body as { sex: 'M' | 'F' }).sex }) }),
    })
    await screen.findByRole('heading', { name: 'Test Lifter' })
    expect(category().value).toBe('')
    expect(save().disabled).toBe(true)
    fireEvent.change(category(), { target: { value: 'F' } })
    fireEvent.click(save())
    expect((await screen.findByText(CATEGORY_SAVED)).getAttribute('role')).toBe('status')
    expect(api.sent('PATCH', '/auth/user')[0]!.body).toEqual({ sex: 'F' })
    expect(screen.getByText('Women', { selector: '.tag' })).toBeTruthy()
    expect(useSession.getState().user?.sex).toBe('F')
    expect(save().disabled).toBe(true)
  })

  it('with results the server refuses (409): its sentence shows, and the choice goes back', async () => {
    renderAt('/profile', {
      'GET /users/5/profile': { body: profile({ sex: 'M' }) },
      'PATCH /auth/user': { status: 409, body: { error: SEX_FIXED } },
    })
    await screen.findByRole('heading', { name: 'Test Lifter' })
    expect(category().value).toBe('M')
    fireEvent.change(category(), { target: { value: 'F' } })
    fireEvent.click(save())
    expect((await screen.findByRole('alert')).textContent).toBe(SEX_FIXED)
    expect(category().value).toBe('M')
    expect(screen.getByText('Men', { selector: '.tag' })).toBeTruthy()
  })

  it("another lifter's profile shows their category and certification, with nothing to change", async () => {
    renderAt('/profile/9', {
      'GET /users/9/profile': {
        body: {
          ...profile({ sex: 'F', certified_judge: true }),
          user: user({ id: 9, name: 'Judy Hall', sex: 'F', certified_judge: true }),
        },
      },
    })
    await screen.findByRole('heading', { name: 'Judy Hall' })
    expect(screen.getByText('Women', { selector: '.tag' })).toBeTruthy()
    expect(screen.getByText('Certified judge')).toBeTruthy()
    expect(screen.queryByLabelText('Category')).toBeNull()
  })
})
