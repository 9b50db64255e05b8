// What the upload form needs about the lifter: best lifts (default weights) and joined challenges.
import { apiGet } from '../../../lib/api-client.ts'
import type { ProfileResponse } from '../../../lib/contract.ts'
import { useQuery } from '../../../lib/use-query.ts'

export const getUploadContext = (userId: number, signal?: AbortSignal) =>
  apiGet<ProfileResponse>(`/users/${userId}/profile`, { auth: 'optional', signal })

export const useUploadContext = (userId: number | null) =>
  useQuery(userId ? `upload-context:${userId}` : null, (signal) => getUploadContext(userId!, signal))
