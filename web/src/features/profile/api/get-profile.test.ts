import { describe, expect, it } from 'vitest'
import type { UploadedVideo } from '../../../lib/contract.ts'
import { profileVideos } from './get-profile.ts'

const video = (attempt_id: number, competition_id: number): UploadedVideo => ({
  attempt_id,
  competition_id,
  competition_name: `C${competition_id}`,
  participant_id: 1,
  lift_type: 'squat',
  weight: 100,
  status: 'completed',
  created_at: '2026-01-01T00:00:00Z',
  user_id: 1,
  video_url: '/api/video/x',
  poster_url: null,
  processing: 'ready',
})

describe('profile videos (docs/product/limits.md)', () => {
  it('6 from one challenge', () => {
    expect(profileVideos([1, 2, 3, 4, 5, 6, 7].map((id) => video(id, 1)))).toHaveLength(6)
  })
  it('at most 3 per challenge when there are several, 6 in all', () => {
    const list = [1, 2, 3, 4, 5]
      .map((id) => video(id, 1))
      .concat(
        [6, 7, 8, 9].map((id) => video(id, 2)),
        [video(10, 3)],
      )
    expect(profileVideos(list).map((v) => v.attempt_id)).toEqual([1, 2, 3, 6, 7, 8])
  })
})
