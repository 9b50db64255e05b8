// One conformance suite for both media stores: the local disk (MEDIA_DIR) and an
// S3-compatible bucket (s3rver in a child process, as STORAGE_DRIVER=s3 would use MinIO
// or AWS). Routes and the worker rely only on what is checked here.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { createServer, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../infra/config.ts'
import { createS3Storage } from '../../infra/s3-storage.ts'
import { InvalidKeyError, StorageUnavailableError, openStorage, type Storage } from '../../infra/storage.ts'
import { currentOwner, ownerTag, type ScratchOwner } from '../../infra/scratch-owner.ts'
import { startS3, type TestS3 } from '../helpers/s3.ts'

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex')

describe.each(['local', 's3'] as const)('%s storage', (driver) => {
  let dir: string
  let s3: TestS3 | undefined
  let storage: Storage
  let n = 0
  /** A file in the test's own directory (outside the store), as an upload or a transcode leaves one. */
  const localFile = (data: Buffer | string) => {
    const path = join(dir, 'incoming', `file-${n++}`)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, data)
    return path
  }
  const key = (name: string) => `attempts/${1000 + n++}/${name}`

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), `liftarena-storage-${driver}-`))
    s3 = driver === 's3' ? await startS3({ directory: join(dir, 's3') }) : undefined
    const config = loadConfig({ DATA_DIR: dir, JWT_SECRET: 'storage-test-secret-0123456789abcdef', ...s3?.env })
    storage = await openStorage(config)
    expect(storage.kind).toBe(driver)
  })
  afterAll(async () => {
    await s3?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('stores a file under a key: stat gives its size and a strong ETag, and the local source is gone', async () => {
    const k = key('original.mp4')
    expect(await storage.stat(k)).toBeNull()
    const source = localFile('0123456789abcdef')
    await storage.putFile(k, source)
    expect(existsSync(source)).toBe(false)
    const object = await storage.stat(k)
    expect(object).toMatchObject({ key: k, size: 16 })
    expect(object!.etag).toMatch(/^"[^"]+"$/)
    expect(object!.modifiedAt).toBeInstanceOf(Date)
    expect(Date.now() - object!.modifiedAt.getTime()).toBeLessThan(60_000)

    // Replaced bytes get another validator (a cached copy of the old ones is not reused).
    await new Promise((r) => setTimeout(r, 1100)) // local ETags include the mtime in ms; S3's the content
    await storage.putFile(k, localFile('fedcba9876543210-longer'))
    const replaced = await storage.stat(k)
    expect(replaced!.size).toBe(23)
    expect(replaced!.etag).not.toBe(object!.etag)
  })

  it('reads a whole object and byte ranges: the first bytes, the middle, the last byte', async () => {
    const data = randomBytes(100_000)
    const k = key('720p.mp4')
    await storage.putFile(k, localFile(data))
    expect(sha(await bytesOf(storage.read(k)))).toBe(sha(data))
    expect(await bytesOf(storage.read(k, { start: 0, end: 9 }))).toEqual(data.subarray(0, 10))
    expect(await bytesOf(storage.read(k, { start: 40_000, end: 59_999 }))).toEqual(data.subarray(40_000, 60_000))
    expect(await bytesOf(storage.read(k, { start: 99_999, end: 99_999 }))).toEqual(data.subarray(99_999))
  })

  it('a read of a missing key fails as a stream error (ENOENT), not a throw', async () => {
    const stream = storage.read(key('missing.mp4'))
    await expect(bytesOf(stream)).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('stores a file larger than one upload part intact (S3: a multipart upload of ≥ 2 parts)', async () => {
    const data = randomBytes(9 * 1024 * 1024 + 12_345)
    const k = key('original.mov')
    const before = s3?.requests.length ?? 0
    await storage.putFile(k, localFile(data))
    expect((await storage.stat(k))!.size).toBe(data.length)
    expect(sha(await bytesOf(storage.read(k)))).toBe(sha(data))
    expect(await bytesOf(storage.read(k, { start: 8 * 1024 * 1024 - 5, end: 8 * 1024 * 1024 + 4 }))).toEqual(
      data.subarray(8 * 1024 * 1024 - 5, 8 * 1024 * 1024 + 5),
    )
    if (s3) {
      const parts = s3.requests.slice(before).filter((r) => r.startsWith('PUT ') && /[?&]partNumber=\d+/.test(r))
      expect(parts.length).toBeGreaterThanOrEqual(2)
      expect(s3.requests.slice(before).some((r) => r.startsWith('POST ') && r.includes('uploadId='))).toBe(true) // CompleteMultipartUpload
    }
  })

  it('withLocalFile gives a local path holding the bytes (S3: a download, removed afterwards)', async () => {
    const data = randomBytes(50_000)
    const k = key('original.mp4')
    await storage.putFile(k, localFile(data))
    // S3: a download left by a crash (a day old) goes at the first download; a recent one stays.
    const stale = join(dir, 'scratch', 'download-abcdef-Stale1')
    const recent = join(dir, 'scratch', 'download-abcdef-Fresh1')
    if (driver === 's3') {
      for (const d of [stale, recent]) mkdirSync(join(d, 'original.mp4'), { recursive: true })
      utimesSync(stale, new Date(Date.now() - 25 * 3_600_000), new Date(Date.now() - 25 * 3_600_000))
    }
    let seen = ''
    const result = await storage.withLocalFile(k, async (path) => {
      seen = path
      expect(readFileSync(path)).toEqual(data)
      return 'done'
    })
    expect(result).toBe('done')
    if (driver === 's3') expect([existsSync(seen), existsSync(stale), existsSync(recent)]).toEqual([false, false, true])
    rmSync(recent, { recursive: true, force: true })
    // It is removed even when fn throws.
    await expect(
      storage.withLocalFile(k, async (path) => {
        seen = path
        throw new Error('ffmpeg failed')
      }),
    ).rejects.toThrow('ffmpeg failed')
    if (driver === 's3') expect(existsSync(seen)).toBe(false)
    await expect(storage.withLocalFile(key('missing.mp4'), async () => 'never')).rejects.toMatchObject({ code: 'ENOENT' })
  })

  it('S3 copies an object inside the bucket (a resumable upload becomes an original without passing through the server); the local driver moves files instead', async () => {
    if (!storage.copy) return expect(driver).toBe('local')
    const from = 'tus/0123abcd'
    const to = key('original.mp4')
    const data = randomBytes(300_000)
    await storage.putFile(from, localFile(data))
    await storage.copy(from, to)
    expect(sha(await bytesOf(storage.read(to)))).toBe(sha(data))
    expect(await storage.stat(from)).not.toBeNull() // a copy: the caller removes the source
    await expect(storage.copy('tus/missing', key('original.mp4'))).rejects.toMatchObject({ code: 'ENOENT' })
    await expect(storage.copy('../escape', to)).rejects.toBeInstanceOf(InvalidKeyError)
  })

  it('deletes an object; deleting a missing key is not an error', async () => {
    const k = key('poster.jpg')
    await storage.putFile(k, localFile('jpeg bytes'))
    expect(await storage.stat(k)).not.toBeNull()
    await storage.delete(k)
    expect(await storage.stat(k)).toBeNull()
    await storage.delete(k)
  })

  it('refuses keys that are not ours before touching the store', async () => {
    const before = s3?.requests.length ?? 0
    for (const bad of ['../x', 'a/../../x', '/etc/passwd', 'a\0b', '%2e%2e/x', 'a\\b', '.tmp/x', 'a//b', '', 'x/'.repeat(300)]) {
      await expect(storage.stat(bad), bad).rejects.toBeInstanceOf(InvalidKeyError)
      expect(() => storage.read(bad), bad).toThrow(InvalidKeyError)
      await expect(storage.putFile(bad, localFile('x')), bad).rejects.toBeInstanceOf(InvalidKeyError)
      await expect(
        storage.withLocalFile(bad, async () => 1),
        bad,
      ).rejects.toBeInstanceOf(InvalidKeyError)
      await expect(storage.delete(bad), bad).rejects.toBeInstanceOf(InvalidKeyError)
    }
    if (s3) expect(s3.requests.slice(before)).toEqual([])
  })

  it('scratch directories are private and swept by label; the sweep leaves what it did not make (resumable parts in tus/)', async () => {
    const a = await storage.scratch('upload')
    const b = await storage.scratch('transcode')
    const root = dirname(a.dir)
    expect(dirname(b.dir)).toBe(root)
    if (driver === 's3') expect(root).toBe(join(dir, 'scratch'))
    mkdirSync(join(root, 'tus'), { recursive: true })
    writeFileSync(join(root, 'tus', 'part'), 'resumable bytes')
    writeFileSync(join(root, 'upload-notes'), 'someone else’s')
    expect(await storage.sweepScratch(0, 'upload-')).toBe(1)
    expect(existsSync(a.dir)).toBe(false)
    expect(existsSync(b.dir)).toBe(true)
    expect(await storage.sweepScratch(60_000)).toBe(0) // too young
    expect(await storage.sweepScratch(0)).toBe(1)
    expect(existsSync(join(root, 'tus', 'part'))).toBe(true)
    expect(existsSync(join(root, 'upload-notes'))).toBe(true)
    await expect(storage.scratch('../x')).rejects.toThrow('plain lower-case word')
  })

  it("removes the scratch of processes that are gone, whatever its age, and keeps a live process's (issue 27, kill -9)", async () => {
    const mine = await storage.scratch('upload')
    const root = dirname(mine.dir)
    const me = currentOwner()
    const entry = (label: string, owner: ScratchOwner) => {
      const path = join(root, `${label}-${ownerTag(owner)}-AbC${n++ % 10}12`)
      mkdirSync(path)
      writeFileSync(join(path, 'upload'), 'bytes of a killed upload')
      return path
    }
    const killed = entry('upload', { ...me, pid: 2 ** 22 + 1 }) // above Linux's largest pid: no such process
    const earlier = entry('transcode', { ...me, start: `${Number(me.start) + 1}` }) // this pid, a process before us (a restarted container's pid 1)
    const beforeReboot = entry('upload', { ...me, boot: me.boot === '00000000' ? '00000001' : '00000000' })
    const neighbour = entry('upload', { ...me, pidns: `${me.pidns}9` }) // another pid namespace, touched just now: alive as far as we know
    const silent = entry('upload', { ...me, pidns: `${me.pidns}8` }) // another pid namespace, untouched for 11 minutes
    const old = new Date(Date.now() - 11 * 60_000)
    utimesSync(silent, old, old)
    const unnamed = join(root, 'upload-abcdef-XyZ123') // named before owners were: left to the age rule
    mkdirSync(unnamed)

    const gone = process.platform === 'linux' ? [killed, earlier, beforeReboot, silent] : [killed, beforeReboot, silent]
    expect(await storage.sweepDeadScratch()).toBe(gone.length)
    for (const path of gone) expect(existsSync(path), path).toBe(false)
    for (const path of [mine.dir, neighbour, unnamed]) expect(existsSync(path), path).toBe(true)
    await mine.dispose()
    for (const path of [neighbour, unnamed, earlier]) rmSync(path, { recursive: true, force: true })
  })

  it('ping answers while the store is reachable; no presigned URLs unless configured', async () => {
    await storage.ping()
    expect(await storage.presignedUrl?.(key('a.mp4'))).toBeUndefined()
  })

  it.runIf(driver === 's3')(
    'S3 going away: ping, stat and read fail in seconds with StorageUnavailableError; all works again when it is back',
    async () => {
      const k = key('720p.mp4')
      const data = randomBytes(10_000)
      await storage.putFile(k, localFile(data))
      await s3!.stop()
      try {
        const started = Date.now()
        await expect(storage.ping()).rejects.toBeInstanceOf(StorageUnavailableError)
        await expect(storage.stat(k)).rejects.toBeInstanceOf(StorageUnavailableError)
        await expect(bytesOf(storage.read(k, { start: 0, end: 99 }))).rejects.toBeInstanceOf(StorageUnavailableError)
        const source = localFile('kept')
        await expect(storage.putFile(key('poster.jpg'), source)).rejects.toBeInstanceOf(StorageUnavailableError)
        expect(existsSync(source)).toBe(true) // nothing lost: the caller may try again
        expect(Date.now() - started).toBeLessThan(5_000)
      } finally {
        await s3!.start()
      }
      await storage.ping()
      expect((await storage.stat(k))!.size).toBe(10_000)
      expect(await bytesOf(storage.read(k, { start: 0, end: 99 }))).toEqual(data.subarray(0, 100))
    },
  )

  it.runIf(driver === 's3')(
    "videos being streamed to slow viewers do not hold up other requests (more than the SDK's default 50 connections)",
    async () => {
      const k = key('720p.mp4')
      await storage.putFile(k, localFile(randomBytes(16 * 1024 * 1024)))
      // 60 reads nobody consumes: each keeps its connection to the store busy (the object outsizes the socket buffers).
      const streams = Array.from({ length: 60 }, () => storage.read(k))
      try {
        await new Promise((r) => setTimeout(r, 500))
        const started = Date.now()
        expect((await storage.stat(k))!.size).toBe(16 * 1024 * 1024)
        expect(Date.now() - started).toBeLessThan(1_000)
      } finally {
        for (const stream of streams) stream.destroy()
      }
    },
  )

  it.runIf(driver === 's3')('ping gives up within seconds on a store that accepts connections but never answers', async () => {
    const sockets: Socket[] = []
    const silent = createServer((socket) => {
      sockets.push(socket)
    }).listen(0, '127.0.0.1')
    await new Promise((r) => silent.once('listening', r))
    const { port } = silent.address() as { port: number }
    try {
      const hung = createS3Storage({
        s3: { ...loadConfig({ DATA_DIR: dir, ...s3!.env }).s3!, endpoint: `http://127.0.0.1:${port}` },
        scratchDir: join(dir, 'scratch'),
      })
      const started = Date.now()
      await expect(hung.ping()).rejects.toBeInstanceOf(StorageUnavailableError)
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      for (const socket of sockets) socket.destroy()
      silent.close()
    }
  })

  it.runIf(driver === 's3')('ping names a missing bucket', async () => {
    const other = createS3Storage({
      s3: { ...loadConfig({ DATA_DIR: dir, ...s3!.env }).s3!, bucket: 'no-such-bucket' },
      scratchDir: join(dir, 'scratch'),
    })
    await expect(other.ping()).rejects.toThrow('The bucket "no-such-bucket" does not exist.')
  })
})
