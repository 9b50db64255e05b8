// package.json says what runs in production: every package the server, the worker and the
// operator commands (migrate, backup, restore) import at run time is in `dependencies`, and
// nothing else is (the production image installs `dependencies` only: a run-time import
// left in devDependencies crashes there, a build tool listed as a dependency bloats it).
// The import graph is walked from the entry points with TypeScript's parser, so type-only
// imports (erased at compile time) do not count and dynamic import() does.
import { existsSync, readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = resolve(import.meta.dirname, '../..')
/** What the production image runs (Dockerfile, docker-compose.yml) and the commands an operator runs there. */
export const RUNTIME_ENTRIES = [
  'server/server.ts',
  'worker/worker.ts',
  'prisma/migrate.ts',
  'scripts/backup.ts',
  'scripts/restore.ts',
  'scripts/create-bucket.ts',
]

function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false)
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text)
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text)
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier)
  const candidates = [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]
  const hit = candidates.find((c) => c.endsWith('.ts') && existsSync(c))
  if (!hit) throw new Error(`${relative(ROOT, from)} imports ${specifier}, which does not resolve to a .ts file`)
  return hit
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/')
const isBuiltin = (specifier: string) => specifier.startsWith('node:') || builtinModules.includes(packageName(specifier))

/** Every package reached from the entries, with one file that imports it. */
export function runtimePackages(entries: string[]): Map<string, string> {
  const packages = new Map<string, string>()
  const seen = new Set<string>()
  const queue = entries.map((e) => join(ROOT, e))
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue
    seen.add(file)
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) queue.push(resolveRelative(file, specifier))
      else if (!isBuiltin(specifier) && !packages.has(packageName(specifier))) packages.set(packageName(specifier), relative(ROOT, file))
    }
  }
  return packages
}

describe('package.json dependencies', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
  const declared = new Set(Object.keys(manifest.dependencies))
  const used = runtimePackages(RUNTIME_ENTRIES.filter((e) => existsSync(join(ROOT, e))))

  it('walks the real graph (a walker that found nothing would pass everything)', () => {
    for (const name of ['fastify', 'bullmq', '@prisma/client', 'ws', '@prisma/schema-engine-wasm']) expect(used.has(name), name).toBe(true)
  })

  it('lists every package imported at run time', () => {
    const missing = [...used].filter(([name]) => !declared.has(name)).map(([name, file]) => `${name} (imported by ${file})`)
    expect(missing, 'imported at run time but not in dependencies').toEqual([])
  })

  it('lists nothing the run time does not import', () => {
    const extra = [...declared].filter((name) => !used.has(name))
    expect(extra, 'in dependencies but never imported at run time: move it to devDependencies').toEqual([])
  })
})
