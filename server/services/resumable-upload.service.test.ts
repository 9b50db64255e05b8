import { describe, expect, it } from 'vitest'
import type { UploadResponse } from '../../contract/index.ts'
import { ResumableStoreUnreachable, type ResumableUpload } from '../../infra/resumable-store.ts'
import { Refusal, badRequest, forbidden, statusOf } from '../errors.ts'
import type { CheckedUpload, UploadLog } from './accept-upload.service.ts'
import { ARRIVED, NOT_RECORDED_YET, NO_SUCH_UPLOAD, createResumableUploads, type ResumableUploadDeps } from './resumable-upload.service.ts'

const MAX = 1000
const RESUME_MS = 3_600_000
const NOW = Date.parse('2026-11-28T10:00:00Z')
const OWNER = 7
const PUBLIC_ID = 'a'.repeat(32)
const fields = { lift_type: 'squat', weight: '100', competition_id: '3' }
const answer = (attemptId: number): UploadResponse => ({
  url: `/api/video/${attemptId}.mp4`,
  attempt_id: attemptId,
  participant_id: OWNER,
  competition_id: 3,
})

const upload = (over: Partial<ResumableUpload> = {}): ResumableUpload => ({
  id: `tus/${PUBLIC_ID}`,
  publicId: PUBLIC_ID,
  size: 100,
  offset: 40,
  metadata: { ...fields, owner: String(OWNER) },
  storedAs: undefined,
  file: '/scratch/tus/x',
  ...over,
})

/** Refusal's HTTP status and sentence, or what else was thrown. */
async function refusalOf(work: () => unknown): Promise<{ status: number; error: string }> {
  try {
    await work()
  } catch (error) {
    if (error instanceof Refusal) return { status: statusOf(error), error: error.message }
    throw error
  }
  throw new Error('not refused')
}

/** In-memory fakes of the service's dependencies, recording what they were asked. */
function fakes() {
  const calls: string[] = []
  const logged: Array<{ level: string; msg: string }> = []
  const uploads = new Map<string, ResumableUpload>()
  const recorded = new Map<string, { answer: UploadResponse; userId: number; originalKey: string | null }>()
  const state = {
    checkRefusal: null as Refusal | null,
    acceptFails: null as unknown,
    /** What accept records: by this call, or (false) by another node's finish meanwhile. */
    recordedHere: true,
    storeDown: false,
    slotsDown: false,
    expiredRemoved: 0,
    accepts: 0,
    disposed: 0,
    opened: [] as Array<{ who: { userId: number; address: string }; id: string; declared: number; expiresAt: Date }>,
  }
  const log: UploadLog = {
    debug: () => {},
    info: (_o, msg) => {
      logged.push({ level: 'info', msg })
    },
    warn: (_o, msg) => {
      logged.push({ level: 'warn', msg })
    },
    error: (_o, msg) => {
      logged.push({ level: 'error', msg })
    },
  }
  const deps: ResumableUploadDeps = {
    config: { uploadMaxBytes: MAX, uploadResumeMs: RESUME_MS },
    now: () => NOW,
    log,
    acceptor: {
      async check(callerId, checked) {
        calls.push(`check ${callerId} ${checked.lift_type}`)
        if (state.checkRefusal) throw state.checkRefusal
        // Only the lifter's user matters here (a participant row's other columns are the acceptor's).
        return { liftType: 'squat', weight: 100, lifter: { userId: callerId } } as CheckedUpload
      },
      async accept(_log, _checked, file, uploadId) {
        state.accepts++
        calls.push(`accept ${file.path} ${file.size} ${uploadId}`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        if (state.acceptFails) throw state.acceptFails
        const first = answer(41)
        recorded.set(uploadId!, { answer: first, userId: OWNER, originalKey: 'originals/41.mp4' })
        return { answer: first, recordedHere: state.recordedHere }
      },
      recorded: async (uploadId) => recorded.get(uploadId) ?? null,
    },
    slots: {
      async openUnfinished(who, id, declared, expiresAt) {
        state.opened.push({ who, id, declared, expiresAt })
      },
      async closeUnfinished(id) {
        calls.push(`close ${id}`)
      },
      async removeExpired() {
        if (state.slotsDown) throw new Error('database away')
        return 0
      },
    },
    store: {
      newId: () => `tus/${PUBLIC_ID}`,
      storeId: (publicId) => (/^[0-9a-f]{32}$/.test(publicId) ? `tus/${publicId}` : undefined),
      async find(id) {
        if (state.storeDown) throw new ResumableStoreUnreachable(new Error('bucket away'))
        return uploads.get(id) ?? null
      },
      async copyTo(finished, dir) {
        return `${dir}/upload-of-${finished.publicId}`
      },
      async remove(id) {
        calls.push(`remove ${id}`)
        uploads.delete(id)
      },
      cleanUpExpired: async () => state.expiredRemoved,
    },
    storage: {
      scratch: async () => ({
        dir: '/scratch/s1',
        dispose: async () => {
          state.disposed++
        },
      }),
      stat: async (key) => (key === 'originals/41.mp4' ? { key, size: 100, modifiedAt: new Date(NOW), etag: '"41"' } : null),
    },
  }
  return { deps, service: createResumableUploads(deps), calls, logged, uploads, recorded, state, log }
}

describe("creating a resumable upload: checked before any byte, in POST /upload's order", () => {
  const who = { userId: OWNER, address: '203.0.113.0' }
  const creation = { length: '100', deferred: false, fields }

  it('refuses a size it cannot check, or over UPLOAD_MAX_BYTES, before the fields', async () => {
    const { service, calls, state } = fakes()
    const SEND_LENGTH = 'Send Upload-Length: the size of the video in bytes.'
    expect(await refusalOf(() => service.create(who, { ...creation, deferred: true }))).toEqual({ status: 400, error: SEND_LENGTH })
    expect(await refusalOf(() => service.create(who, { ...creation, length: undefined }))).toEqual({ status: 400, error: SEND_LENGTH })
    expect(await refusalOf(() => service.create(who, { ...creation, length: '-1' }))).toEqual({ status: 400, error: SEND_LENGTH })
    expect(await refusalOf(() => service.create(who, { ...creation, length: '1001', fields: null }))).toEqual({
      status: 413,
      error: 'The video is larger than the 1000 bytes limit. Trim or compress it and try again.',
    })
    expect(await refusalOf(() => service.create(who, { ...creation, fields: null }))).toEqual({
      status: 400,
      error: 'Upload-Metadata is malformed: send comma-separated "key base64value" pairs, each key once.',
    })
    expect(calls).toEqual([])
    expect(state.opened).toEqual([])
  })

  it('refuses what the upload form refuses, and an empty file after it, keeping no room', async () => {
    const { service, state } = fakes()
    state.checkRefusal = forbidden('Join this challenge before uploading a lift.')
    expect(await refusalOf(() => service.create(who, { ...creation, length: '0' }))).toEqual({
      status: 403,
      error: 'Join this challenge before uploading a lift.',
    })
    state.checkRefusal = null
    expect(await refusalOf(() => service.create(who, { ...creation, length: '0' }))).toEqual({
      status: 400,
      error: 'The uploaded file is empty. Please choose a video.',
    })
    expect(state.opened).toEqual([])
  })

  it('keeps room for it among the unfinished uploads until UPLOAD_RESUME_HOURS from now, under the id it takes', async () => {
    const { service, state } = fakes()
    expect(await service.create(who, creation)).toBe(`tus/${PUBLIC_ID}`)
    expect(state.opened).toEqual([{ who, id: `tus/${PUBLIC_ID}`, declared: 100, expiresAt: new Date(NOW + RESUME_MS) }])
    expect(service.ownerOf(OWNER)).toEqual({ owner: '7' })
  })
})

describe("an upload is its creator's", () => {
  it('shows the owner their open upload, and anyone else (or a malformed id) nothing', async () => {
    const { service, uploads, log } = fakes()
    uploads.set(`tus/${PUBLIC_ID}`, upload())
    expect(await service.find(log, OWNER, PUBLIC_ID)).toEqual({ open: upload() })
    expect(await refusalOf(() => service.find(log, 8, PUBLIC_ID))).toEqual({ status: 404, error: NO_SUCH_UPLOAD })
    expect(await refusalOf(() => service.find(log, null, PUBLIC_ID))).toEqual({ status: 404, error: NO_SUCH_UPLOAD })
    expect(await refusalOf(() => service.find(log, OWNER, `${PUBLIC_ID}?x=/b`))).toEqual({ status: 404, error: NO_SUCH_UPLOAD })
  })

  it('shows the owner the attempt an upload recorded, with its size; nobody else', async () => {
    const { service, recorded, log } = fakes()
    expect(await refusalOf(() => service.find(log, OWNER, PUBLIC_ID))).toEqual({ status: 404, error: NO_SUCH_UPLOAD })
    recorded.set(PUBLIC_ID, { answer: answer(41), userId: OWNER, originalKey: 'originals/41.mp4' })
    expect(await service.find(log, OWNER, PUBLIC_ID)).toEqual({ recorded: answer(41), size: 100 })
    expect(await refusalOf(() => service.find(log, 8, PUBLIC_ID))).toEqual({ status: 404, error: NO_SUCH_UPLOAD })
  })

  it('answers 503 (never 404, which would start it again from zero) while the store does not answer', async () => {
    const { service, state, logged, log } = fakes()
    state.storeDown = true
    expect(await refusalOf(() => service.find(log, OWNER, PUBLIC_ID))).toEqual({
      status: 503,
      error: 'The upload could not be reached right now. Please try again in a moment: it resumes where it stopped.',
    })
    expect(logged).toEqual([{ level: 'error', msg: 'resumable upload: store unreachable' }])
  })
})

describe('an upload that has arrived cannot be cancelled', () => {
  it('lets an unfinished upload go, not a complete or recorded one', async () => {
    const { service } = fakes()
    expect(() => service.assertCancellable({ open: upload() })).not.toThrow()
    expect(service.isComplete(upload())).toBe(false)
    expect(service.isComplete(upload({ offset: 100 }))).toBe(true)
    expect(await refusalOf(() => service.assertCancellable({ open: upload({ offset: 100 }) }))).toEqual({ status: 409, error: ARRIVED })
    expect(await refusalOf(() => service.assertCancellable({ recorded: answer(41), size: 100 }))).toEqual({ status: 409, error: ARRIVED })
  })
})

describe('one upload records one attempt', () => {
  const complete = upload({ offset: 100 })

  it('finishes once however many requests ask at once, removes the bytes and frees the room', async () => {
    const { service, calls, state, log } = fakes()
    const answers = await Promise.all([
      service.finish(log, OWNER, complete),
      service.finish(log, OWNER, complete),
      service.finish(log, OWNER, complete),
    ])
    expect(answers).toEqual([answer(41), answer(41), answer(41)])
    expect(state.accepts).toBe(1)
    expect(calls).toEqual([
      'check 7 squat',
      `accept /scratch/s1/upload-of-${PUBLIC_ID} 100 ${PUBLIC_ID}`,
      `remove tus/${PUBLIC_ID}`,
      `close tus/${PUBLIC_ID}`,
    ])
    expect(state.disposed).toBe(1)
    // Finished before: the attempt recorded first is the answer, nothing runs again.
    expect(await service.finish(log, OWNER, complete)).toEqual(answer(41))
    expect(state.accepts).toBe(1)
  })

  it('a HEAD while a finish runs waits for it and learns the attempt', async () => {
    const { service, log } = fakes()
    const running = service.finish(log, OWNER, complete)
    expect(await refusalOf(() => service.assertCancellable({ open: upload() }))).toEqual({ status: 409, error: ARRIVED })
    expect(await service.find(log, OWNER, PUBLIC_ID)).toEqual({ recorded: answer(41), size: 100 })
    await running
  })

  it('leaves the bytes to the node whose finish recorded it first', async () => {
    const { service, calls, state, log } = fakes()
    state.recordedHere = false
    expect(await service.finish(log, OWNER, complete)).toEqual(answer(41))
    expect(calls.filter((c) => c.startsWith('remove') || c.startsWith('close'))).toEqual([])
  })

  it('removes an upload its rules refuse (a file that is not a video), and frees its room', async () => {
    const { service, calls, state, log } = fakes()
    state.acceptFails = badRequest('The file is not a video. Please upload an MP4, MOV or WebM clip.')
    expect(await refusalOf(() => service.finish(log, OWNER, complete))).toEqual({
      status: 400,
      error: 'The file is not a video. Please upload an MP4, MOV or WebM clip.',
    })
    expect(calls.slice(-2)).toEqual([`remove tus/${PUBLIC_ID}`, `close tus/${PUBLIC_ID}`])
    expect(state.disposed).toBe(1)
  })

  it('keeps the bytes when the record fails for another reason (503: it finishes at the next HEAD or PATCH)', async () => {
    const { service, calls, state, logged, log } = fakes()
    state.acceptFails = new Error('connection terminated')
    expect(await refusalOf(() => service.finish(log, OWNER, complete))).toEqual({ status: 503, error: NOT_RECORDED_YET })
    expect(calls.some((c) => c.startsWith('remove'))).toBe(false)
    expect(logged).toEqual([{ level: 'error', msg: 'resumable upload: could not finish' }])
    state.acceptFails = null
    expect(await service.finish(log, OWNER, complete)).toEqual(answer(41))
  })

  it('checks the fields again at the finish: a challenge that ended meanwhile refuses it', async () => {
    const { service, state, log } = fakes()
    state.checkRefusal = new Refusal('conflict', 'This challenge has ended')
    expect(await refusalOf(() => service.finish(log, OWNER, complete))).toEqual({ status: 409, error: 'This challenge has ended' })
    expect(state.accepts).toBe(0)
  })
})

describe('expired uploads are removed', () => {
  it('removes expired slots and uploads; one failing does not stop the other', async () => {
    const { service, state, logged } = fakes()
    state.expiredRemoved = 2
    await service.cleanUp()
    expect(logged).toEqual([{ level: 'info', msg: 'resumable uploads: expired uploads removed' }])
    state.slotsDown = true
    state.expiredRemoved = 0
    await service.cleanUp()
    expect(logged.slice(1)).toEqual([{ level: 'warn', msg: 'resumable uploads: could not remove expired upload slots' }])
  })
})
