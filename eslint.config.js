// ESLint: typescript-eslint's recommended rules (syntactic, no type information: the whole
// tree lints in seconds; `npm run typecheck` does the type checking), and the architecture of
// the README as import boundaries, so a layer that reaches into another fails `npm test`.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'

const ROOT = import.meta.dirname
const SOURCE_FILES = '*.{ts,tsx,js,mjs,cjs}'
const FEATURES = 'web/src/features'

/** The sub-folders of `dir` (repo-relative), `dir` included. */
function folders(dir) {
  const entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true })
  return [dir, ...entries.filter((e) => e.isDirectory() && e.name !== 'node_modules').flatMap((e) => folders(`${dir}/${e.name}`))]
}
const features = readdirSync(path.join(ROOT, FEATURES), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)

/**
 * Who may not import whom. A zone's rules hold for every file below it; `only` means nothing
 * outside that folder but packages. Folders not named here (tests, e2e, bench, scripts) may
 * import anything.
 */
const BOUNDARIES = [
  { zone: 'contract', only: 'contract', message: 'contract/ is the shared typed contract: it imports its own files and packages, nothing of the app.' },
  {
    zone: 'web/src', forbid: ['server', 'worker', 'infra', 'prisma'],
    message: 'The web client never imports server, worker, infra or prisma code: shared types and rules come from contract/ (web/src/lib/contract.ts).',
  },
  ...['api', 'components', 'lib', 'stores'].map((shared) => ({
    zone: `web/src/${shared}`, forbid: [FEATURES],
    message: 'Shared web code does not import features: move what it needs out of the feature, into web/src/lib or web/src/components.',
  })),
  ...features.map((feature) => ({
    zone: `${FEATURES}/${feature}`, forbid: features.filter((other) => other !== feature).map((other) => `${FEATURES}/${other}`),
    message: 'Features do not import each other: move what both need to web/src/lib or web/src/components.',
  })),
  { zone: 'infra', forbid: ['server', 'worker', 'web'], message: 'infra/ serves both roles and imports neither (nor the web client).' },
  { zone: 'server', forbid: ['worker', 'web'], message: 'The server role imports neither the worker role (shared code belongs in infra/) nor the web client.' },
  { zone: 'worker', forbid: ['server', 'web'], message: 'The worker role imports neither the server role (shared code belongs in infra/) nor the web client.' },
  { zone: 'prisma', forbid: ['server', 'worker', 'web'], message: 'prisma/ (schema, migrations, seed) imports no role: what both need lives in infra/ or contract/.' },
]

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const isWithin = (folder, zone) => folder === zone || folder.startsWith(`${zone}/`)

/** The import paths a file in `folder` may not use, as `no-restricted-imports` patterns. */
function restrictedImports(folder) {
  return BOUNDARIES.filter(({ zone }) => isWithin(folder, zone)).flatMap(({ only, forbid = [], message }) => {
    const targets = forbid.map((target) => {
      const relative = path.posix.relative(folder, target)
      return relative.startsWith('..') ? relative : `./${relative}`
    })
    // Leaving `only` takes one `..` more than the folder is deep below it.
    if (only) targets.push(path.posix.join(path.posix.relative(folder, only) || '.', '..'))
    return targets.map((target) => ({ regex: `^${escape(target)}(?:/|$)`, message }))
  })
}

const zones = [...new Set(BOUNDARIES.map(({ zone }) => zone.split('/')[0]))]
const boundaryConfigs = zones.flatMap(folders).map((folder) => ({
  name: `liftarena/boundaries/${folder}`,
  files: [`${folder}/${SOURCE_FILES}`],
  rules: { 'no-restricted-imports': ['error', { patterns: restrictedImports(folder) }] },
}))

export default defineConfig(
  { name: 'liftarena/ignores', ignores: ['data/', 'media/', 'dist/', 'web/dist/', 'prisma/generated/', '.artifacts/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'liftarena/rules',
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // TypeScript checks names (tsc with strict); the core rule does not know DOM and Node globals.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  ...boundaryConfigs,
)
