// An unfinished upload the lifter can pick up after a reload: tus-js-client keeps each upload's URL
// and metadata in localStorage under its file fingerprint; beside it we keep how far it got and
// whose it is (tus does not), so the page can say "42 %" without asking the server, and never
// offers one lifter another's upload on a shared phone.

const PROGRESS_KEY = 'liftarena-upload-progress'
/** The server keeps an unfinished upload this long by default (UPLOAD_RESUME_HOURS=24); older ones are gone. */
const RESUME_MAX_AGE_MS = 24 * 3_600_000

/** What tus-js-client stores per upload (its PreviousUpload). */
export interface StoredUpload {
  size: number | null
  metadata: Record<string, string>
  creationTime: string
  urlStorageKey: string
  uploadUrl: string | null
}

/** Ours, per upload URL: who started it and the bytes the server has accepted. */
interface ProgressRecord {
  userId: number
  offset: number
  size: number
}
export type ProgressRecords = Record<string, ProgressRecord>

export interface ResumeOffer {
  uploadUrl: string
  urlStorageKey: string
  fileName: string
  /** Whole percent accepted by the server, rounded down (never says 100 % for what is not done). */
  percent: number
  liftType: string
  weight: string
  challengeId: string
}

/** The form fields an upload was created with, as the tus metadata carries them. */
export interface UploadFields {
  liftType: string
  weight: string
  challengeId: string
}

export const fieldsOf = (metadata: Record<string, string>): UploadFields => ({
  liftType: metadata.lift_type ?? '',
  weight: metadata.weight ?? '',
  challengeId: metadata.competition_id ?? '',
})

/** The server fixed the fields when the upload was created: an upload resumes only for the same ones. */
export function sameFields(metadata: Record<string, string>, fields: UploadFields): boolean {
  const stored = fieldsOf(metadata)
  return stored.liftType === fields.liftType && Number(stored.weight) === Number(fields.weight) && stored.challengeId === fields.challengeId
}

/** tus-js-client's storage key is `tus::<fingerprint>::<random>`. */
export const isUploadOfFingerprint = (urlStorageKey: string, fingerprint: string) => urlStorageKey.startsWith(`tus::${fingerprint}::`)

const created = (upload: StoredUpload) => {
  const time = Date.parse(upload.creationTime)
  return Number.isNaN(time) ? 0 : time
}

/**
 * The unfinished upload to offer: this lifter's, still kept by the server, for the route's
 * challenge when the page is a challenge's (on /upload, any), the latest one.
 */
export function pickResumeOffer(
  uploads: readonly StoredUpload[],
  records: ProgressRecords,
  userId: number | null,
  routeChallengeId: number | null,
  now: number,
  maxAgeMs = RESUME_MAX_AGE_MS,
): ResumeOffer | null {
  if (!userId) return null
  const candidates = uploads.filter((u) => {
    const record = u.uploadUrl ? records[u.uploadUrl] : undefined
    if (!record || record.userId !== userId) return false
    if (now - created(u) > maxAgeMs) return false
    return !routeChallengeId || u.metadata.competition_id === String(routeChallengeId)
  })
  const latest = candidates.sort((a, b) => created(b) - created(a))[0]
  if (!latest?.uploadUrl) return null
  const record = records[latest.uploadUrl]!
  const size = latest.size ?? record.size
  return {
    uploadUrl: latest.uploadUrl,
    urlStorageKey: latest.urlStorageKey,
    fileName: latest.metadata.filename ?? 'video',
    percent: size > 0 ? Math.min(99, Math.floor((record.offset / size) * 100)) : 0,
    ...fieldsOf(latest.metadata),
  }
}

export const describeOffer = (offer: ResumeOffer) =>
  `Unfinished upload: ${offer.fileName}, ${offer.percent} % — choose the same file to resume`

// The records, in localStorage beside tus-js-client's entries. Storage may be disabled (private
// mode): then nothing is offered after a reload, and uploads still resume within the page.

export function readProgressRecords(): ProgressRecords {
  try {
    const parsed = JSON.parse(localStorage.getItem(PROGRESS_KEY) ?? '{}') as unknown
    return parsed && typeof parsed === 'object' ? (parsed as ProgressRecords) : {}
  } catch {
    return {}
  }
}

function writeProgressRecords(records: ProgressRecords) {
  try {
    if (Object.keys(records).length === 0) localStorage.removeItem(PROGRESS_KEY)
    else localStorage.setItem(PROGRESS_KEY, JSON.stringify(records))
  } catch {
    // storage disabled or full: the offer after a reload is lost, the upload is not
  }
}

export function saveProgressRecord(uploadUrl: string, record: ProgressRecord) {
  writeProgressRecords({ ...readProgressRecords(), [uploadUrl]: record })
}

export function removeProgressRecord(uploadUrl: string) {
  const records = readProgressRecords()
  if (!(uploadUrl in records)) return
  delete records[uploadUrl]
  writeProgressRecords(records)
}

/** Drops records whose tus entry is gone (finished, cancelled or expired elsewhere). */
export function pruneProgressRecords(uploads: readonly StoredUpload[]) {
  const live = new Set(uploads.map((u) => u.uploadUrl))
  const records = readProgressRecords()
  const kept = Object.fromEntries(Object.entries(records).filter(([url]) => live.has(url)))
  if (Object.keys(kept).length !== Object.keys(records).length) writeProgressRecords(kept)
}
