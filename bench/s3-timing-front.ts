// A pass-through HTTP front before the test S3 server (s3rver) that times every request: the
// s3-upload bench reads the tus upload's phases (parts stored, parts joined, the read back, the
// copy to the original) off it. Requests and answers pass byte for byte, signature headers
// included (they sign the Host the client used, which the front keeps).
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'

export interface S3Front {
  readonly port: number
  readonly endpoint: string
  close(): Promise<void>
}

export interface S3FrontOptions {
  /** Called as each request ends: when it started and ended (ms since the epoch, sub-ms), its method, URL and status. */
  onRequest?(entry: { start: number; end: number; method: string; url: string; status: number }): void
}

const epochMs = () => performance.timeOrigin + performance.now()

/** Starts the front on a free loopback port before s3rver at `s3Port`. */
export async function startS3Front(s3Port: number, options: S3FrontOptions = {}): Promise<S3Front> {
  function pass(req: IncomingMessage, res: ServerResponse) {
    const upstream = httpRequest({ host: '127.0.0.1', port: s3Port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.on('error', () => upstream.destroy())
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy()
    })
    req.pipe(upstream)
  }

  const server = createServer((req, res) => {
    if (options.onRequest) {
      const start = epochMs()
      res.on('close', () =>
        options.onRequest!({ start, end: epochMs(), method: req.method ?? '', url: req.url ?? '', status: res.statusCode }),
      )
    }
    pass(req, res)
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    port,
    endpoint: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
