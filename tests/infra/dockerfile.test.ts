// The production image, read as text (no Docker engine runs here): multi-stage, production
// dependencies only, a non-root user, Node running compiled JavaScript (no tsx), a health
// check on the readiness route, the Node line of .nvmrc, and no tests or benchmarks inside.
// tests/long/production-build.test.ts compiles with the same tsconfig.build.json and runs it.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const dockerfile = readFileSync(resolve(ROOT, 'Dockerfile'), 'utf8')
const dockerignore = readFileSync(resolve(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
const nvmrc = readFileSync(resolve(ROOT, '.nvmrc'), 'utf8').trim()

/** Instructions with continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
const stages: string[][] = []
for (const line of instructions) {
  if (/^FROM /i.test(line)) stages.push([])
  stages.at(-1)?.push(line)
}
const runtime = stages.at(-1)!

describe('Dockerfile', () => {
  it('is multi-stage from a pinned image of the .nvmrc Node line', () => {
    expect(stages.length).toBeGreaterThanOrEqual(3)
    const image = /^ARG NODE_IMAGE=(\S+)/m.exec(dockerfile)?.[1]
    expect(image).toMatch(new RegExp(`^node:${nvmrc}\\.\\d+\\.\\d+-[a-z]+-slim$`))
  })

  it('installs production dependencies only in what it ships', () => {
    const deps = stages.find((s) => s.some((l) => /npm ci .*--omit=dev/.test(l)))
    expect(deps, 'a stage runs npm ci --omit=dev').toBeDefined()
    const copiedModules = runtime.filter((l) => /^COPY .*node_modules/.test(l))
    expect(copiedModules).toHaveLength(1)
    expect(copiedModules[0]).toContain(`--from=${/ AS (\S+)/i.exec(deps![0]!)![1]}`)
    expect(
      runtime.some((l) => /^RUN .*npm (ci|install)/.test(l)),
      'no install in the runtime stage',
    ).toBe(false)
  })

  it('runs as a non-root user, Node on compiled JavaScript, with a readiness health check', () => {
    const user = runtime.filter((l) => /^USER /.test(l)).at(-1)
    expect(user).toBeDefined()
    expect(user).not.toMatch(/^USER (root|0)\b/)
    const cmd = runtime.find((l) => /^CMD /.test(l))!
    expect(JSON.parse(cmd.slice(4))).toEqual(['node', 'server/server.js'])
    expect(runtime.join('\n')).not.toMatch(/tsx/)
    const health = runtime.find((l) => /^HEALTHCHECK /.test(l))
    expect(health).toContain('/api/ready')
  })

  it('builds the web app at image build time and ships it', () => {
    expect(stages[0]!.some((l) => /npm run build:web/.test(l))).toBe(true)
    expect(runtime.some((l) => /^COPY --from=build \/app\/web\/dist web\/dist/.test(l))).toBe(true)
  })

  it('leaves tests and benchmarks out of the build context and the image', () => {
    for (const entry of ['tests', 'bench', 'web/e2e', '**/*.test.ts', '.env', '**/node_modules'])
      expect(dockerignore, entry).toContain(entry)
    expect(dockerfile).not.toMatch(/^COPY (\. |tests|bench)/m)
  })
})
