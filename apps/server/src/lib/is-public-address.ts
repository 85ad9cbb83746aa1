import ipaddr from 'ipaddr.js';

type TAddress = ipaddr.IPv4 | ipaddr.IPv6;
type TRange = { range: string; cidr: [TAddress, number] };

const rangesOf = (entries: [string, string][]): TRange[] =>
  entries.map(([range, cidr]) => ({ range, cidr: ipaddr.parseCIDR(cidr) }));

/**
 * Every block of the IANA IPv4 Special-Purpose Address Registry, and multicast. Blocks the registry marks as globally
 * reachable (AS112, AMT, the anycast addresses of 192.0.0/24) are refused too: nothing the product fetches lives
 * there, and a smaller rule is easier to trust. The first matching row names the range, so narrower rows come first.
 */
const IPV4_SPECIAL = rangesOf([
  ['unspecified', '0.0.0.0/8'],
  ['private', '10.0.0.0/8'],
  ['carrier-grade-nat', '100.64.0.0/10'],
  ['loopback', '127.0.0.0/8'],
  ['link-local', '169.254.0.0/16'],
  ['private', '172.16.0.0/12'],
  ['ietf-protocol-assignment', '192.0.0.0/24'],
  ['documentation', '192.0.2.0/24'],
  ['as112', '192.31.196.0/24'],
  ['amt', '192.52.193.0/24'],
  ['6to4-relay-anycast', '192.88.99.0/24'],
  ['private', '192.168.0.0/16'],
  ['as112', '192.175.48.0/24'],
  ['benchmarking', '198.18.0.0/15'],
  ['documentation', '198.51.100.0/24'],
  ['documentation', '203.0.113.0/24'],
  ['multicast', '224.0.0.0/4'],
  ['broadcast', '255.255.255.255/32'],
  ['reserved', '240.0.0.0/4'],
]);

/**
 * The IANA IPv6 Special-Purpose Address Registry, with the same rule as IPv4, and everything outside 2000::/3, the
 * only block IANA hands out for global unicast. The forms that carry an IPv4 address (IPv4-mapped, NAT64's
 * 64:ff9b::/96, 6to4) are judged by that address before this table (see `embeddedIPv4Of`).
 */
const IPV6_SPECIAL = rangesOf([
  ['unspecified', '::/128'],
  ['loopback', '::1/128'],
  // Deprecated IPv4-compatible addresses (RFC 4291): a connection to ::127.0.0.1 may reach 127.0.0.1.
  ['ipv4-compatible', '::/96'],
  ['nat64-local-use', '64:ff9b:1::/48'],
  ['discard-only', '100::/64'],
  ['documentation', '2001:db8::/32'],
  // Teredo (2001::/32) and the other IETF protocol assignments; Teredo hides an IPv4 address inside.
  ['ietf-protocol-assignment', '2001::/23'],
  ['as112', '2620:4f:8000::/48'],
  ['documentation', '3fff::/20'],
  ['segment-routing', '5f00::/16'],
  ['unique-local', 'fc00::/7'],
  ['link-local', 'fe80::/10'],
  ['site-local', 'fec0::/10'],
  ['multicast', 'ff00::/8'],
]);

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.parseCIDR('2002::/16');

/** The IPv4 address an IPv4-mapped, NAT64 (64:ff9b::/96) or 6to4 address leads to; null for other addresses. */
function embeddedIPv4Of(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  const parts = address.parts;
  const fromWords = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (address.match(NAT64)) return fromWords(parts[6]!, parts[7]!);
  if (address.match(SIX_TO_FOUR)) return fromWords(parts[1]!, parts[2]!);
  return null;
}

/** The special range an address is in ('loopback', 'private', ...), or 'public'. */
function rangeOf(address: TAddress): string {
  if (address.kind() === 'ipv4') {
    return IPV4_SPECIAL.find((entry) => address.match(entry.cidr))?.range ?? 'public';
  }
  const ipv6 = address as ipaddr.IPv6;
  const embedded = embeddedIPv4Of(ipv6);
  if (embedded) return rangeOf(embedded);
  const special = IPV6_SPECIAL.find((entry) => ipv6.match(entry.cidr))?.range;
  if (special) return special;
  return ipv6.match(GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/** The range of an address as text, or 'invalid' for text that is no IP address. */
function rangeOfText(address: string): string {
  if (!ipaddr.isValid(address)) return 'invalid';
  return rangeOf(ipaddr.parse(address));
}

/**
 * True for an address on the public internet. Everything else is refused before a connection is made: every range
 * of the IANA special-purpose registries of both families (loopback, private, link-local with the cloud metadata
 * service, carrier-grade NAT, documentation, benchmarking, reserved, ...), multicast, and IPv6 outside 2000::/3.
 * An IPv4-mapped, NAT64 or 6to4 address is judged by the IPv4 address it leads to; the deprecated IPv4-compatible
 * form (::/96) is refused whole.
 */
export function isPublicAddress(address: string): boolean {
  return rangeOfText(address) === 'public';
}

/** The kind of a non-public address in words ('loopback', 'private', 'link-local', ...), for error messages. */
export function describeAddressRange(address: string): string {
  return rangeOfText(address);
}
