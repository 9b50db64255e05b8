// docker-compose.yml, checked without Docker (no engine runs on CI's machine): the services the
// multi-node product needs, images pinned to published versions, one-shot setup and migrate
// steps the apps wait for, one entry point, and every variable it reads documented in
// .env.example. Where the docker CLI with its compose plugin exists, `docker compose config`
// validates the file too.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const text = readFileSync(resolve(ROOT, 'docker-compose.yml'), 'utf8')
// Merge keys (<<: *app) as Compose reads them.
const compose = parse(text, { merge: true }) as { services: Record<string, Service> }
const example = readFileSync(resolve(ROOT, '.env.example'), 'utf8')
const documented = new Map([...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]))

interface Service {
  image?: string
  build?: string
  command?: string[]
  restart?: string
  ports?: string[]
  volumes?: string[]
  environment?: Record<string, string>
  depends_on?: Record<string, { condition: string }>
  deploy?: { replicas?: string | number }
  healthcheck?: { test?: string[]; disable?: boolean }
}

const services = compose.services
const app = ['setup', 'migrate', 'server', 'worker']

describe('docker-compose.yml', () => {
  it('has the multi-node product: database, Redis, object store, one-shot steps, servers, workers, one proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['migrate', 'objectstore', 'postgres', 'proxy', 'redis', 'server', 'setup', 'worker'])
  })

  it('pins every image to a published version (no latest, no MinIO)', () => {
    for (const [name, service] of Object.entries(services)) {
      if (app.includes(name)) {
        expect(service.build, name).toBe('.')
        continue
      }
      expect(service.image, name).toMatch(/^[a-z0-9./-]+:v?\d+(\.\d+)*(-[a-z0-9.]+)?$/)
      expect(service.image, name).not.toMatch(/minio|:latest/)
    }
  })

  it('keeps Redis append-only and every store on a volume', () => {
    expect(services.redis!.command).toEqual(expect.arrayContaining(['--appendonly', 'yes']))
    for (const name of ['postgres', 'redis', 'objectstore']) expect(services[name]!.volumes?.length, name).toBeGreaterThan(0)
  })

  it('runs the bucket setup and the migrations once, before any server or worker starts', () => {
    expect(services.setup!.command).toEqual(['node', 'scripts/create-bucket.js'])
    expect(services.migrate!.command).toEqual(['node', 'prisma/migrate.js', 'deploy'])
    for (const step of ['setup', 'migrate']) expect(services[step]!.restart).toBe('no')
    for (const role of ['server', 'worker']) {
      expect(services[role]!.depends_on?.setup?.condition, role).toBe('service_completed_successfully')
      expect(services[role]!.depends_on?.migrate?.condition, role).toBe('service_completed_successfully')
    }
    expect(services.server!.environment?.MIGRATE_ON_START).toBe('false')
    expect(services.server!.command).toEqual(['node', 'server/server.js'])
    expect(services.worker!.command).toEqual(['node', 'worker/worker.js'])
  })

  it('puts N servers and M workers behind one proxy that alone publishes ports', () => {
    expect(String(services.server!.deploy?.replicas)).toMatch(/SERVER_REPLICAS/)
    expect(String(services.worker!.deploy?.replicas)).toMatch(/WORKER_REPLICAS/)
    for (const [name, service] of Object.entries(services)) if (name !== 'proxy') expect(service.ports, name).toBeUndefined()
    expect(services.server!.environment?.TRUST_PROXY).toBe('1')
    const mount = services.proxy!.volumes!.find((v) => v.includes('Caddyfile'))!
    const caddyfile = readFileSync(resolve(ROOT, mount.split(':')[0]!), 'utf8')
    expect(caddyfile).toMatch(/^\s*lb_policy cookie/m) // sticky for socket.io's long-polling
    expect(caddyfile).toContain('{$LIFTARENA_UPSTREAMS}')
    expect(services.proxy!.environment?.LIFTARENA_UPSTREAMS).toBe('dynamic a server 3000')
    expect(services.proxy!.environment?.LIFTARENA_SITE).toMatch(/LIFTARENA_DOMAIN/) // HTTPS where a domain is set
  })

  it('reads only variables .env.example documents, and requires the secrets it leaves empty', () => {
    const referenced = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!))
    expect(
      [...referenced].filter((name) => !documented.has(name)),
      'used in docker-compose.yml, missing from .env.example',
    ).toEqual([])
    expect(
      [...documented.keys()].filter((name) => !referenced.has(name)),
      'in .env.example, never read',
    ).toEqual([])
    const required = new Set([...text.matchAll(/\$\{([A-Z][A-Z0-9_]*):\?/g)].map((m) => m[1]!))
    expect([...required].sort()).toEqual(['JWT_SECRET', 'POSTGRES_PASSWORD', 'S3_SECRET_ACCESS_KEY'])
    for (const name of required) expect(documented.get(name), `${name} is left for the operator to set`).toBe('')
  })

  const docker = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' })
  const hasCompose = docker.status === 0
  if (!hasCompose)
    console.log('docker compose is not installed here: `docker compose config` is skipped (the structural checks above ran).')
  it.skipIf(!hasCompose)('is valid for docker compose config (skipped where docker compose is not installed)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'liftarena-compose-'))
    try {
      const env = example.replace(/^(JWT_SECRET|POSTGRES_PASSWORD|S3_SECRET_ACCESS_KEY)=$/gm, '$1=test-secret-0123456789abcdef0123456789')
      writeFileSync(join(dir, '.env'), env)
      const out = execFileSync(
        'docker',
        ['compose', '--env-file', join(dir, '.env'), '-f', resolve(ROOT, 'docker-compose.yml'), 'config', '--quiet'],
        { encoding: 'utf8' },
      )
      expect(out).toBe('')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('has no .env committed', () => {
    expect(existsSync(resolve(ROOT, '.env.example'))).toBe(true)
    expect(execFileSync('git', ['ls-files', '.env'], { cwd: ROOT, encoding: 'utf8' })).toBe('')
  })
})
