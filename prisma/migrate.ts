// Migration CLI that works offline. It is the project's own runner on Prisma's WASM schema
// engine, not `prisma migrate deploy`: Prisma's CLI needs its native schema engine, downloaded
// from binaries.prisma.sh at install, which CI and the build machines cannot reach (the
// reason in full at the top of infra/migrations.ts). The migrations are standard Prisma folders.
//   tsx prisma/migrate.ts create <name>   write a migration for schema.prisma changes
//   tsx prisma/migrate.ts deploy          apply pending migrations to DATABASE_URL, under the
//                                         advisory lock the servers take (one deploy at a time)
// The production image runs the compiled file: `node prisma/migrate.js deploy` (the Compose
// file's one-shot `migrate` service).
import { createMigration, deployMigrationsLocked } from '../infra/migrations.ts'

const [command, name] = process.argv.slice(2)

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

if (command === 'create') {
  if (!name) fail('usage: tsx prisma/migrate.ts create <name>')
  const folder = await createMigration(name)
  console.log(folder ? `created prisma/migrations/${folder}/migration.sql` : 'schema unchanged: no migration created')
} else if (command === 'deploy') {
  const connectionString = process.env.DATABASE_URL
  if (!connectionString) fail('DATABASE_URL is not set (e.g. postgresql://postgres@127.0.0.1:5432/liftarena)')
  const applied = await deployMigrationsLocked(connectionString)
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations')
} else {
  fail('usage: tsx prisma/migrate.ts create <name> | deploy')
}
