// DATA_DIR is private (issue 27, item 7): the embedded database (emails, password hashes), the JWT
// secret and unfinished uploads. Before: under the usual umask 022 every folder was 0755 and every
// file 0644, readable by any account on the host. The real server process starts on a DATA_DIR it
// creates, and on one an older version left open (0755); an unfinished resumable upload is started.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { spawnServer, type ServerProcess } from '../helpers/live.ts'

const root = mkdtempSync(join(tmpdir(), 'liftarena-private-'))
chmodSync(root, 0o755)
const servers: ServerProcess[] = []
afterAll(async () => {
  for (const s of servers) await s.stop()
  rmSync(root, { recursive: true, force: true })
})

/** Every folder and file under `dir` whose mode lets group or others in, with its mode. */
function open(dir: string): string[] {
  const found: string[] = []
  const walk = (path: string) => {
    const stat = statSync(path)
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`)
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name))
  }
  walk(dir)
  return found
}

async function api(server: ServerProcess, path: string, init: { token?: string; json?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: {
      ...init.headers,
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  })
  return {
    status: res.status,
    headers: res.headers,
    body: res.status === 201 && !init.json ? {} : ((await res.json().catch(() => ({}))) as Record<string, unknown>),
  }
}

describe('DATA_DIR', () => {
  it.each([
    ['one the server creates', false],
    ['one an older version left open (0755 folders)', true],
  ])(
    'holds nothing others can read: %s',
    async (_what, preexisting) => {
      const dataDir = join(root, preexisting ? 'old' : 'new')
      if (preexisting) {
        mkdirSync(join(dataDir, 'scratch'), { recursive: true, mode: 0o755 })
        chmodSync(dataDir, 0o755)
        chmodSync(join(dataDir, 'scratch'), 0o755)
      }
      // JWT_SECRET unset: the server keeps its secret in DATA_DIR.
      const server = await spawnServer({
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        JWT_SECRET: '',
        RATE_LIMIT_AUTH_PER_MINUTE: '1000',
      })
      servers.push(server)
      const user = await api(server, '/auth/register', {
        json: { name: 'Private Lifter', email: `private.${preexisting}@example.com`, password: 'correct horse battery' },
      })
      expect(user.status).toBe(201)
      const token = String(user.body.access_token)
      const now = Date.now()
      const challenge = await api(server, '/create_competition', {
        token,
        json: {
          name: 'Private Open',
          location: 'Gym',
          lifttypes: ['Squat'],
          weightclasses: ['83kg'],
          gender: 'M',
          start_date: new Date(now - 86_400_000).toISOString(),
          end_date: new Date(now + 86_400_000).toISOString(),
        },
      })
      expect(challenge.status).toBe(201)
      expect(
        (await api(server, '/join_competition', { token, json: { competition_id: challenge.body.competition_id, weight_class: '83kg' } }))
          .status,
      ).toBe(201)
      const b64 = (v: unknown) => Buffer.from(String(v)).toString('base64')
      const metadata = Object.entries({
        filename: 'lift.mp4',
        filetype: 'video/mp4',
        lift_type: 'squat',
        weight: 100,
        competition_id: challenge.body.competition_id,
      })
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(',')
      const upload = await api(server, '/uploads/', {
        token,
        headers: { 'tus-resumable': '1.0.0', 'upload-length': '1000', 'upload-metadata': metadata },
      })
      expect(upload.status).toBe(201)

      const names = readdirSync(dataDir)
      expect(names).toEqual(expect.arrayContaining(['pglite', 'jwt-secret', 'scratch']))
      expect(readdirSync(join(dataDir, 'scratch', 'tus')).length).toBeGreaterThan(0)
      expect(open(dataDir)).toEqual([])
    },
    120_000,
  )
})
