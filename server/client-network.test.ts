import { describe, expect, it } from 'vitest'
import { clientNetwork } from './client-network.ts'

describe('clientNetwork', () => {
  it('is an IPv4 address itself, an IPv4-mapped address its IPv4, and an IPv6 address its /64, however written', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9')
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9')
    const net = '2001:db8:1:2::/64'
    for (const address of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:eeee:dddd:cccc',
      '2001:DB8:1:2:0:0:0:7',
      'fe80::1%eth0'.replace('fe80::', '2001:db8:1:2::'),
    ]) {
      expect(clientNetwork(address), address).toBe(net)
    }
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64')
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64')
  })
})
