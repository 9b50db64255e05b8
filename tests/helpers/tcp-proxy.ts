// A TCP proxy we can cut and restore, to make a real service "unreachable" without stopping it.
import net from 'node:net'

export interface TcpProxy {
  port: number
  cut(): Promise<void>
  restore(): Promise<void>
  close(): Promise<void>
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>()
  let server: net.Server | undefined
  let port = 0
  const listen = () => new Promise<void>((resolve) => {
    server = net.createServer((client) => {
      const upstream = net.connect(targetPort, targetHost)
      for (const s of [client, upstream]) {
        sockets.add(s)
        s.on('close', () => sockets.delete(s))
        s.on('error', () => { client.destroy(); upstream.destroy() })
      }
      client.pipe(upstream).pipe(client)
    })
    server.listen(port, '127.0.0.1', () => {
      port = (server!.address() as net.AddressInfo).port
      resolve()
    })
  })
  const stop = () => new Promise<void>((resolve) => {
    for (const s of sockets) s.destroy()
    server ? server.close(() => resolve()) : resolve()
    server = undefined
  })
  await listen()
  return { get port() { return port }, cut: stop, restore: listen, close: stop }
}
