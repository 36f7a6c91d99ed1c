import ipaddr from 'ipaddr.js';

/**
 * Address ranges that ipaddr.js calls plain unicast although they are not on the public internet: benchmarking
 * (RFC 2544), IETF protocol assignments, and the 6to4 relay anycast.
 */
const EXTRA_BLOCKED_V4: [string, number][] = [
  ['198.18.0.0', 15],
  ['192.0.0.0', 24],
  ['192.88.99.0', 24],
];

/**
 * Whether an IP address is a public unicast address the crawler may connect to. Refused: loopback, private
 * (RFC 1918), carrier-grade NAT (100.64/10), link-local, multicast, broadcast, unspecified, documentation and other
 * reserved ranges, IPv6 unique-local and link-local, and IPv6 forms that embed an IPv4 address (mapped, NAT64,
 * 6to4, Teredo), which could smuggle a private IPv4 address past a check of the IPv6 form.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
  if (parsed.range() !== 'unicast') return false;
  if (parsed.kind() === 'ipv4') {
    return !EXTRA_BLOCKED_V4.some(([net, bits]) => parsed.match(ipaddr.parse(net), bits));
  }
  return true;
}
