// POST /upload with XMLHttpRequest, which (unlike fetch) reports the bytes sent.
// Failures are Errors carrying the SPEC §8 upload texts.
import { API_BASE, refreshSession } from '../../../lib/api-client.ts'
import type { UploadResponse } from '../../../lib/contract.ts'
import { readSession } from '../../../lib/session-storage.ts'

export const NO_RESPONSE = 'No response received from server. Please check your connection.'
export const NO_VIDEO_URL = 'Upload completed but no video URL was returned'
export const uploadFailedWith = (status: number) => `Upload failed with status ${status}`
export const uploadFailed = (serverError: string) => `Upload failed: ${serverError}`

export interface UploadRequest {
  file: File
  liftType: string
  weight: number
  userId: number
  competitionId: string
}

class UploadHttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

function send(request: UploadRequest, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<Partial<UploadResponse>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${API_BASE}/upload`)
    const token = readSession().accessToken
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)
    xhr.responseType = 'text'
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      let body: unknown
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined
      } catch {
        body = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve((body ?? {}) as Partial<UploadResponse>)
      const error = (body as { error?: unknown } | undefined)?.error
      reject(new UploadHttpError(xhr.status, typeof error === 'string' ? uploadFailed(error) : uploadFailedWith(xhr.status)))
    }
    xhr.onerror = () => reject(new Error(NO_RESPONSE))
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })

    const form = new FormData()
    // Fields first: the server reads them before it streams the file.
    form.append('lift_type', request.liftType)
    form.append('weight', String(request.weight))
    form.append('user_id', String(request.userId))
    form.append('competition_id', request.competitionId)
    form.append('video', request.file)
    xhr.send(form)
  })
}

/** Uploads with progress (0–1); an expired token is refreshed once and the upload retried. */
export async function uploadVideo(request: UploadRequest, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<UploadResponse | (Partial<UploadResponse> & { url: string })> {
  let answer: Partial<UploadResponse>
  try {
    answer = await send(request, onProgress, signal)
  } catch (error) {
    if (!(error instanceof UploadHttpError && error.status === 401 && readSession().refreshToken)) throw error
    if (!(await refreshSession())) throw error
    onProgress(0)
    answer = await send(request, onProgress, signal)
  }
  if (!answer.url) throw new Error(NO_VIDEO_URL)
  return { ...answer, url: answer.url }
}
