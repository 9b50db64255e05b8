// Backups as an operator runs them (`npm run backup`, `npm run restore`, each its own process):
// back up, then change, delete and add rows and media files, restore, and every row, sequence
// and file is exactly as it was. Once on PostgreSQL with S3 media (s3rver), once on the embedded
// database with local media. A damaged backup (a media file missing or changed) is refused before
// anything changes, and a restore onto an empty database leaves a MEDIA_DIR holding other files
// alone unless --replace.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import { promisify } from 'node:util'
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../infra/db.ts'
import { seedDemoData } from '../../infra/demo-data.ts'
import { createTestDatabase, type TestDatabase } from '../helpers/database.ts'
import { startS3, type TestS3 } from '../helpers/s3.ts'

const ROOT = resolve(import.meta.dirname, '../..')
const cleanups: (() => Promise<unknown> | void)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
})

/** Runs `npm run <script>` as the operator would (tsx, this repository), with its own environment. */
async function run(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(join(ROOT, 'node_modules/.bin/tsx'), [`scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      timeout: 120_000,
    })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string }
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` }
  }
}

/** Every row of every table (as JSON text, sorted) and every sequence's position. */
async function databaseState(db: Database): Promise<Record<string, string[]>> {
  const state: Record<string, string[]> = {}
  const tables = await db.prisma.$queryRawUnsafe<{ name: string }[]>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()',
  )
  for (const { name } of tables) {
    state[name] = (await db.prisma.$queryRawUnsafe<{ j: string }[]>(`SELECT row_to_json(t)::text AS j FROM "${name}" t`))
      .map((r) => r.j)
      .sort()
  }
  const sequences = await db.prisma.$queryRawUnsafe<{ name: string }[]>("SELECT relname AS name FROM pg_class WHERE relkind = 'S'")
  for (const { name } of sequences) {
    state[`sequence ${name}`] = (
      await db.prisma.$queryRawUnsafe<{ v: string }[]>(`SELECT last_value::text || ' ' || is_called::text AS v FROM "${name}"`)
    ).map((r) => r.v)
  }
  return state
}

interface Media {
  write(key: string, body: string): Promise<void>
  remove(key: string): Promise<void>
  /** key → sha256 of every file. */
  state(): Promise<Record<string, string>>
}

const sha = (b: Buffer | string) => createHash('sha256').update(b).digest('hex')

function localMedia(mediaDir: string): Media {
  return {
    async write(key, body) {
      mkdirSync(dirname(join(mediaDir, key)), { recursive: true })
      writeFileSync(join(mediaDir, key), body)
    },
    async remove(key) {
      rmSync(join(mediaDir, key))
    },
    async state() {
      const files = readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      return Object.fromEntries(
        files.map((e) => {
          const p = join(e.parentPath, e.name)
          return [relative(mediaDir, p), sha(readFileSync(p))]
        }),
      )
    },
  }
}

function s3Media(s3: TestS3): Media {
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
  })
  cleanups.push(() => client.destroy())
  return {
    async write(key, body) {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }))
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key }))
    },
    async state() {
      const list = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }))
      const entries = await Promise.all(
        (list.Contents ?? []).map(async ({ Key }) => {
          const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }))
          return [Key!, sha(Buffer.from(await object.Body!.transformToByteArray()))] as const
        }),
      )
      return Object.fromEntries(entries)
    },
  }
}

/** Demo data (every table the demo fills) and a few media files. */
async function fill(db: Database, media: Media) {
  expect(await seedDemoData(db.prisma)).toBe(true)
  await media.write('originals/1.mp4', 'original one')
  await media.write('renditions/1/720.mp4', 'rendition one')
  await media.write('posters/1.jpg', 'poster one')
  await media.write('originals/2.mov', 'original two')
}

/** What a bad day does after the backup: edits, deletions, new rows, files gone, changed and added. */
async function damage(db: Database, media: Media) {
  const users = await db.prisma.user.findMany({ orderBy: { id: 'asc' }, take: 3 })
  await db.prisma.user.update({ where: { id: users[0]!.id }, data: { name: 'Changed after the backup' } })
  await db.prisma.$executeRawUnsafe('DELETE FROM competitions WHERE id = (SELECT min(id) FROM competitions)')
  await db.prisma.user.create({ data: { name: 'New', username: 'new-after-backup', email: 'new@example.com', passwordHash: 'x' } })
  await media.remove('posters/1.jpg')
  await media.write('originals/1.mp4', 'overwritten after the backup')
  await media.write('originals/3.mp4', 'added after the backup')
}

async function roundTrip(env: Record<string, string>, open: () => Promise<Database>, media: Media, root: string) {
  let db = await open()
  await fill(db, media)
  const before = { rows: await databaseState(db), files: await media.state() }
  await db.close() // the embedded database belongs to one process: the command takes it

  const folder = join(root, 'backup')
  const backup = await run('backup', [folder], env)
  expect(backup.code, backup.output).toBe(0)
  expect(backup.output).toMatch(/Backed up \d+ rows in \d+ tables .* and 4 media files/)

  db = await open()
  await damage(db, media)
  expect(await databaseState(db)).not.toEqual(before.rows)
  expect(await media.state()).not.toEqual(before.files)
  await db.close()

  const refused = await run('restore', [folder], env)
  expect(refused.code).toBe(1)
  expect(refused.output).toMatch(
    /The database already holds \d+ rows: a restore replaces all of them and every media file\. Run again with --replace/,
  )

  const restore = await run('restore', [folder, '--replace'], env)
  expect(restore.code, restore.output).toBe(0)

  db = await open()
  try {
    const after = { rows: await databaseState(db), files: await media.state() }
    for (const table of Object.keys(before.rows)) expect(after.rows[table], table).toEqual(before.rows[table])
    expect(Object.keys(after.rows).sort()).toEqual(Object.keys(before.rows).sort())
    expect(after.files).toEqual(before.files)
    // The sequences moved back too: the next row gets the id it would have had.
    const next = await db.prisma.user.create({
      data: { name: 'After', username: 'after-restore', email: 'after@example.com', passwordHash: 'x' },
    })
    expect(next.id).toBe(Math.max(...before.rows.users!.map((r) => (JSON.parse(r) as { id: number }).id)) + 1)
  } finally {
    await db.close()
  }
}

describe('npm run backup / npm run restore', () => {
  it('round-trips PostgreSQL and S3 media exactly', async () => {
    const root = mkdtempSync(join(tmpdir(), 'liftarena-backup-pg-'))
    cleanups.push(() => rmSync(root, { recursive: true, force: true }))
    const database: TestDatabase = await createTestDatabase()
    cleanups.push(() => database.drop())
    mkdirSync(join(root, 's3'))
    const s3 = await startS3({ directory: join(root, 's3') })
    cleanups.push(() => s3.stop())
    const env = { ...s3.env, DATABASE_URL: database.url, DATA_DIR: join(root, 'data') }
    await roundTrip(env, () => openDatabase({ databaseUrl: database.url, dataDir: env.DATA_DIR }, { migrate: true }), s3Media(s3), root)
  }, 300_000)

  it('round-trips the embedded database and local media exactly', async () => {
    const root = mkdtempSync(join(tmpdir(), 'liftarena-backup-embedded-'))
    cleanups.push(() => rmSync(root, { recursive: true, force: true }))
    const dataDir = join(root, 'data')
    const env = { DATA_DIR: dataDir, STORAGE_DRIVER: 'local' }
    mkdirSync(join(dataDir, 'media'), { recursive: true })
    await roundTrip(
      env,
      () => openDatabase({ databaseUrl: undefined, dataDir }, { migrate: true }),
      localMedia(join(dataDir, 'media')),
      root,
    )
  }, 300_000)
})

describe('npm run restore checks before it changes anything (PostgreSQL, local media)', () => {
  /** A PostgreSQL database and a MEDIA_DIR of their own, with the environment the commands run with. */
  async function install(root: string, name: string) {
    const database = await createTestDatabase()
    cleanups.push(() => database.drop())
    const mediaDir = join(root, name, 'media')
    mkdirSync(mediaDir, { recursive: true })
    const env = { DATABASE_URL: database.url, DATA_DIR: join(root, name, 'data'), STORAGE_DRIVER: 'local', MEDIA_DIR: mediaDir }
    const open = () => openDatabase({ databaseUrl: database.url, dataDir: env.DATA_DIR }, { migrate: true })
    return { env, open, media: localMedia(mediaDir), mediaDir }
  }
  async function state(site: Awaited<ReturnType<typeof install>>) {
    const db = await site.open()
    try {
      return { rows: await databaseState(db), files: await site.media.state() }
    } finally {
      await db.close()
    }
  }
  function tempRoot() {
    const root = mkdtempSync(join(tmpdir(), 'liftarena-restore-checks-'))
    cleanups.push(() => rmSync(root, { recursive: true, force: true }))
    return root
  }

  it('a media file missing from the backup, or changed in it, is refused with nothing changed; the whole backup then restores', async () => {
    const root = tempRoot()
    const site = await install(root, 'site')
    let db = await site.open()
    await fill(db, site.media)
    await db.close()
    const before = await state(site)
    const folder = join(root, 'backup')
    const backup = await run('backup', [folder], site.env)
    expect(backup.code, backup.output).toBe(0)
    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8')) as {
      media: { files: Record<string, { size: number; sha256: string }> }
    }
    expect(manifest.media.files['posters/1.jpg']).toEqual({ size: 'poster one'.length, sha256: sha('poster one') })

    db = await site.open()
    await damage(db, site.media)
    await db.close()
    const damaged = await state(site)

    renameSync(join(folder, 'media/posters/1.jpg'), join(root, 'poster-aside'))
    const missing = await run('restore', [folder, '--replace'], site.env)
    expect(missing.code).toBe(1)
    expect(missing.output).toContain(
      'Restore failed: media/posters/1.jpg is missing from the backup: the backup is damaged. Nothing was changed.',
    )
    expect(await state(site)).toEqual(damaged)

    renameSync(join(root, 'poster-aside'), join(folder, 'media/posters/1.jpg'))
    writeFileSync(join(folder, 'media/renditions/1/720.mp4'), 'rendition ONE') // same size, other bytes
    const changed = await run('restore', [folder, '--replace'], site.env)
    expect(changed.code).toBe(1)
    expect(changed.output).toContain(
      'Restore failed: media/renditions/1/720.mp4 does not match the sha256 in the manifest: the backup is damaged. Nothing was changed.',
    )
    expect(await state(site)).toEqual(damaged)

    writeFileSync(join(folder, 'media/renditions/1/720.mp4'), 'rendition one')
    const restore = await run('restore', [folder, '--replace'], site.env)
    expect(restore.code, restore.output).toBe(0)
    expect(await state(site)).toEqual(before)
    expect(readdirSync(site.mediaDir).sort()).toEqual(['originals', 'posters', 'renditions']) // no staging left behind
  }, 300_000)

  it('onto an empty database, a MEDIA_DIR holding other files is left alone unless --replace', async () => {
    const root = tempRoot()
    const from = await install(root, 'from')
    const db = await from.open()
    await fill(db, from.media)
    await db.close()
    const before = await state(from)
    const folder = join(root, 'backup')
    const backup = await run('backup', [folder], from.env)
    expect(backup.code, backup.output).toBe(0)

    const to = await install(root, 'to')
    await to.media.write('originals/99.mp4', 'a file of this install')
    await to.media.write('originals/1.mp4', 'original one') // the backup's own content: not in the way
    const fresh = await state(to)
    const refused = await run('restore', [folder], to.env)
    expect(refused.code).toBe(1)
    expect(refused.output).toContain(
      `Restore failed: MEDIA_DIR (${to.mediaDir}) holds a file the backup does not (originals/99.mp4): a restore removes or overwrites them. Run again with --replace to do so.`,
    )
    expect(await state(to)).toEqual(fresh)

    const replaced = await run('restore', [folder, '--replace'], to.env)
    expect(replaced.code, replaced.output).toBe(0)
    const after = await state(to)
    expect(after.files).toEqual(before.files)
    for (const table of Object.keys(before.rows)) expect(after.rows[table], table).toEqual(before.rows[table])
  }, 300_000)

  it('onto a fresh install (empty database, empty MEDIA_DIR) it restores without --replace', async () => {
    const root = tempRoot()
    const from = await install(root, 'from')
    const db = await from.open()
    await fill(db, from.media)
    await db.close()
    const before = await state(from)
    const folder = join(root, 'backup')
    expect((await run('backup', [folder], from.env)).code).toBe(0)

    const to = await install(root, 'to')
    const restore = await run('restore', [folder], to.env)
    expect(restore.code, restore.output).toBe(0)
    expect(restore.output).toContain('and 4 media files from the backup of')
    const after = await state(to)
    expect(after.files).toEqual(before.files)
    for (const table of Object.keys(before.rows)) expect(after.rows[table], table).toEqual(before.rows[table])
  }, 300_000)
})
