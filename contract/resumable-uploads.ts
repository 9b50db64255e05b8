// Resumable uploads (tus 1.0.0 under `${apiBase}/uploads/`, server/routes/tus.routes.ts): what the
// client sends at creation and what it may read back. The last PATCH answers UploadResponse
// (contract/videos.ts), as POST /upload's 201 does, with the attempt id also in X-Attempt-Id.

/** Upload-Metadata keys (values base64, as tus writes them). The last three are POST /upload's form fields. */
export const RESUMABLE_UPLOAD_METADATA = ['filename', 'filetype', 'lift_type', 'weight', 'competition_id'] as const

/** The tus extensions the server offers (no concatenation: no parallel uploads). */
export const RESUMABLE_UPLOAD_EXTENSIONS = ['creation', 'termination', 'expiration'] as const

/** The header carrying the recorded attempt's id on the last PATCH and on HEAD of a finished upload. */
export const ATTEMPT_ID_HEADER = 'X-Attempt-Id'

/** Response headers a browser client reads (CORS exposes them). */
export const RESUMABLE_UPLOAD_EXPOSED_HEADERS = [
  'Location',
  'Upload-Offset',
  'Upload-Length',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Upload-Expires',
  ATTEMPT_ID_HEADER,
] as const
