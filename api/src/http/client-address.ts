import ipaddr from 'ipaddr.js';

/**
 * The key a per-address budget counts a client under. One IPv6 subscriber holds a whole /64 (2^64
 * addresses), so IPv6 counts by its /64; IPv4, and IPv4 mapped into IPv6, by the address itself.
 */
export function addressBudgetKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = (address as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16));
  return `${network.join(':')}::/64`;
}
