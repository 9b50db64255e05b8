// Generates the Prisma client offline. `prisma generate` insists on locating a
// schema engine binary (which it cannot download here) but never runs it, so
// we point it at a harmless existing executable unless one is configured.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const stub = ['/bin/true', '/usr/bin/true'].find((p) => existsSync(p)) ?? process.execPath
const env: NodeJS.ProcessEnv = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? stub }
// prisma.config.ts reads DATABASE_URL through env(), which throws when unset.
env.DATABASE_URL ??= 'postgresql://localhost/unused'
const result = spawnSync('npx', ['prisma', 'generate', '--schema', 'prisma/schema.prisma'], { env, stdio: 'inherit' })
process.exit(result.status ?? 1)
