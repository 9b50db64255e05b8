// Restoring a backup (infra/backup.ts writes them; the folder layout is described there): the backup is
// checked against its manifest before anything changes, then the database's tables are replaced in one
// transaction and the media files are put in place (a local store by renames from a staging folder, S3 by uploads).
import { createReadStream } from 'node:fs'
import { cp, mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { Config } from './config.ts'
import type { PrismaClient } from './db.ts'
import { pendingMigrations } from './migrations.ts'
import { s3ClientOptions } from './s3-storage.ts'
import { assertSafeKey, RESUMABLE_UPLOADS_PREFIX } from './storage.ts'
import {
  BackupError,
  PAGE_ROWS,
  TRANSACTION,
  filesUnder,
  ident,
  insertOrder,
  readManifest,
  rowsPresent,
  s3Keys,
  sha256Of,
  tablesOf,
  type BackupManifest,
} from './backup.ts'

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
