import ipaddr from 'ipaddr.js';

/**
 * Public Internet addresses only. ipaddr.js's `process` turns IPv4-mapped IPv6 into IPv4 first, and
 * every range but `unicast` is refused: private, loopback, link-local, CGNAT, unique-local, multicast,
 * NAT64, 6to4, Teredo, documentation and unspecified addresses.
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.process(address).range() === 'unicast';
}
