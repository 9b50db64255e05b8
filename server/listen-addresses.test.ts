// The addresses `npm start` prints (server/listen-addresses.ts), over a fake interfaces table:
// a projector laptop with loopback, a Wi-Fi LAN address (IPv4, global and link-local IPv6),
// a wired one, and a Docker bridge.
import type { NetworkInterfaceInfo } from 'node:os'
import { describe, expect, it } from 'vitest'
import { formatListenAddresses, listenAddresses, type InterfacesTable } from './listen-addresses.ts'

function v4(address: string, internal = false): NetworkInterfaceInfo {
  return { address, netmask: '255.255.255.0', family: 'IPv4', mac: '00:00:00:00:00:00', internal, cidr: `${address}/24` }
}
function v6(address: string, internal = false): NetworkInterfaceInfo {
  return {
    address,
    netmask: 'ffff:ffff:ffff:ffff::',
    family: 'IPv6',
    mac: '00:00:00:00:00:00',
    internal,
    cidr: `${address}/64`,
    scopeid: 0,
  }
}

const LAPTOP: InterfacesTable = {
  lo: [v4('127.0.0.1', true), v6('::1', true)],
  wlan0: [v4('192.168.1.23'), v6('fe80::1c2b:3ff:fe4d:5e6f'), v6('2001:db8::23')],
  eth0: [v4('10.0.0.7')],
  docker0: undefined,
}

describe('listenAddresses', () => {
  it('the default 127.0.0.1: the local address only, and a hint how to open it to the LAN', () => {
    const addresses = listenAddresses('127.0.0.1', 3000, LAPTOP)
    expect(addresses).toEqual({ local: ['http://127.0.0.1:3000/'], network: [], loopbackOnly: true })
    expect(formatListenAddresses(addresses)).toEqual([
      '  Local:   http://127.0.0.1:3000/',
      '  Network: use HOST=0.0.0.0 npm start to open it from phones and other computers on the LAN',
    ])
  })

  it('0.0.0.0: localhost, and every non-internal IPv4 address', () => {
    const addresses = listenAddresses('0.0.0.0', 3000, LAPTOP)
    expect(addresses).toEqual({
      local: ['http://localhost:3000/'],
      network: ['http://192.168.1.23:3000/', 'http://10.0.0.7:3000/'],
      loopbackOnly: false,
    })
    expect(formatListenAddresses(addresses)).toEqual([
      '  Local:   http://localhost:3000/',
      '  Network: http://192.168.1.23:3000/',
      '  Network: http://10.0.0.7:3000/',
    ])
  })

  it(':: (all interfaces, dual stack): IPv4 first, then global IPv6 in brackets; no link-local', () => {
    expect(listenAddresses('::', 8080, LAPTOP)).toEqual({
      local: ['http://localhost:8080/'],
      network: ['http://192.168.1.23:8080/', 'http://10.0.0.7:8080/', 'http://[2001:db8::23]:8080/'],
      loopbackOnly: false,
    })
  })

  it('a specific LAN address: that one, as the network address', () => {
    const addresses = listenAddresses('192.168.1.23', 3000, LAPTOP)
    expect(addresses).toEqual({ local: [], network: ['http://192.168.1.23:3000/'], loopbackOnly: false })
    expect(formatListenAddresses(addresses)).toEqual(['  Network: http://192.168.1.23:3000/'])
    expect(listenAddresses('2001:db8::23', 3000, LAPTOP).network).toEqual(['http://[2001:db8::23]:3000/'])
  })

  it('loopback names and addresses are local only', () => {
    expect(listenAddresses('localhost', 3000, LAPTOP).local).toEqual(['http://localhost:3000/'])
    expect(listenAddresses('::1', 3000, LAPTOP)).toEqual({ local: ['http://[::1]:3000/'], network: [], loopbackOnly: true })
    expect(listenAddresses('127.0.1.1', 3000, LAPTOP).loopbackOnly).toBe(true)
  })

  it('all interfaces on a machine with no network: says so rather than printing nothing', () => {
    const addresses = listenAddresses('0.0.0.0', 3000, { lo: [v4('127.0.0.1', true)] })
    expect(addresses.network).toEqual([])
    expect(formatListenAddresses(addresses)).toEqual([
      '  Local:   http://localhost:3000/',
      '  Network: no network address found (is this machine on a network?)',
    ])
  })

  it('an address on two interfaces is listed once', () => {
    expect(listenAddresses('0.0.0.0', 3000, { a: [v4('10.1.1.1')], b: [v4('10.1.1.1')] }).network).toEqual(['http://10.1.1.1:3000/'])
  })
})
