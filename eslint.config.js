// ESLint: typescript-eslint's recommended rules, the type-aware promise rules for the server side
// (no-floating-promises, no-misused-promises: a promise nobody awaits or catches is a crash or a
// lost error), and the architecture of the README as import boundaries, so a layer that reaches
// into another fails `npm test`. Inside the server the layers are zoned too: routes import no
// driver, services no Fastify, only the repositories (and the database module) Prisma, and
// repositories not each other.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import prettierOff from 'eslint-config-prettier'

const ROOT = import.meta.dirname
const SOURCE_FILES = '*.{ts,tsx,js,mjs,cjs}'
const FEATURES = 'web/src/features'

/** The sub-folders of `dir` (repo-relative), `dir` included. */
function folders(dir) {
  const entries = readdirSync(path.join(ROOT, dir), { withFileTypes: true })
  return [dir, ...entries.filter((e) => e.isDirectory() && e.name !== 'node_modules').flatMap((e) => folders(`${dir}/${e.name}`))]
}
const features = readdirSync(path.join(ROOT, FEATURES), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)

/**
 * Who may not import whom. A zone's rules hold for every file below it; `only` means nothing
 * outside that folder but packages. Folders not named here (tests, e2e, bench, scripts) may
 * import anything.
 */
const BOUNDARIES = [
  {
    zone: 'contract',
    only: 'contract',
    message: 'contract/ is the shared typed contract: it imports its own files and packages, nothing of the app.',
  },
  {
    zone: 'web/src',
    forbid: ['server', 'worker', 'infra', 'prisma'],
    message:
      'The web client never imports server, worker, infra or prisma code: shared types and rules come from contract/ (web/src/lib/contract.ts).',
  },
  ...['api', 'components', 'lib', 'stores'].map((shared) => ({
    zone: `web/src/${shared}`,
    forbid: [FEATURES],
    message: 'Shared web code does not import features: move what it needs out of the feature, into web/src/lib or web/src/components.',
  })),
  ...features.map((feature) => ({
    zone: `${FEATURES}/${feature}`,
    forbid: features.filter((other) => other !== feature).map((other) => `${FEATURES}/${other}`),
    message: 'Features do not import each other: move what both need to web/src/lib or web/src/components.',
  })),
  { zone: 'infra', forbid: ['server', 'worker', 'web'], message: 'infra/ serves both roles and imports neither (nor the web client).' },
  {
    zone: 'server',
    forbid: ['worker', 'web'],
    message: 'The server role imports neither the worker role (shared code belongs in infra/) nor the web client.',
  },
  {
    zone: 'worker',
    forbid: ['server', 'web'],
    message: 'The worker role imports neither the server role (shared code belongs in infra/) nor the web client.',
  },
  {
    zone: 'prisma',
    forbid: ['server', 'worker', 'web'],
    message: 'prisma/ (schema, migrations, seed) imports no role: what both need lives in infra/ or contract/.',
  },
]

/** Drivers: a route reaches them through a repository, storage or an adapter, never itself. */
const DRIVER = {
  regex: '^(?:@prisma/.*|ioredis|@aws-sdk/.*|@tus/(?:file-store|s3-store)|.*/prisma/generated(?:/.*)?)$',
  message:
    'Routes import no driver (Prisma, ioredis, the S3 SDK, tus stores): reach it through a repository, the storage or an adapter in infra/ or server/plugins/.',
}
const FASTIFY = {
  regex: '^(?:fastify|fastify-plugin|@fastify/.*|(?:\\.\\./)+plugins/.*)$',
  message: 'Services import no Fastify (nor its plugins): a service receives its dependencies explicitly and is tested without an app.',
}
const PRISMA = {
  regex: '^(?:@prisma/.*|.*/prisma/generated(?:/.*)?)$',
  message:
    'Only infra/repositories/ and the database module (infra/db.ts, infra/migrations.ts) import Prisma: other code goes through a repository.',
}
const SIBLING_REPOSITORY = {
  regex: '^\\./[\\w.-]+\\.repository(?:\\.ts)?$',
  message:
    'Repositories do not import each other: share row shapes and helpers through a module that is not a repository (infra/repositories/*.ts without .repository).',
}
/** The database module: the one place besides the repositories that opens Prisma. */
const DATABASE_MODULE = ['infra/db.ts', 'infra/migrations.ts']

/** Layer rules inside the server side, by folder (and, for the repositories, file). */
function layerPatterns(folder) {
  const patterns = []
  if (isWithin(folder, 'server/routes')) patterns.push(DRIVER)
  if (isWithin(folder, 'server/services')) patterns.push(FASTIFY)
  const prismaAllowed = isWithin(folder, 'infra/repositories') || isWithin(folder, 'prisma') || isWithin(folder, 'web')
  if (!prismaAllowed && ['server', 'worker', 'infra', 'contract'].some((zone) => isWithin(folder, zone))) patterns.push(PRISMA)
  return patterns
}

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
const boundaryConfigs = zones.flatMap(folders).flatMap((folder) => {
  const patterns = [...restrictedImports(folder), ...layerPatterns(folder)]
  const configs = [
    {
      name: `liftarena/boundaries/${folder}`,
      files: [`${folder}/${SOURCE_FILES}`],
      ignores: folder === 'infra' ? DATABASE_MODULE : [],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    },
  ]
  if (folder === 'infra') {
    configs.push({
      name: 'liftarena/boundaries/infra/database-module',
      files: DATABASE_MODULE,
      rules: { 'no-restricted-imports': ['error', { patterns: patterns.filter((pattern) => pattern !== PRISMA) }] },
    })
  }
  if (folder === 'infra/repositories') {
    configs.push({
      name: 'liftarena/boundaries/infra/repositories/no-siblings',
      files: ['infra/repositories/*.repository.ts'],
      rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, SIBLING_REPOSITORY] }] },
    })
  }
  return configs
})

/** The server side, checked with type information (the web client's rules are its own). */
const TYPED_FILES = ['{server,worker,infra,contract,tests,bench}/**/*.ts']

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
  {
    // The web client: the rules of hooks (hooks called unconditionally, effects and callbacks naming
    // what they read). The plugin's React Compiler rules are left out: the app is not compiled by it.
    name: 'liftarena/web',
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    name: 'liftarena/promises',
    files: TYPED_FILES,
    // Each file with the types it is checked with: the server side's (Node only), or the harness's
    // (Node and DOM: code that drives a browser or loads the web client's modules in Node).
    languageOptions: { parserOptions: { project: ['./tsconfig.json', './tsconfig.harness.json'], tsconfigRootDir: ROOT } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Layout is Prettier's (`npm test` runs `prettier --check`): ESLint's layout rules stay off.
  prettierOff,
)
