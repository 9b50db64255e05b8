// Which unfinished upload the page offers after a reload, and what it says.
import { describe, expect, it } from 'vitest'
import {
  describeOffer,
  isUploadOfFingerprint,
  pickResumeOffer,
  pruneProgressRecords,
  readProgressRecords,
  removeProgressRecord,
  sameFields,
  saveProgressRecord,
  type ProgressRecords,
  type StoredUpload,
} from './resume-offer.ts'

const NOW = Date.parse('2026-11-25T10:00:00Z')
const stored = (url: string, minutesAgo: number, metadata: Partial<Record<string, string>> = {}): StoredUpload => ({
  size: 120_000_000,
  metadata: {
    filename: `${url}.mp4`,
    filetype: 'video/mp4',
    lift_type: 'squat',
    weight: '180',
    competition_id: '7',
    ...metadata,
  } as Record<string, string>,
  creationTime: new Date(NOW - minutesAgo * 60_000).toString(),
  urlStorageKey: `tus::tus-br-${url}.mp4-video/mp4-120000000-1-http://x/api/uploads/::${minutesAgo}`,
  uploadUrl: `http://x/api/uploads/${url}`,
})
const record = (offset: number, userId = 5) => ({ userId, offset, size: 120_000_000 })

describe('pickResumeOffer', () => {
  it("offers this lifter's latest unfinished upload, with its fields and the percent the server has", () => {
    const uploads = [stored('older', 30), stored('latest', 5, { lift_type: 'deadlift', weight: '212.5', competition_id: '9' })]
    const records: ProgressRecords = { 'http://x/api/uploads/older': record(10_000_000), 'http://x/api/uploads/latest': record(50_400_000) }
    const offer = pickResumeOffer(uploads, records, 5, null, NOW)
    expect(offer).toMatchObject({
      uploadUrl: 'http://x/api/uploads/latest',
      fileName: 'latest.mp4',
      percent: 42,
      liftType: 'deadlift',
      weight: '212.5',
      challengeId: '9',
    })
    expect(describeOffer(offer!)).toBe('Unfinished upload: latest.mp4, 42 % — choose the same file to resume')
  })

  it("never offers another lifter's upload, one without a record, or one the server has let expire", () => {
    const records: ProgressRecords = { 'http://x/api/uploads/theirs': record(1, 6), 'http://x/api/uploads/old': record(1) }
    expect(pickResumeOffer([stored('theirs', 5)], records, 5, null, NOW)).toBeNull()
    expect(pickResumeOffer([stored('unknown', 5)], records, 5, null, NOW)).toBeNull()
    expect(pickResumeOffer([stored('old', 25 * 60)], records, 5, null, NOW)).toBeNull()
    expect(pickResumeOffer([stored('old', 23 * 60)], records, 5, null, NOW)).not.toBeNull()
    expect(pickResumeOffer([stored('old', 5)], records, null, null, NOW)).toBeNull()
  })

  it("on a challenge's upload page offers only that challenge's upload", () => {
    const records: ProgressRecords = { 'http://x/api/uploads/a': record(1) }
    expect(pickResumeOffer([stored('a', 5, { competition_id: '9' })], records, 5, 7, NOW)).toBeNull()
    expect(pickResumeOffer([stored('a', 5, { competition_id: '7' })], records, 5, 7, NOW)?.challengeId).toBe('7')
  })

  it('says 99 % at most: only the server finishes an upload', () => {
    const records: ProgressRecords = { 'http://x/api/uploads/a': record(120_000_000) }
    expect(pickResumeOffer([stored('a', 5)], records, 5, null, NOW)?.percent).toBe(99)
  })
})

describe('matching an upload', () => {
  it('by the fields it was created with (weights compared as numbers)', () => {
    const metadata = { lift_type: 'squat', weight: '180', competition_id: '7' }
    expect(sameFields(metadata, { liftType: 'squat', weight: '180.0', challengeId: '7' })).toBe(true)
    expect(sameFields(metadata, { liftType: 'squat', weight: '182.5', challengeId: '7' })).toBe(false)
    expect(sameFields(metadata, { liftType: 'bench', weight: '180', challengeId: '7' })).toBe(false)
    expect(sameFields(metadata, { liftType: 'squat', weight: '180', challengeId: '8' })).toBe(false)
  })

  it("by tus-js-client's fingerprint in its storage key", () => {
    expect(isUploadOfFingerprint('tus::tus-br-a.mp4-video/mp4-12-1-http://x/::123', 'tus-br-a.mp4-video/mp4-12-1-http://x/')).toBe(true)
    expect(isUploadOfFingerprint('tus::tus-br-a.mp4-video/mp4-13-1-http://x/::123', 'tus-br-a.mp4-video/mp4-12-1-http://x/')).toBe(false)
  })
})

describe('progress records', () => {
  it('are kept per upload URL and dropped with their tus entry', () => {
    saveProgressRecord('http://x/api/uploads/a', record(10))
    saveProgressRecord('http://x/api/uploads/b', record(20))
    saveProgressRecord('http://x/api/uploads/a', record(30))
    expect(readProgressRecords()).toEqual({ 'http://x/api/uploads/a': record(30), 'http://x/api/uploads/b': record(20) })
    pruneProgressRecords([stored('b', 1)])
    expect(Object.keys(readProgressRecords())).toEqual(['http://x/api/uploads/b'])
    removeProgressRecord('http://x/api/uploads/b')
    expect(localStorage.getItem('liftarena-upload-progress')).toBeNull()
  })

  it('survive a corrupt entry', () => {
    localStorage.setItem('liftarena-upload-progress', '{nope')
    expect(readProgressRecords()).toEqual({})
  })
})
