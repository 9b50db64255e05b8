// Vite config for the web client. Root is web/, the build goes to web/dist,
// which the API server serves (server/plugins/external/web-static.ts).
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'

// The dev server forwards API calls and the live socket to a running `npm start`.
const apiTarget = process.env.LIFTARENA_API_URL ?? 'http://127.0.0.1:3000'

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/

/**
 * Writes a .br and a .gz beside every text file of the build (at the top levels, once, at build
 * time), which the server sends by content negotiation (web-static.ts, preCompressed). Files under
 * 1 KB stay as they are: compressing them saves less than the header costs.
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'liftarena-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f))
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file)
          const bytes = await readFile(path)
          if (bytes.length < 1024) return
          await writeFile(
            `${path}.br`,
            await brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
          )
          await writeFile(`${path}.gz`, await gzipped(bytes, { level: 9 }))
        }),
      )
    },
  }
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // The contract builds TypeBox schemas at module load; the client uses only its types
      // and constants, so schema construction is declared pure and TypeBox drops out (-12 KB gzip).
      // The contract's own schema helpers (Nullable, Literals, NameText, NoteText, liveEvent) only
      // build schemas too: declared pure, the initial load went from 152.4 to 138.6 KB gzip.
      treeshake: {
        manualPureFunctions: ['Type', 'Nullable', 'Literals', 'NameText', 'NoteText', 'liveEvent'],
        moduleSideEffects: (id: string) => !/[\\/](contract|typebox)[\\/]/.test(id),
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
})
