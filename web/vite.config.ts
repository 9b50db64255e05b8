// Vite config for the web client. Root is web/, the build goes to web/dist,
// which the API server serves (server/plugins/external/web-static.ts).
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'

// The dev server forwards API calls and the live socket to a running `npm start`.
const apiTarget = process.env.LIFTARENA_API_URL ?? 'http://127.0.0.1:3000'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // The contract builds TypeBox schemas at module load; the client uses only its types
      // and constants, so schema construction is declared pure and TypeBox drops out (-12 KB gzip).
      treeshake: {
        manualPureFunctions: ['Type'],
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
