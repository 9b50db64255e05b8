// /admin: a site administrator finds accounts, certifies a judge only after confirming (nothing is
// sent before), sees the certified judges follow, sets an account's category; every refusal shows
// the server's sentence. Anyone else reads NOT_ADMIN, whether the client knows (is_admin false,
// signed out) or only the server does (403). The user menu links here for administrators only.
import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { Navigation } from '../../../app/layout/Navigation.tsx'
import type { AdminAccount } from '../../../lib/contract.ts'
import { useSession } from '../../../stores/session.ts'
import { mockFetch, type MockRoute } from '../../../test/fetch-mock.ts'
import { user } from '../../../test/fixtures.ts'
import { AdminPage, NOT_ADMIN } from './AdminPage.tsx'

const CERTIFIED_AT = '2026-01-02T10:00:00.000Z'
const judy: AdminAccount = { user_id: 21, username: 'judy', name: 'Judy Hall', sex: 'F', certified_at: CERTIFIED_AT }
const ben: AdminAccount = { user_id: 22, username: 'ben2', name: 'Ben Berg', sex: null, certified_at: null }

/** The server's accounts: GET answers by its query (certified=true, q), the changes answer the account as it becomes. */
function server(extra: Record<string, MockRoute> = {}) {
  let accounts = [judy, ben]
  const put = (username: string, change: Partial<AdminAccount>) => {
    accounts = accounts.map((a) => (a.username === username ? { ...a, ...change } : a))
    return { body: { account: accounts.find((a) => a.username === username) } }
  }
  return mockFetch({
    'GET /admin/accounts': ({ query }) => {
      const q = query.get('q')?.toLowerCase()
      const rows = accounts.filter(
        (a) =>
          (query.get('certified') === 'true' ? a.certified_at !== null : true) &&
          (!q || `${a.name} ${a.username}`.toLowerCase().includes(q)),
      )
      return { body: { accounts: rows } }
    },
    'PUT /admin/judges/ben2': () => put('ben2', { certified_at: '2026-03-01T09:00:00.000Z' }),
    'DELETE /admin/judges/judy': () => put('judy', { certified_at: null }),
    'PUT /admin/accounts/ben2/sex': ({ body }) => put('ben2', { sex: (body as { sex: 'M' | 'F' }).sex }),
    ...extra,
  })
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <AdminPage />
    </MemoryRouter>,
  )
const signedIn = (isAdmin: boolean | undefined) => {
  localStorage.setItem('auth_token', 'token')
  localStorage.setItem('userId', '1')
  useSession.setState({ status: 'authenticated', userId: 1, user: user({ id: 1, is_admin: isAdmin }), error: null })
}
/** An account's card in a list ("Accounts" or "Certified judges"). */
const card = (list: string, name: string) =>
  within(screen.getByRole('list', { name: list })).getByRole('listitem', { name: new RegExp(`^${name} `) })

beforeEach(() => signedIn(true))

describe('site administration', () => {
  it('lists the accounts and the certified judges', async () => {
    const api = server()
    renderPage()
    const judges = await screen.findByRole('list', { name: 'Certified judges' })
    expect(
      within(judges)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Judy Hall (@judy)'])
    expect(screen.getByRole('heading', { name: 'Certified judges (1)' })).toBeTruthy()
    await screen.findByRole('list', { name: 'Accounts' })
    expect(card('Accounts', 'Ben Berg').textContent).toContain('Not a certified judge')
    expect(card('Accounts', 'Ben Berg').textContent).toContain('Category not set')
    expect(card('Accounts', 'Judy Hall').textContent).toContain('Women')
    expect(card('Accounts', 'Judy Hall').textContent).toMatch(/Certified judge since/)
    // Both lists from the admin endpoint, with the bearer token.
    const asked = api.sent('GET', '/admin/accounts')
    expect(asked).toHaveLength(2)
    for (const call of asked) expect(call.headers.Authorization).toBe('Bearer token')
  })

  it('certifying asks first (nothing sent), Cancel goes back; "Yes, certify" sends PUT and both lists follow', async () => {
    const api = server()
    renderPage()
    await screen.findByRole('list', { name: 'Accounts' })
    fireEvent.click(within(card('Accounts', 'Ben Berg')).getByRole('button', { name: 'Certify as judge' }))
    expect(within(card('Accounts', 'Ben Berg')).getByText('Certify Ben Berg as a judge?')).toBeTruthy()
    expect(document.activeElement).toBe(within(card('Accounts', 'Ben Berg')).getByRole('button', { name: 'Yes, certify' }))
    fireEvent.click(within(card('Accounts', 'Ben Berg')).getByRole('button', { name: 'Cancel' }))
    expect(within(card('Accounts', 'Ben Berg')).queryByText('Certify Ben Berg as a judge?')).toBeNull()
    expect(document.activeElement).toBe(within(card('Accounts', 'Ben Berg')).getByRole('button', { name: 'Certify as judge' }))
    expect(api.sent('PUT', '/admin/judges/ben2')).toHaveLength(0)

    fireEvent.click(within(card('Accounts', 'Ben Berg')).getByRole('button', { name: 'Certify as judge' }))
    fireEvent.click(within(card('Accounts', 'Ben Berg')).getByRole('button', { name: 'Yes, certify' }))
    expect((await within(card('Accounts', 'Ben Berg')).findByRole('status')).textContent).toBe('Ben Berg is now a certified judge.')
    expect(api.sent('PUT', '/admin/judges/ben2')).toHaveLength(1)
    expect(card('Accounts', 'Ben Berg').textContent).toMatch(/Certified judge since/)
    expect(within(card('Accounts', 'Ben Berg')).getByRole('button', { name: 'Withdraw certification' })).toBeTruthy()
    // The certified judges now hold him too, without another request.
    expect(card('Certified judges', 'Ben Berg')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Certified judges (2)' })).toBeTruthy()
    expect(api.sent('GET', '/admin/accounts')).toHaveLength(2)
  })

  it('withdrawing takes the judge off the certified list', async () => {
    const api = server()
    renderPage()
    await screen.findByRole('list', { name: 'Certified judges' })
    fireEvent.click(within(card('Certified judges', 'Judy Hall')).getByRole('button', { name: 'Withdraw certification' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes, withdraw' }))
    expect(await screen.findByText('No certified judges yet.')).toBeTruthy()
    expect(api.sent('DELETE', '/admin/judges/judy')).toHaveLength(1)
    expect(card('Accounts', 'Judy Hall').textContent).toContain('Not a certified judge')
  })

  it("a refused change shows the server's sentence in the account's card", async () => {
    server({ 'PUT /admin/judges/ben2': { status: 404, body: { error: 'No account has the username "ben2".' } } })
    renderPage()
    await screen.findByRole('list', { name: 'Accounts' })
    fireEvent.click(within(card('Accounts', 'Ben Berg')).getByRole('button', { name: 'Certify as judge' }))
    fireEvent.click(within(card('Accounts', 'Ben Berg')).getByRole('button', { name: 'Yes, certify' }))
    expect((await within(card('Accounts', 'Ben Berg')).findByRole('alert')).textContent).toBe('No account has the username "ben2".')
    expect(card('Accounts', 'Ben Berg').textContent).toContain('Not a certified judge')
  })

  it("sets an account's category after confirming, sending PUT …/sex", async () => {
    const api = server()
    renderPage()
    await screen.findByRole('list', { name: 'Accounts' })
    const ben = () => card('Accounts', 'Ben Berg')
    expect((within(ben()).getByRole('button', { name: 'Set category' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.change(within(ben()).getByLabelText('Category'), { target: { value: 'F' } })
    fireEvent.click(within(ben()).getByRole('button', { name: 'Set category' }))
    expect(within(ben()).getByText("Set Ben Berg's category to women? Their entries move with it.")).toBeTruthy()
    fireEvent.click(within(ben()).getByRole('button', { name: 'Yes, set' }))
    expect((await within(ben()).findByRole('status')).textContent).toBe('Ben Berg now competes with the women.')
    expect(api.sent('PUT', '/admin/accounts/ben2/sex')[0]!.body).toEqual({ sex: 'F' })
    expect(ben().textContent).toContain('Women')
  })

  it('the search asks for the accounts holding the text', async () => {
    const api = server()
    renderPage()
    await screen.findByRole('list', { name: 'Accounts' })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search accounts' }), { target: { value: ' ben ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    const found = await screen.findByRole('list', { name: 'Accounts matching ben' })
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Ben Berg (@ben2)'])
    expect(api.fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/admin/accounts?q=ben')
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search accounts' }), { target: { value: 'nobody' } })
    fireEvent.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('No account matches “nobody”.')).toBeTruthy()
  })
})

describe('anyone else', () => {
  it('an account that is not an administrator reads the sentence, and nothing is asked of the server', () => {
    signedIn(false)
    const api = server()
    renderPage()
    expect(screen.getByTestId('not-admin').textContent).toBe(NOT_ADMIN)
    expect(NOT_ADMIN).toBe('Only a site administrator can see this page.')
    expect(api.calls).toHaveLength(0)
  })

  it('a 403 from the server shows the same sentence, not a blank page or an error', async () => {
    signedIn(undefined)
    useSession.setState({ user: null })
    server({ 'GET /admin/accounts': { status: 403, body: { error: 'Only a site administrator can do this.' } } })
    renderPage()
    expect((await screen.findByTestId('not-admin')).textContent).toBe(NOT_ADMIN)
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('signed out: the sentence and a Login button', () => {
    useSession.setState({ status: 'unauthenticated', userId: null, user: null, error: null })
    const api = server()
    renderPage()
    expect(screen.getByTestId('not-admin').textContent).toBe(NOT_ADMIN)
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy()
    expect(api.calls).toHaveLength(0)
  })

  it('the user menu links to /admin for administrators only', () => {
    const menu = () =>
      render(
        <MemoryRouter>
          <Navigation />
        </MemoryRouter>,
      )
    signedIn(false)
    menu()
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull()
    act(() => signedIn(true))
    expect(screen.getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin')
  })
})
