// docs/product/screens.md /athletes: search by name, country or weight class (from the database, not samples).
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { Avatar } from '../../../components/Avatar.tsx'
import { formatKg } from '../../../lib/format.ts'
import { useAthletes } from '../api/get-athletes.ts'
import './AthletesPage.css'

const NO_ATHLETES = 'No athletes found matching your search criteria.'
const SEARCH_DELAY_MS = 250

export function AthletesPage() {
  const [params, setParams] = useSearchParams()
  const [text, setText] = useState(params.get('q') ?? '')
  const query = params.get('q') ?? ''
  // Search as the user types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => setParams(text.trim() ? { q: text.trim() } : {}, { replace: true }), SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, setParams])
  const { data, error, loading } = useAthletes(query)

  return (
    <>
      <header className="page-header">
        <h1>Athletes</h1>
      </header>
      <div className="field athletes__search">
        <label htmlFor="athlete-search">Search by name, country or weight class</label>
        <input
          id="athlete-search"
          type="search"
          placeholder="e.g. Norway, 83kg, Anna"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </div>
      {error ? (
        <p className="alert alert--error" role="alert">
          Failed to load athletes. Please try again later.
        </p>
      ) : loading && !data ? (
        <div className="spinner" role="status" aria-label="Loading athletes" />
      ) : data && data.length === 0 ? (
        <p className="empty">{NO_ATHLETES}</p>
      ) : (
        <ul className="athletes" aria-label="Athletes">
          {data?.map((a) => (
            <li key={a.id} className="panel athlete">
              <Avatar id={a.id} name={a.name} size={56} />
              <div className="athlete__text">
                <Link to={`/profile/${a.id}`} className="athlete__name">
                  {a.name}
                </Link>
                <span className="muted">{[a.country, a.weight_class].filter(Boolean).join(' · ') || '—'}</span>
                <span className="athlete__stats">
                  <span>
                    {a.competitions} {a.competitions === 1 ? 'challenge' : 'challenges'}
                  </span>
                  <span>Best total {a.best_total > 0 ? formatKg(a.best_total) : '—'}</span>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
