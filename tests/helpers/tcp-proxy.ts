// A TCP proxy we can cut and restore, to make a real service "unreachable" without stopping it.
// - cut(): connections are refused and open ones reset (a stopped or restarting server);
// - blackhole(): packets vanish: new connections are accepted but nothing is forwarded, and
//   open ones go silent (a network partition or a host that died without a word).
import net from 'node:net'

export interface TcpProxy {
  port: number
  cut(): Promise<void>
  /** Silently drops everything until restore(): open connections hang, new ones never answer. */
  blackhole(): void
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0
  let silent = false
  const track = (s: net.Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  }
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        if (silent) {
          // Accept, then say nothing: the client waits for a handshake that never comes.
          track(client)
          client.on('error', () => {})
          client.pause()
          return
        }
        const upstream = net.connect(targetPort, targetHost)
        for (const s of [client, upstream]) {
          track(s)
          s.on('error', () => {
            client.destroy()
            upstream.destroy()
          })
        }
        // Forward by hand, so blackhole() can make an open connection go silent.
        client.on('data', (chunk) => {
          if (!silent) upstream.write(chunk)
        })
        upstream.on('data', (chunk) => {
          if (!silent) client.write(chunk)
        })
        client.on('end', () => upstream.end())
        upstream.on('end', () => client.end())
      })
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as net.AddressInfo).port
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy()
      if (server) server.close(() => resolve())
      else resolve()
      server = undefined
    })
  await listen()
  return {
    get port() {
      return port
    },
    cut: stop,
    blackhole() {
      silent = true
    },
    async restore() {
      if (silent) {
        // The silent connections are broken for good (bytes were dropped): end them, as the network would eventually.
        silent = false
        await stop()
      }
      if (!server) await listen()
    },
    close: stop,
  }
}

export interface Balancer {
  url: string
  /** Open client connections, with the node each was sent to. */
  connections: Map<net.Socket, number>
  close(): Promise<void>
}

/**
 * A load balancer without sticky sessions: each new TCP connection goes to the node `pick`
 * names (an index into `ports`). A client that reconnects may land on another node.
 */
export async function startBalancer(ports: readonly number[], pick: () => number): Promise<Balancer> {
  const connections = new Map<net.Socket, number>()
  const server = net.createServer((client) => {
    const node = pick()
    const upstream = net.connect(ports[node]!, '127.0.0.1')
    connections.set(client, node)
    client.on('close', () => connections.delete(client))
    for (const s of [client, upstream])
      s.on('error', () => {
        client.destroy()
        upstream.destroy()
      })
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
    client.pipe(upstream)
    upstream.pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of connections.keys()) s.destroy()
        server.close(() => resolve())
      }),
  }
}
