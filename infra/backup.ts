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
import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { Readable } from 'node:stream'
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import type { Config } from './config.ts'
import type { PrismaClient, Tx } from './db.ts'
import { s3ClientOptions } from './s3-storage.ts'
import { assertSafeKey, RESUMABLE_UPLOADS_PREFIX } from './storage.ts'

export const BACKUP_FORMAT = 1
export const PAGE_ROWS = 5_000
/** Long enough for a large database; the pool's per-query timeout still bounds each page. */
export const TRANSACTION = { maxWait: 10_000, timeout: 60 * 60_000 } as const

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

export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`

export async function tablesOf(tx: Tx): Promise<string[]> {
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
export async function insertOrder(tx: Tx, tables: string[]): Promise<string[]> {
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

export async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256')
  await pipeline(createReadStream(path), hash)
  return hash.digest('hex')
}

export async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return []
    throw e
  })
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split('\\').join('/'))
    .sort()
}

export async function s3Keys(client: S3Client, bucket: string): Promise<string[]> {
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
