// /admin, for site administrators (ADMIN_USERNAMES on the server; the user menu links here when the
// account's `is_admin`): find accounts, certify judges or withdraw their certification, see every
// certified judge, and set an account's category (men or women) once it can no longer change it itself;
// moderate the site (reports queue, video takedown, audit log: SiteModeration.tsx, Moderation.tsx).
// Each change asks for a confirmation first. Every refusal shows the server's sentence; anyone else
// who opens the page (or whose rights the server no longer grants: 403) reads NOT_ADMIN.
import { useState, type FormEvent, type ReactNode } from 'react'
import { ApiError } from '../../../lib/api-client.ts'
import { ADMIN_ACCOUNTS_LIMIT, type AdminAccount } from '../../../lib/contract.ts'
import { useServerQuery } from '../../../lib/server-query.ts'
import { useViewer } from '../../../lib/viewer.ts'
import { VERIFIED_RULE } from '../../../lib/verified-results.ts'
import { useAuthDialogs } from '../../../stores/auth-dialogs.ts'
import { useSession } from '../../../stores/session.ts'
import { accountsQuery, judgesQuery } from '../api/admin.ts'
import { AccountList } from './AdminAccounts.tsx'
import { ModerationLogSection } from './Moderation.tsx'
import { ReportsQueueSection, VideoTakedownSection } from './SiteModeration.tsx'
import './AdminPage.css'

export const NOT_ADMIN = 'Only a site administrator can see this page.'
const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403

export function AdminPage() {
  const status = useSession((s) => s.status)
  const user = useSession((s) => s.user)
  const showDialog = useAuthDialogs((s) => s.show)

  if (status === 'starting') return <div className="spinner" role="status" aria-label="Loading" />
  if (status === 'unauthenticated') {
    return (
      <NotAdmin>
        <button type="button" className="button button--small" onClick={() => showDialog('login')}>
          Login
        </button>
      </NotAdmin>
    )
  }
  // While the account is still loading the server decides (a 403 shows the same sentence).
  if (user && !user.is_admin) return <NotAdmin />
  return <AdminDesk />
}

function NotAdmin({ children }: { children?: ReactNode }) {
  return (
    <div className="admin">
      <h1>Site administration</h1>
      <p className="alert alert--info" data-testid="not-admin">
        {NOT_ADMIN}
      </p>
      {children}
    </div>
  )
}

function AdminDesk() {
  const [search, setSearch] = useState('')
  const [asked, setAsked] = useState('')
  const viewer = useViewer()
  const judges = useServerQuery(judgesQuery(viewer))
  const found = useServerQuery(accountsQuery(asked, viewer))
  const { setData: setJudges } = judges
  const { setData: setFound } = found

  if (isForbidden(judges.error) || isForbidden(found.error)) return <NotAdmin />

  /** A change the server answered: the account as it is now, in both lists. */
  const changed = (account: AdminAccount) => {
    setFound((list) => list?.map((a) => (a.user_id === account.user_id ? account : a)))
    setJudges((list) => {
      if (!list) return list
      const others = list.filter((a) => a.user_id !== account.user_id)
      if (!account.certified_at) return others
      return list.some((a) => a.user_id === account.user_id)
        ? list.map((a) => (a.user_id === account.user_id ? account : a))
        : [...others, account]
    })
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const q = search.trim()
    if (q === asked) void found.reload()
    else setAsked(q)
  }

  return (
    <div className="admin">
      <header className="page-header">
        <h1>Site administration</h1>
      </header>
      <p className="muted admin__lead">Certified judges make results count on the global boards. {VERIFIED_RULE}</p>

      <section className="section" aria-labelledby="admin-accounts-heading">
        <h2 id="admin-accounts-heading">Accounts</h2>
        <form className="admin__search" role="search" onSubmit={submit}>
          <div className="field">
            <label htmlFor="admin-search">Search accounts</label>
            <input
              id="admin-search"
              type="search"
              value={search}
              maxLength={60}
              placeholder="Name or username"
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <button type="submit" className="button">
            Search
          </button>
        </form>
        <AccountList
          query={found}
          label={asked ? `Accounts matching ${asked}` : 'Accounts'}
          onChanged={changed}
          empty={asked ? `No account matches “${asked}”.` : 'No accounts yet.'}
          more={`Showing the first ${ADMIN_ACCOUNTS_LIMIT}: search to narrow the list.`}
        />
      </section>

      <section className="section" aria-labelledby="admin-judges-heading">
        <h2 id="admin-judges-heading">Certified judges{judges.data ? ` (${judges.data.length})` : ''}</h2>
        <AccountList query={judges} label="Certified judges" onChanged={changed} empty="No certified judges yet." compact />
      </section>

      <ReportsQueueSection />
      <VideoTakedownSection />
      <ModerationLogSection />
    </div>
  )
}
