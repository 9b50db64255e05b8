// The tests run on a Node the project supports: .ci/run puts the .nvmrc line first on PATH
// (scripts/ensure-node.sh), and package.json's engines names the LTS lines of Node's release
// schedule (https://github.com/nodejs/Release/blob/main/schedule.json, read 2026-11-28:
// 26 active LTS until 2027-10-20, 24 maintenance LTS until 2028-04-30; 20 ended 2026-04-30).
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
const engines = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node
const nvmrc = readFileSync(resolve(ROOT, '.nvmrc'), 'utf8').trim()

/** `^X.Y.Z || ^A.B.C` — the only form engines uses here. */
function satisfies(version: string, range: string): boolean {
  const [major, minor, patch] = version.replace(/^v/, '').split('.').map(Number)
  return range.split('||').some((part) => {
    const m = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(part)
    if (!m) throw new Error(`engines.node part "${part}" is not ^X.Y.Z`)
    const [want, wantMinor, wantPatch] = m.slice(1).map(Number)
    return major === want && (minor! > wantMinor! || (minor === wantMinor && patch! >= wantPatch!))
  })
}

describe('Node version', () => {
  it('engines names LTS lines only, and .nvmrc is one of them', () => {
    expect(engines).not.toMatch(/\b(18|20|21|22|23|25)\./)
    expect(satisfies(`${nvmrc}.99.0`, engines)).toBe(true)
  })

  it('this test process and the processes it spawns run on a supported Node', () => {
    expect(satisfies(process.version, engines), `process.version ${process.version} is outside engines ${engines}`).toBe(true)
    // What tests spawn (`tsx server/server.ts`, node scripts) takes `node` from PATH.
    const spawned = execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim()
    expect(satisfies(spawned, engines), `node on PATH is ${spawned}`).toBe(true)
  })
})
