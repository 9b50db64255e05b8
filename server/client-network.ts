// One client, one key: how every per-address limit groups addresses.
/**
 * The client a per-address count is kept for (rate limits, login failures, live connections,
 * anonymous viewers): an IPv4 address, or an IPv6 address's /64 (one home or phone is given a whole
 * /64 — RFC 6177, RFC 8273 — so counting single IPv6 addresses would let one client spread its
 * requests over as many "addresses" as it likes). An IPv4-mapped IPv6 address is its IPv4 address.
 */
export function clientNetwork(address: string): string {
  if (!address.includes(':')) return address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped) return mapped[1]!
  const [head = '', tail] = address.toLowerCase().split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = tail === undefined ? [] : tail ? tail.split(':') : []
  const groups = tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}
