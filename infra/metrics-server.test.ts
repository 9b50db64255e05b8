import { describe, expect, it } from 'vitest'
import { bearerMatches, isPrivateAddress } from './metrics-server.ts'

describe('isPrivateAddress', () => {
  it('accepts loopback and private ranges, IPv4-mapped ones included', () => {
    for (const ip of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.1',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.0.1',
      '100.64.0.1',
      '169.254.1.1',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:192.168.1.1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true)
    }
  })
  it('refuses public addresses and anything that is not an address', () => {
    for (const ip of [
      '8.8.8.8',
      '172.15.255.255',
      '172.32.0.0',
      '192.169.0.1',
      '203.0.113.7',
      '2001:db8::1',
      '::ffff:8.8.8.8',
      '',
      'localhost',
      undefined,
    ]) {
      expect(isPrivateAddress(ip), String(ip)).toBe(false)
    }
  })
})

describe('bearerMatches', () => {
  it('takes exactly `Bearer <token>`', () => {
    expect(bearerMatches('Bearer s3cret', 's3cret')).toBe(true)
    expect(bearerMatches('bearer s3cret', 's3cret')).toBe(true)
    for (const header of [undefined, '', 's3cret', 'Bearer', 'Bearer s3cre', 'Bearer s3cretx', 'Basic s3cret', 'Bearer s3cret extra']) {
      expect(bearerMatches(header, 's3cret'), String(header)).toBe(false)
    }
  })
})
