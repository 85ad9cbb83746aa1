import ipaddr from 'ipaddr.js';

/**
 * True for an address on the public internet. Everything else is refused before a connection is
 * made: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16 with the
 * cloud metadata service, fe80::/10), carrier-grade NAT, multicast, unspecified and the reserved
 * and translation ranges, since NAT64 or 6to4 forms can smuggle a private IPv4 address inside.
 * IPv4-mapped IPv6 addresses are judged as the IPv4 address they carry.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

/** The kind of a non-public address in words ('loopback', 'private', 'link-local', ...), for error messages. */
export function describeAddressRange(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  const range = ipaddr.process(address).range();
  return range.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
