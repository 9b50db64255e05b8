// Which addresses the site can be reached at, printed at start like Vite does ("Local:",
// "Network:"): organisers open the board on a projector laptop and spectators follow on
// phones in the hall, so every address a phone on the LAN could use is listed.
// Pure: the interfaces table is passed in (os.networkInterfaces() in production).
import { isIP } from 'node:net'
import type { NetworkInterfaceInfo } from 'node:os'

export type InterfacesTable = NodeJS.Dict<NetworkInterfaceInfo[]>

export interface ListenAddresses {
  /** URLs that work on this machine only. */
  local: string[]
  /** URLs other devices on the network can open. */
  network: string[]
  /** Listening on loopback only: nothing is reachable from other devices. */
  loopbackOnly: boolean
}

const WILDCARD_V4 = '0.0.0.0'

function isWildcard(host: string): boolean {
  return host === WILDCARD_V4 || (isIP(host) === 6 && /^[0:]+$/.test(host))
}

function isLoopback(host: string): boolean {
  const lower = host.toLowerCase()
  if (lower === 'localhost' || lower.endsWith('.localhost')) return true
  if (isIP(host) === 4) return host.startsWith('127.')
  if (isIP(host) === 6) return lower === '::1' || /^(0{1,4}:){7}0{0,3}1$/.test(lower) || lower.startsWith('::ffff:127.')
  return false
}

/** Link-local IPv6 (fe80::/10) needs a zone id, which browsers do not take in URLs. */
function isLinkLocalV6(address: string): boolean {
  return /^fe[89ab]/i.test(address)
}

export function urlFor(host: string, port: number): string {
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}/`
}

/**
 * The URLs for a server listening on `host`:`port`.
 * - `0.0.0.0`: localhost, and each non-internal IPv4 address.
 * - `::` (all interfaces, IPv4 too on a dual-stack host): localhost, and each non-internal
 *   IPv4 and global IPv6 address (link-local IPv6 is left out).
 * - a loopback address or name: that one, local only.
 * - any other address or name: that one, as the network address.
 */
export function listenAddresses(host: string, port: number, interfaces: InterfacesTable): ListenAddresses {
  if (isWildcard(host)) {
    const withV6 = host !== WILDCARD_V4
    const network: string[] = []
    for (const infos of Object.values(interfaces)) {
      for (const info of infos ?? []) {
        if (info.internal) continue
        if (info.family === 'IPv4' || (withV6 && info.family === 'IPv6' && !isLinkLocalV6(info.address))) {
          const url = urlFor(info.address, port)
          if (!network.includes(url)) network.push(url)
        }
      }
    }
    // IPv4 first, as a phone's user would rather type those.
    network.sort((a, b) => Number(a.includes('[')) - Number(b.includes('[')))
    return { local: [urlFor('localhost', port)], network, loopbackOnly: false }
  }
  if (isLoopback(host)) return { local: [urlFor(host, port)], network: [], loopbackOnly: true }
  return { local: [], network: [urlFor(host, port)], loopbackOnly: false }
}

/** The lines printed under "LiftArena is running at …", aligned like Vite's. */
export function formatListenAddresses(addresses: ListenAddresses): string[] {
  const lines = [...addresses.local.map((url) => `  Local:   ${url}`), ...addresses.network.map((url) => `  Network: ${url}`)]
  if (addresses.loopbackOnly) lines.push('  Network: use HOST=0.0.0.0 npm start to open it from phones and other computers on the LAN')
  else if (addresses.network.length === 0) lines.push('  Network: no network address found (is this machine on a network?)')
  return lines
}
