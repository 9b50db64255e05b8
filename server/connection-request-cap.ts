// MAX_REQUESTS_PER_SOCKET: how many requests one kept-alive connection carries before the
// server closes it (so a long-lived client or proxy connection is rebalanced across nodes).
// Done here rather than by Node's `maxRequestsPerSocket`: Node 20 marks the last answer
// `Connection: close` but keeps the connection open, then answers every later request on it
// 503 with an empty body for as long as a client that ignores the header keeps sending.
// Here the last answer really closes the connection, and a request that arrives on it anyway
// (pipelined, or sent before the client read the close) gets a 503 saying to reconnect.
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

/** The answer to a request past the cap; the connection closes after it. */
export const reconnectError = (max: number) =>
  `This connection has carried its ${max} requests and the server closed it (Connection: close); send the request again on a new connection.`

export function capRequestsPerConnection(app: FastifyInstance, max: number) {
  const served = new WeakMap<Socket, number>()
  // A hook on the root instance before any plugin: it runs first on every route and the 404
  // handler, so a refused request costs no rate-limit budget or database work.
  app.addHook('onRequest', async (request, reply) => {
    const socket = request.raw.socket
    const count = (served.get(socket) ?? 0) + 1
    served.set(socket, count)
    if (count < max) return
    // Node ends a connection once an answer with this header is sent (browsers, proxies and
    // HTTP agents then open a new one for their next request).
    reply.header('connection', 'close')
    if (count > max)
      return reply
        .code(503)
        .header('retry-after', '0')
        .send({ error: reconnectError(max) })
  })
}
