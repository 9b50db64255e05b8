import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'
import { JWT_SECRET_FILE } from './jwt-secret.ts'

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'liftarena-jwt-secret-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the JWT secret', () => {
  it('is never the old built-in development secret', () => {
    const dir = freshDir()
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).not.toBe('liftarena-development-secret-change-me-in-production')
  })

  it('is generated on first start, kept in DATA_DIR with mode 0600, and read back on later starts', () => {
    const dir = join(freshDir(), 'not-yet-made')
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret
    expect(first.length).toBeGreaterThanOrEqual(64)
    const file = join(dir, JWT_SECRET_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8').trim()).toBe(first)
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first)
    expect(loadConfig({ DATA_DIR: freshDir() }).jwtSecret).not.toBe(first)
  })

  it('is the same for processes that start together on one DATA_DIR', async () => {
    const dir = freshDir()
    const tsx = resolve(import.meta.dirname, '../node_modules/.bin/tsx')
    const code = `import { loadConfig } from ${JSON.stringify(resolve(import.meta.dirname, 'config.ts'))}; console.log(loadConfig({ DATA_DIR: ${JSON.stringify(dir)} }).jwtSecret)`
    const runs = Array.from({ length: 6 }, async () => {
      const child = spawn(tsx, ['--eval', code], { stdio: ['ignore', 'pipe', 'inherit'] })
      let out = ''
      child.stdout.on('data', (chunk) => {
        out += String(chunk)
      })
      await once(child, 'exit')
      return out.trim()
    })
    const secrets = await Promise.all(runs)
    expect(secrets[0]!.length).toBeGreaterThanOrEqual(64)
    expect(new Set(secrets)).toEqual(new Set([secrets[0]]))
    expect(readFileSync(join(dir, JWT_SECRET_FILE), 'utf8').trim()).toBe(secrets[0])
  }, 30_000)

  it('takes JWT_SECRET when set, and refuses a short one', () => {
    const secret = 'x'.repeat(40)
    expect(loadConfig({ DATA_DIR: freshDir(), JWT_SECRET: secret }).jwtSecret).toBe(secret)
    expect(() => loadConfig({ DATA_DIR: freshDir(), JWT_SECRET: 'short' })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: freshDir(), JWT_SECRET: 'short', NODE_ENV: 'production' })).toThrow(/at least 32 characters/)
  })

  it('in production, requires JWT_SECRET with REDIS_URL and where no secret can be kept', () => {
    expect(() =>
      loadConfig({
        DATA_DIR: freshDir(),
        NODE_ENV: 'production',
        REDIS_URL: 'redis://127.0.0.1:6379',
        DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/test',
      }),
    ).toThrow(/Set JWT_SECRET.*REDIS_URL/)
    const notADir = join(freshDir(), 'file')
    writeFileSync(notADir, 'x')
    expect(() => loadConfig({ DATA_DIR: notADir, NODE_ENV: 'production' })).toThrow(/Set JWT_SECRET.*none can be kept/)
    // One process alone in production keeps its generated secret in DATA_DIR.
    const dir = freshDir()
    expect(loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' }).jwtSecret).toBe(readFileSync(join(dir, JWT_SECRET_FILE), 'utf8').trim())
  })

  it('refuses a kept secret that is too short rather than signing with it', () => {
    const dir = freshDir()
    writeFileSync(join(dir, JWT_SECRET_FILE), 'short\n')
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/fewer than 32 characters/)
  })
})
