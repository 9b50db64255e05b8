// Serves the built web client (web/dist) from the API's port: hashed assets are cached for
// good, other files briefly, and every other GET outside the API answers index.html so deep
// links and reloads reach the client's router: with 200 on one of the client's routes
// (contract/web-routes.ts), with 404 elsewhere (the app then shows its 404 page). Without a build it
// serves nothing and says why.
import { readFile, stat } from 'node:fs/promises'
import { resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { isWebRoute } from '../../../contract/index.ts'
import { previewPage, withPreview } from '../../link-preview.ts'

const DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url))
const ASSETS = `${sep}assets${sep}`

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile()
  } catch {
    return false
  }
}

export default async function webStatic(app: FastifyInstance) {
  if (!(await isFile(resolve(DIST, 'index.html')))) {
    app.log.warn(
      'web/dist/index.html is missing, so the web client is not served. `npm start` builds it first; with tsx directly, run `npm run build:web`.',
    )
    return
  }
  // serve: false — only reply.sendFile; the route below decides what each path gets.
  await app.register(fastifyStatic, {
    root: DIST,
    serve: false,
    // The build writes .br and .gz beside each text file (web/vite.config.ts); the client's Accept-Encoding picks one.
    preCompressed: true,
    cacheControl: false, // set below, per kind of file
    // @fastify/static 10 passes the Fastify reply (9 passed the raw response) and calls this after its own headers, so these win.
    setHeaders(reply, path) {
      // A precompressed copy is cached as the file it stands for.
      const file = path.replace(/\.(br|gz)$/, '')
      const cache = file.includes(ASSETS)
        ? 'public, max-age=31536000, immutable'
        : file.endsWith('.html')
          ? 'no-cache'
          : 'public, max-age=3600'
      reply.header('Cache-Control', cache)
      // Vary: Accept-Encoding (shared caches keep the brotli, gzip and plain copies apart) is added by
      // @fastify/static itself for preCompressed (10.1+), appended to CORS's Vary: Origin, not replacing it.
    },
  })

  const { config } = app.deps
  const apiBase = config.apiBase
  // Built with the other services (plugins/app/repositories.ts) over the composition root's repositories.
  const previews = app.services.linkPreviews
  let indexHtml: string | undefined
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (path === apiBase || path.startsWith(`${apiBase}/`) || path.startsWith('/socket.io/')) return reply.callNotFound()
    let file: string
    try {
      file = resolve(DIST, `.${decodeURIComponent(path)}`)
    } catch {
      return reply.callNotFound()
    }
    if (file.startsWith(DIST) && (await isFile(file))) return reply.sendFile(file.slice(DIST.length))
    // A missing hashed asset is a 404: index.html in its place would be run as a script.
    if (path.startsWith('/assets/')) return reply.callNotFound()
    // The app's 404 page for a path the client has no route for, with the status that says so.
    if (!isWebRoute(path)) reply.code(404)
    // A public page with its own thing to show gets its link preview's tags in the HTML (server/link-preview.ts).
    // Only under the configured address: tags built from a request's Host header could be poisoned by whoever sends it.
    const page = config.publicUrl ? previewPage(path) : null
    if (page && config.publicUrl) {
      const site = config.publicUrl.replace(/\/+$/, '')
      const preview = await previews.previewOf(page, site).catch((err: unknown) => {
        request.log.warn({ err }, 'link preview failed; sending the plain page')
        return null
      })
      if (preview) {
        indexHtml ??= await readFile(resolve(DIST, 'index.html'), 'utf8')
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send(withPreview(indexHtml, preview, `${site}${path}`))
      }
    }
    return reply.sendFile('index.html')
  })
}
