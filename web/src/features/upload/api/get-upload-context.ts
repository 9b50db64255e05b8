// What the upload form needs about the lifter: best lifts (default weights) and joined challenges.
import { apiGet } from '../../../lib/api-client.ts'
import type { ProfileResponse } from '../../../lib/contract.ts'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { useServerQuery } from '../../../lib/server-query.ts'

const getUploadContext = (userId: number, signal?: AbortSignal) =>
  apiGet<ProfileResponse>(`/users/${userId}/profile`, { auth: 'optional', signal })

const uploadContextQuery = (userId: number | null) =>
  queryOptions({
    queryKey: ['upload-context', userId ?? 0] as const,
    queryFn: userId ? ({ signal }) => getUploadContext(userId, signal) : skipToken,
  })

export const useUploadContext = (userId: number | null) => useServerQuery(uploadContextQuery(userId))
