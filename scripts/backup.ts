// `npm run backup [-- <folder>]`: a consistent snapshot of the database and the media into a new
// folder (default ./backups/<date-time>), with the same settings the server uses (DATABASE_URL or
// the embedded database in DATA_DIR, STORAGE_DRIVER and its media). The embedded database belongs
// to one process: stop the server first (its DATA_DIR lock says so otherwise). In the image:
// `node scripts/backup.js /backups/<name>`. What is inside and how it is consistent: infra/backup.ts.
import { resolve } from 'node:path'
import { BackupError, writeBackup } from '../infra/backup.ts'
import { ConfigError, loadConfig } from '../infra/config.ts'
import { openDatabase } from '../infra/db.ts'
import { createPrivateFiles } from '../infra/private-files.ts'

async function main() {
  createPrivateFiles() // the backup holds password hashes and tokens: private like DATA_DIR
  const config = loadConfig()
  const dir = resolve(process.argv[2] ?? `backups/${new Date().toISOString().replace(/[:.]/g, '-')}`)
  const db = await openDatabase(config, { requireMigrated: true })
  try {
    const manifest = await writeBackup(db.prisma, db.kind, config, dir)
    const rows = Object.values(manifest.database.tables).reduce((a, b) => a + b, 0)
    console.log(
      `Backed up ${rows} rows in ${Object.keys(manifest.database.tables).length} tables (${db.kind} database) and ${Object.keys(manifest.media.files).length} media files (${config.storageDriver}) to ${dir}`,
    )
  } finally {
    await db.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof BackupError) console.error(`Backup failed: ${error.message}`)
  else console.error(error)
  process.exit(1)
})
