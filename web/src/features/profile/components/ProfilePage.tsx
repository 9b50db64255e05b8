// docs/product/screens.md /profile: the own profile; /profile/{id} and /profile?id= show that athlete's public
// profile. Without a session and without an id it goes home (docs/product/states.md). Each video says good lift,
// no lift or awaiting judges; a decision in one of the lifter's challenges refetches the profile.
// The header names the lifter's category and whether they are a certified judge; the own profile
// lets the lifter choose their category while they have no results (AccountCategory).
import { Link, Navigate, useParams, useSearchParams } from 'react-router'
import { AttemptVerdict } from '../../../components/AttemptChip.tsx'
import { Avatar } from '../../../components/Avatar.tsx'
import { LoadError } from '../../../components/LoadError.tsx'
import { OfflineNotice } from '../../../components/OfflineNotice.tsx'
import { VideoThumb } from '../../../components/VideoThumb.tsx'
import { formatDate, formatKg, liftLabel } from '../../../lib/format.ts'
import { useSession } from '../../../stores/session.ts'
import { NO_USER_ID, PROFILE_FAILED, profileVideos, useLiveProfile } from '../api/get-profile.ts'
import { useHistoryPlaces } from '../api/history-places.ts'
import { AccountBirthDate } from './AccountBirthDate.tsx'
import { AccountCategory } from './AccountCategory.tsx'
import { ChangePassword } from './ChangePassword.tsx'
import { DownloadOwnData } from './DownloadOwnData.tsx'
import { DeleteAccount } from './DeleteAccount.tsx'
import { EditProfile } from './EditProfile.tsx'
import { AvatarUpload } from './AvatarUpload.tsx'
import { EmailVerification } from './EmailVerification.tsx'
import { ProfileHistory } from './ProfileHistory.tsx'
import './ProfilePage.css'

const CATEGORY_NAMES = { M: 'Men', F: 'Women' } as const

export function ProfilePage() {
  const routeId = useParams().id
  const [params] = useSearchParams()
  const requested = routeId ?? params.get('id')
  const session = useSession((s) => s.status)
  const ownId = useSession((s) => s.userId)
  const requestedId = requested && /^\d+$/.test(requested) && Number(requested) > 0 ? Number(requested) : null
  const userId = requested ? requestedId : ownId
  const { data, error, reload, setData } = useLiveProfile(userId)
  const places = useHistoryPlaces(data?.user.id ?? null, data?.competitions)

  if (!requested && session === 'unauthenticated') return <Navigate to="/" replace />
  if (!requested && session === 'starting') return <div className="spinner" role="status" aria-label="Loading profile" />
  if (!userId)
    return (
      <p className="alert alert--error" role="alert">
        {NO_USER_ID}
      </p>
    )
  if (!data) {
    if (!error) return <div className="spinner" role="status" aria-label="Loading profile" />
    return (
      <>
        <LoadError message={`${PROFILE_FAILED}: ${(error as Error).message}`} onRetry={() => void reload()} />
        <OfflineNotice />
      </>
    )
  }

  const { user, achievements, best_lifts: bests, competitions: challenges, uploaded_videos: uploads } = data
  const own = user.id === ownId
  const videos = profileVideos(uploads)
  return (
    <div className="profile">
      <OfflineNotice />
      <header className="profile__header panel">
        <Avatar id={user.id} name={user.name} size={96} file={user.avatar} />
        <div>
          <h1>{user.name}</h1>
          <p className="muted">
            @{user.username}
            {user.email ? ` · ${user.email}` : ''}
          </p>
          <p className="row">
            {user.country && <span className="tag">{user.country}</span>}
            {user.weight_class && <span className="tag">{user.weight_class}</span>}
            {user.sex && <span className="tag">{CATEGORY_NAMES[user.sex]}</span>}
            {user.certified_judge && (
              <span
                className="tag tag--certified"
                title="Certified by a site administrator: their panels' decisions can count on the global boards"
              >
                Certified judge
              </span>
            )}
            <span className="muted">Member since {formatDate(user.created_at)}</span>
          </p>
          {user.bio && <p>{user.bio}</p>}
          {own && <AvatarUpload onSaved={(avatar) => setData((d) => (d ? { ...d, user: { ...d.user, avatar } } : d))} />}
          {own && <EmailVerification verified={user.email_verified} />}
          {own && (
            <Link className="button button--small" to="/upload">
              Upload a lift
            </Link>
          )}
          {own && (
            <AccountCategory
              sex={user.sex}
              onSaved={(account) => setData((d) => (d ? { ...d, user: { ...d.user, sex: account.sex } } : d))}
            />
          )}
          {own && <AccountBirthDate />}
          {own && (
            <EditProfile
              user={user}
              onSaved={(account) =>
                setData((d) => (d ? { ...d, user: { ...d.user, name: account.name, country: account.country, bio: account.bio } } : d))
              }
            />
          )}
          {own && <ChangePassword />}
          {own && <DownloadOwnData />}
          {own && <DeleteAccount />}
        </div>
      </header>

      <section className="section" aria-labelledby="achievements-heading">
        <h2 id="achievements-heading">Achievements</h2>
        <dl className="stats">
          <div>
            <dt>Challenges</dt>
            <dd>{achievements.total_competitions}</dd>
          </div>
          <div>
            <dt>Successful lifts</dt>
            <dd>{achievements.total_successful_lifts}</dd>
          </div>
          <div>
            <dt>Heaviest lift</dt>
            <dd>{formatKg(achievements.heaviest_lift)}</dd>
          </div>
          {/* Only a lifter who has snatched or cleaned & jerked: a powerlifter's page shows no "Best snatch 0 kg". */}
          {achievements.best_snatch > 0 && (
            <div>
              <dt>Best snatch</dt>
              <dd>{formatKg(achievements.best_snatch)}</dd>
            </div>
          )}
          {achievements.best_clean_and_jerk > 0 && (
            <div>
              <dt>Best clean &amp; jerk</dt>
              <dd>{formatKg(achievements.best_clean_and_jerk)}</dd>
            </div>
          )}
        </dl>
      </section>

      <section className="section" aria-labelledby="bests-heading">
        <h2 id="bests-heading">Personal bests</h2>
        {bests.length === 0 ? (
          <p className="empty">No personal bests recorded yet</p>
        ) : (
          <dl className="stats">
            {bests.map((b) => (
              <div key={b.type}>
                <dt>{liftLabel(b.type)}</dt>
                <dd>{formatKg(b.best_weight)}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>

      <section className="section" aria-labelledby="history-heading">
        <h2 id="history-heading">Competition history</h2>
        <ProfileHistory challenges={challenges} places={places.data} />
      </section>

      <section className="section" aria-labelledby="videos-heading">
        <h2 id="videos-heading">Videos</h2>
        {videos.length === 0 ? (
          <p className="empty">No videos found</p>
        ) : (
          <ul className="profile__videos thumb-grid">
            {videos.map((v) => (
              <li key={v.attempt_id}>
                <Link
                  className="profile-video"
                  to={`/challenges/${v.competition_id}/participants/${v.participant_id}/video/${v.attempt_id}`}
                >
                  <VideoThumb poster={v.poster_url} />
                  <span>
                    <strong>
                      {liftLabel(v.lift_type)} {formatKg(v.weight)}
                    </strong>{' '}
                    · <AttemptVerdict attempt={v} />
                    <br />
                    <span className="muted">{v.competition_name}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
