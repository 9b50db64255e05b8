// `npm run restore -- <folder> [--replace]`: brings this install back to exactly the state of a
// backup made by `npm run backup` (same version): every row, every sequence and every media file;
// anything else in the database and the media store is removed. Run it with the servers and
// workers stopped, on a fresh install (migrated at its first start, or `npm run migrate:deploy`).
// The backup is checked whole first (every media file's size and sha256); a database that already
// holds rows, or a media store holding files the backup does not, is replaced only with --replace.
// In the image:
// `node scripts/restore.js /backups/<name> [--replace]`.
import { resolve } from 'node:path'
import { BackupError } from '../infra/backup.ts'
import { restoreBackup } from '../infra/backup-restore.ts'
import { ConfigError, loadConfig } from '../infra/config.ts'
import { openDatabase } from '../infra/db.ts'
import { createPrivateFiles } from '../infra/private-files.ts'

async function main() {
  createPrivateFiles()
  const args = process.argv.slice(2)
  const folder = args.find((a) => !a.startsWith('--'))
  if (!folder) throw new BackupError('usage: npm run restore -- <backup folder> [--replace]')
  const config = loadConfig()
  // A fresh install: the migrations this version has (under the migration lock on PostgreSQL).
  const db = await openDatabase(config, { migrate: true })
  try {
    const manifest = await restoreBackup(db.prisma, config, resolve(folder), { replace: args.includes('--replace') })
    const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0)
    console.log(
      `Restored ${rows} rows and ${Object.keys(manifest.media.files).length} media files from the backup of ${manifest.createdAt}.`,
    )
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(`Restore failed: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
