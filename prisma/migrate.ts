// Migration CLI that works offline (see infra/migrations.ts):
//   tsx prisma/migrate.ts create <name>   write a migration for schema.prisma changes
//   tsx prisma/migrate.ts deploy          apply pending migrations to DATABASE_URL
import { PrismaPg } from '@prisma/adapter-pg'
import { createMigration, deployMigrations } from '../infra/migrations.ts'

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
  const applied = await deployMigrations(new PrismaPg({ connectionString }))
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'no pending migrations')
} else {
  fail('usage: tsx prisma/migrate.ts create <name> | deploy')
}
