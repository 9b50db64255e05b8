// Backups: the database (embedded PGlite or PostgreSQL) and the media (local folder or S3
// bucket) written to a folder, and a fresh install brought back to exactly that state.
//
// Folder layout (one backup):
//   manifest.json            what is inside: migrations, row counts, sequences, every media file's size and sha256
//   database/<table>.ndjson  every row of the table, one JSON object a line (PostgreSQL's row_to_json)
//   media/<key>              every stored object (originals, renditions, posters) under its key
//
// Consistency: the database is read in one REPEATABLE READ transaction (one snapshot of every
// table), then the media are copied. A row in the snapshot names files that existed when it was
// taken (files are stored before their row changes), so only a file deleted in between could be
// missing; files added meanwhile are extra and harmless. Unfinished resumable uploads (`tus/`,
// whose state lives in Redis) and Redis itself are not part of a backup.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { Config } from './config.ts'
import type { PrismaClient, Tx } from './db.ts'
import { pendingMigrations } from './migrations.ts'
import { s3ClientOptions } from './s3-storage.ts'
import { assertSafeKey, RESUMABLE_UPLOADS_PREFIX } from './storage.ts'

export const BACKUP_FORMAT = 1
const PAGE_ROWS = 5_000
/** Long enough for a large database; the pool's per-query timeout still bounds each page. */
const TRANSACTION = { maxWait: 10_000, timeout: 60 * 60_000 } as const

export interface BackupManifest {
  format: number
  createdAt: string
  database: {
    kind: 'postgres' | 'embedded'
    migrations: string[]
    tables: Record<string, number>
    sequences: Record<string, { lastValue: string; isCalled: boolean }>
  }
  media: { driver: 'local' | 's3'; files: Record<string, { size: number; sha256: string }> }
}

export class BackupError extends Error {}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

async function tablesOf(tx: Tx): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<{ name: string }[]>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  )
  return rows.map((r) => r.name)
}

async function sequencesOf(tx: Tx): Promise<string[]> {
  const rows = await tx.$queryRawUnsafe<{ name: string }[]>(
    "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'S' AND n.nspname = current_schema() ORDER BY c.relname",
  )
  return rows.map((r) => r.name)
}

/** Tables in an order where every table comes after the tables its foreign keys point at. */
async function insertOrder(tx: Tx, tables: string[]): Promise<string[]> {
  const edges = await tx.$queryRawUnsafe<{ child: string; parent: string }[]>(
    `SELECT cl.relname AS child, pl.relname AS parent FROM pg_constraint k
       JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_class pl ON pl.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = k.connamespace
     WHERE k.contype = 'f' AND n.nspname = current_schema()`,
  )
  const ordered: string[] = []
  const visiting = new Set<string>()
  const visit = (table: string) => {
    if (ordered.includes(table) || visiting.has(table)) return // a cycle (or a self-reference) is inserted in one statement
    visiting.add(table)
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent)
    visiting.delete(table)
    ordered.push(table)
  }
  for (const table of tables) visit(table)
  return ordered
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return []
    throw e
  })
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort()
}

async function s3Keys(client: S3Client, bucket: string): Promise<string[]> {
  const keys: string[] = []
  let token: string | undefined
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }))
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key)
    token = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (token)
  return keys.sort()
}

/** Writes a backup of the database and the media into `dir` (which must not exist or be empty). */
export async function writeBackup(
  prisma: PrismaClient,
  kind: 'postgres' | 'embedded',
  config: Pick<Config, 'storageDriver' | 's3' | 'mediaDir'>,
  dir: string,
): Promise<BackupManifest> {
  if ((await readdir(dir).catch(() => [])).length > 0) throw new BackupError(`${dir} is not empty: give a new folder for the backup.`)
  await mkdir(join(dir, 'database'), { recursive: true })
  await mkdir(join(dir, 'media'), { recursive: true })

  // One snapshot of every table.
  const database = await prisma.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')
    const tables: Record<string, number> = {}
    for (const table of await tablesOf(tx)) {
      const out = createWriteStream(join(dir, 'database', `${table}.ndjson`))
      let count = 0
      let after = '(0,0)'
      for (;;) {
        const page = await tx.$queryRawUnsafe<{ c: string; j: string }[]>(
          `SELECT ctid::text AS c, row_to_json(t)::text AS j FROM ${ident(table)} t WHERE ctid > $1::tid ORDER BY ctid LIMIT ${PAGE_ROWS}`,
          after,
        )
        if (page.length === 0) break
        if (!out.write(page.map((r) => r.j).join('\n') + '\n')) await new Promise<void>((r) => out.once('drain', () => r()))
        count += page.length
        after = page.at(-1)!.c
      }
      await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())))
      tables[table] = count
    }
    const sequences: BackupManifest['database']['sequences'] = {}
    for (const seq of await sequencesOf(tx)) {
      const [row] = await tx.$queryRawUnsafe<{ last_value: string; is_called: boolean }[]>(
        `SELECT last_value::text AS last_value, is_called FROM ${ident(seq)}`,
      )
      sequences[seq] = { lastValue: row!.last_value, isCalled: row!.is_called }
    }
    const migrations =
      tables._prisma_migrations === undefined
        ? []
        : (
            await tx.$queryRawUnsafe<{ name: string }[]>(
              'SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
            )
          ).map((r) => r.name)
    return { kind, migrations, tables, sequences }
  }, TRANSACTION)

  // Then the media, each file with its checksum.
  const files: BackupManifest['media']['files'] = {}
  const mediaOut = join(dir, 'media')
  if (config.storageDriver === 's3') {
    const s3 = config.s3!
    const client = new S3Client(s3ClientOptions(s3))
    try {
      for (const key of await s3Keys(client, s3.bucket)) {
        if (key.startsWith(RESUMABLE_UPLOADS_PREFIX)) continue
        assertSafeKey(key) // every key the app writes is; anything else would not be a path inside the folder
        const target = join(mediaOut, key)
        await mkdir(dirname(target), { recursive: true })
        const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }))
        await pipeline(object.Body as Readable, createWriteStream(target))
      }
    } finally {
      client.destroy()
    }
  } else {
    await cp(config.mediaDir, mediaOut, { recursive: true, force: true }).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e
    })
  }
  for (const key of await filesUnder(mediaOut)) {
    const path = join(mediaOut, key)
    files[key] = { size: (await stat(path)).size, sha256: await sha256Of(path) }
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    createdAt: new Date().toISOString(),
    database,
    media: { driver: config.storageDriver, files },
  }
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n')
  return manifest
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(join(dir, 'manifest.json'), 'utf8').catch(() => {
    throw new BackupError(`${dir} holds no backup (no manifest.json).`)
  })
  const manifest = JSON.parse(text) as BackupManifest
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(`${dir} is a backup of format ${manifest.format}; this version reads format ${BACKUP_FORMAT}.`)
  return manifest
}

/** Rows in the database's tables other than the migrations' own, to refuse overwriting data by accident. */
export async function rowsPresent(prisma: PrismaClient): Promise<number> {
  return prisma.$transaction(async (tx) => {
    let total = 0
    for (const table of await tablesOf(tx)) {
      if (table === '_prisma_migrations') continue
      const [row] = await tx.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${ident(table)}`)
      total += row!.n
    }
    return total
  }, TRANSACTION)
}

/** Where a local restore puts the backup's files before the database is replaced (inside MEDIA_DIR: one file system, so moving them in is a rename). */
const STAGING = '.restore-staging'

export interface RestoreOptions {
  /** Replace a database that holds rows, and a media store that holds files the backup does not (they are removed). */
  replace: boolean
}

/**
 * Every media file of the backup is there with the manifest's size and sha256, and every table's
 * file has the manifest's row count: checked before anything changes.
 */
async function verifyBackup(manifest: BackupManifest, dir: string): Promise<void> {
  for (const [key, { size, sha256 }] of Object.entries(manifest.media.files)) {
    const path = join(dir, 'media', assertSafeKey(key))
    const found = await stat(path).catch(() => null)
    if (!found?.isFile()) throw new BackupError(`media/${key} is missing from the backup: the backup is damaged. Nothing was changed.`)
    if (found.size !== size)
      throw new BackupError(`media/${key} has ${found.size} bytes, the manifest says ${size}: the backup is damaged. Nothing was changed.`)
    if ((await sha256Of(path)) !== sha256)
      throw new BackupError(`media/${key} does not match the sha256 in the manifest: the backup is damaged. Nothing was changed.`)
  }
  for (const [table, count] of Object.entries(manifest.database.tables)) {
    const lines = await countLines(join(dir, 'database', `${table}.ndjson`)).catch(() => null)
    if (lines !== count)
      throw new BackupError(
        `database/${table}.ndjson has ${lines ?? 'no'} rows, the manifest says ${count}: the backup is damaged. Nothing was changed.`,
      )
  }
}

/** Lines of a file written by writeBackup (each row ends with a newline). */
async function countLines(path: string): Promise<number> {
  let lines = 0
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++
  }
  return lines
}

/** The media store's files that the restore would remove or overwrite: not in the backup, or not the backup's content. */
async function filesReplaced(
  manifest: BackupManifest,
  config: Pick<Config, 'storageDriver' | 's3' | 'mediaDir'>,
  client: S3Client | null,
): Promise<string[]> {
  const files = manifest.media.files
  if (client) {
    const keys: string[] = []
    let token: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: config.s3!.bucket, ContinuationToken: token }))
      for (const o of page.Contents ?? []) {
        if (o.Key && !o.Key.startsWith(RESUMABLE_UPLOADS_PREFIX) && files[o.Key]?.size !== o.Size) keys.push(o.Key)
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined
    } while (token)
    return keys
  }
  const replaced: string[] = []
  for (const key of await filesUnder(config.mediaDir)) {
    if (key.startsWith(`${STAGING}/`)) continue
    const expected = files[key]
    const path = join(config.mediaDir, key)
    if (!expected || (await stat(path)).size !== expected.size || (await sha256Of(path)) !== expected.sha256) replaced.push(key)
  }
  return replaced
}

/** Removes the directories under `root` that hold no file any more (not `root` itself). */
async function removeEmptyDirs(root: string): Promise<void> {
  const dirs = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => join(e.parentPath, e.name))
  for (const d of dirs.sort((a, b) => b.length - a.length)) {
    if ((await readdir(d)).length === 0) await rm(d, { recursive: true, force: true })
  }
}

/**
 * Replaces everything in the (migrated) database and the media store with the backup in `dir`.
 * In this order, so that no row ever points at a missing file:
 *  1. the backup is checked whole (every media file's size and sha256, every table's row count)
 *     and so are the install (its migrations; rows and foreign media files only with `replace`);
 *  2. the backup's media are copied in, deleting nothing: on S3 each object is put (a key the
 *     store already has is overwritten with the backup's content); locally they are staged inside
 *     MEDIA_DIR and moved into place at step 4, so a failed database step leaves MEDIA_DIR as it was;
 *  3. the database is replaced in one transaction: restored whole or not at all;
 *  4. only then are the files the backup does not hold removed.
 */
export async function restoreBackup(
  prisma: PrismaClient,
  config: Pick<Config, 'storageDriver' | 's3' | 'mediaDir'>,
  dir: string,
  options: RestoreOptions = { replace: false },
): Promise<BackupManifest> {
  const manifest = await readManifest(dir)
  // The schema must be the one the rows were read from.
  const here = await prisma.$transaction(async (tx) => {
    const pending = await pendingMigrations((sql) => tx.$queryRawUnsafe<unknown[]>(sql).then((rows) => ({ rows })))
    if (pending.length > 0)
      throw new BackupError(
        `The database is not migrated (${pending.length} pending): start the server once, or run npm run migrate:deploy, then restore.`,
      )
    return (
      await tx.$queryRawUnsafe<{ name: string }[]>(
        'SELECT migration_name AS name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name',
      )
    ).map((r) => r.name)
  }, TRANSACTION)
  if (here.join() !== manifest.database.migrations.join()) {
    const newer = manifest.database.migrations.filter((m) => !here.includes(m))
    throw new BackupError(
      newer.length > 0
        ? `This backup was made by a newer version (its migrations include ${newer.join(', ')}): restore it with that version.`
        : `This backup was made by an older version (${manifest.database.migrations.length} migrations, this one has ${here.length}): restore it with that version, then upgrade.`,
    )
  }
  await verifyBackup(manifest, dir)

  const mediaIn = join(dir, 'media')
  const keys = Object.keys(manifest.media.files).map(assertSafeKey)
  const s3 = config.storageDriver === 's3' ? config.s3! : null
  const client = s3 ? new S3Client(s3ClientOptions(s3)) : null
  const staging = join(config.mediaDir, STAGING)
  try {
    if (!options.replace) {
      const present = await rowsPresent(prisma)
      if (present > 0)
        throw new BackupError(
          `The database already holds ${present} rows: a restore replaces all of them and every media file. Run again with --replace to do so.`,
        )
      const replaced = await filesReplaced(manifest, config, client)
      if (replaced.length > 0) {
        const store = s3 ? `The bucket ${s3.bucket}` : `MEDIA_DIR (${config.mediaDir})`
        throw new BackupError(
          `${store} holds ${replaced.length === 1 ? 'a file' : `${replaced.length} files`} the backup does not (${replaced.slice(0, 3).join(', ')}${replaced.length > 3 ? ', …' : ''}): a restore removes or overwrites them. Run again with --replace to do so.`,
        )
      }
    }

    // 2. The backup's media in, nothing deleted.
    if (client) {
      for (const key of keys) {
        const path = join(mediaIn, key)
        await client.send(
          new PutObjectCommand({ Bucket: s3!.bucket, Key: key, Body: createReadStream(path), ContentLength: (await stat(path)).size }),
        )
      }
    } else {
      await mkdir(config.mediaDir, { recursive: true, mode: 0o700 })
      await rm(staging, { recursive: true, force: true }) // left by a restore that failed
      for (const key of keys) {
        const target = join(staging, key)
        await mkdir(dirname(target), { recursive: true })
        await cp(join(mediaIn, key), target)
      }
    }

    // 3. The database, whole or not at all.
    await prisma.$transaction(async (tx) => {
      const tables = await tablesOf(tx)
      const unknown = Object.keys(manifest.database.tables).filter((t) => !tables.includes(t))
      if (unknown.length > 0) throw new BackupError(`The backup has tables this database lacks: ${unknown.join(', ')}.`)
      await tx.$executeRawUnsafe(`TRUNCATE ${tables.map(ident).join(', ')} RESTART IDENTITY CASCADE`)
      for (const table of await insertOrder(tx, Object.keys(manifest.database.tables))) {
        const lines = (await readFile(join(dir, 'database', `${table}.ndjson`), 'utf8')).split('\n').filter(Boolean)
        if (lines.length !== manifest.database.tables[table])
          throw new BackupError(
            `database/${table}.ndjson has ${lines.length} rows, the manifest says ${manifest.database.tables[table]}: the backup is damaged.`,
          )
        // A table that points at itself goes in one statement (foreign keys are checked at its end).
        const selfReferencing =
          (
            await tx.$queryRawUnsafe<{ n: number }[]>(
              `SELECT count(*)::int AS n FROM pg_constraint WHERE contype = 'f' AND conrelid = $1::regclass AND confrelid = conrelid`,
              ident(table),
            )
          )[0]!.n > 0
        const size = selfReferencing ? lines.length : PAGE_ROWS
        for (let i = 0; i < lines.length; i += size) {
          await tx.$executeRawUnsafe(
            `INSERT INTO ${ident(table)} SELECT * FROM json_populate_recordset(NULL::${ident(table)}, $1::json)`,
            `[${lines.slice(i, i + size).join(',')}]`,
          )
        }
      }
      for (const [seq, { lastValue, isCalled }] of Object.entries(manifest.database.sequences)) {
        await tx.$queryRawUnsafe(`SELECT setval($1::regclass, $2::bigint, $3::boolean)::text`, ident(seq), lastValue, isCalled)
      }
    }, TRANSACTION)

    // 4. The media store holds exactly the backup's files.
    const wanted = new Set(keys)
    if (client) {
      const stale = (await s3Keys(client, s3!.bucket)).filter((k) => !k.startsWith(RESUMABLE_UPLOADS_PREFIX) && !wanted.has(k))
      for (const Key of stale) await client.send(new DeleteObjectCommand({ Bucket: s3!.bucket, Key }))
    } else {
      for (const key of keys) {
        const target = join(config.mediaDir, key)
        await mkdir(dirname(target), { recursive: true })
        await rename(join(staging, key), target)
      }
      await rm(staging, { recursive: true, force: true })
      for (const key of await filesUnder(config.mediaDir)) if (!wanted.has(key)) await rm(join(config.mediaDir, key), { force: true })
      await removeEmptyDirs(config.mediaDir)
    }
  } finally {
    client?.destroy()
    if (!client) await rm(staging, { recursive: true, force: true })
  }
  return manifest
}
