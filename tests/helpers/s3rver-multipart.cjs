// s3rver 3.7 (the S3-compatible server tests use; MinIO cannot be installed here) lacks three
// multipart calls that @tus/s3-store makes and real S3 and MinIO answer: ListParts
// (GET /bucket/key?uploadId=…, how the store finds a resumable upload's offset), AbortMultipartUpload
// (DELETE /bucket/key?uploadId=…, cancel and expiry) and ListMultipartUploads (GET /bucket?uploads,
// expiry). `addMultipartCalls(server)` answers them from s3rver's own files, before its router.
// Why a patch and not another server (checked 2026-11-28): none that implements these calls installs
// here. MinIO has no npm or Debian package (and its images left Docker Hub); versitygw, Garage and
// SeaweedFS (docker-compose.yml runs versitygw) ship as Go binaries or images, from neither npm nor
// Debian 12; @20minutes/s3rver 5.x needs Node 24 and was not tried now that CI runs Node 26.
// CommonJS so that a test process (createRequire) and an s3rver child (`node -e`) both load it.
/* eslint-disable @typescript-eslint/no-require-imports */
'use strict'
const fs = require('node:fs/promises')
const path = require('node:path')

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/'
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

function noSuchUpload(ctx, uploadId) {
  ctx.status = 404
  ctx.type = 'application/xml'
  ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${esc(uploadId)}</UploadId></Error>`
}

/** Prepends the middleware to an s3rver (a Koa app) before it runs. */
function addMultipartCalls(server) {
  const uploadsDir = (bucket) => server.store.getResourcePath(bucket, undefined, 'uploads')
  server.middleware.unshift(async (ctx, next) => {
    const url = new URL(ctx.url, 'http://s3rver.invalid')
    const [bucket, ...keyParts] = url.pathname.slice(1).split('/').map(decodeURIComponent)
    const key = keyParts.join('/')
    const uploadId = url.searchParams.get('uploadId')
    if (bucket && key && uploadId && /^[0-9a-f]+$/.test(uploadId) && (ctx.method === 'GET' || ctx.method === 'DELETE')) {
      const dir = path.join(uploadsDir(bucket), uploadId)
      const names = await fs.readdir(dir).catch(() => null)
      if (!names) return noSuchUpload(ctx, uploadId)
      if (ctx.method === 'DELETE') {
        await fs.rm(dir, { recursive: true, force: true })
        ctx.status = 204
        return
      }
      const numbers = names
        .filter((n) => /^\d+$/.test(n))
        .map(Number)
        .sort((a, b) => a - b)
      const parts = await Promise.all(
        numbers.map(async (n) => {
          const [stat, md5] = await Promise.all([
            fs.stat(path.join(dir, String(n))),
            fs.readFile(path.join(dir, `${n}.md5`), 'utf8').catch(() => ''),
          ])
          return `<Part><PartNumber>${n}</PartNumber><LastModified>${stat.mtime.toISOString()}</LastModified><ETag>"${esc(md5.trim())}"</ETag><Size>${stat.size}</Size></Part>`
        }),
      )
      ctx.type = 'application/xml'
      ctx.body =
        `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="${XMLNS}"><Bucket>${esc(bucket)}</Bucket><Key>${esc(key)}</Key>` +
        `<UploadId>${esc(uploadId)}</UploadId><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${parts.join('')}</ListPartsResult>`
      return
    }
    if (bucket && !key && ctx.method === 'GET' && url.searchParams.has('uploads')) {
      const dir = uploadsDir(bucket)
      const ids = (await fs.readdir(dir).catch(() => [])).filter((n) => /^[0-9a-f]+$/.test(n))
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const [stat, uploadKey] = await Promise.all([
            fs.stat(path.join(dir, id)),
            fs.readFile(path.join(dir, id, 'key'), 'utf8').catch(() => null),
          ])
          return uploadKey === null
            ? ''
            : `<Upload><Key>${esc(uploadKey)}</Key><UploadId>${esc(id)}</UploadId><Initiated>${(stat.birthtimeMs > 0 ? stat.birthtime : stat.mtime).toISOString()}</Initiated></Upload>`
        }),
      )
      ctx.type = 'application/xml'
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="${XMLNS}"><Bucket>${esc(bucket)}</Bucket><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`
      return
    }
    return next()
  })
  return server
}

module.exports = { addMultipartCalls }
