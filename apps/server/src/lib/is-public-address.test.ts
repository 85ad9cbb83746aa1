import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { describeAddressRange, isPublicAddress } from './is-public-address';

/**
 * The IANA IPv4 and IPv6 Special-Purpose Address Registries (and multicast), block by block. The forms that carry an
 * IPv4 address are listed apart: they are refused when the address inside is special.
 */
const SPECIAL_BLOCKS = [
  // IPv4
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.0.0/29',
  '192.0.0.8/32',
  '192.0.0.9/32',
  '192.0.0.10/32',
  '192.0.0.170/32',
  '192.0.0.171/32',
  '192.0.2.0/24',
  '192.31.196.0/24',
  '192.52.193.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '192.175.48.0/24',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '255.255.255.255/32',
  // IPv6
  '::1/128',
  '::/128',
  '::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/23',
  '2001::/32',
  '2001:1::1/128',
  '2001:1::2/128',
  '2001:2::/48',
  '2001:3::/32',
  '2001:4:112::/48',
  '2001:10::/28',
  '2001:20::/28',
  '2001:db8::/32',
  '2620:4f:8000::/48',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
  '3fff::/20',
  '5f00::/16',
];

const toBigInt = (bytes: number[]) => bytes.reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);

function fromBigInt(value: bigint, length: number): string {
  const bytes = Array.from({ length }, (_, index) => Number((value >> BigInt(8 * (length - 1 - index))) & 0xffn));
  return ipaddr.fromByteArray(bytes).toString();
}

/** The first, a middle and the last address of a block. */
function edgesOf(cidr: string): string[] {
  const [network, prefix] = ipaddr.parseCIDR(cidr);
  const bytes = network.toByteArray();
  const hostBits = BigInt(bytes.length * 8 - prefix);
  const first = toBigInt(bytes);
  const last = first | ((1n << hostBits) - 1n);
  return [...new Set([first, first + (last - first) / 2n, last])].map((value) => fromBigInt(value, bytes.length));
}

const refused: [string, string][] = [
  ...SPECIAL_BLOCKS.flatMap((cidr) => edgesOf(cidr).map((address): [string, string] => [address, cidr])),
  // IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) and 6to4 (2002::/16): judged by the IPv4 address inside.
  ['::ffff:0.0.0.0', '::ffff:0:0/96'],
  ['::ffff:127.0.0.1', '::ffff:0:0/96'],
  ['::ffff:255.255.255.255', '::ffff:0:0/96'],
  ['::ffff:a9fe:a9fe', '::ffff:0:0/96'],
  ['64:ff9b::', '64:ff9b::/96'],
  ['64:ff9b::a00:1', '64:ff9b::/96'],
  ['64:ff9b::ffff:ffff', '64:ff9b::/96'],
  ['2002::', '2002::/16'],
  ['2002:7f00:1::', '2002::/16'],
  ['2002:c0a8:101:ffff:ffff:ffff:ffff:ffff', '2002::/16'],
  ['2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff', '2002::/16'],
  // What the URL parser makes of http://[::127.0.0.1]:18001 and of other spellings.
  ['::7f00:1', 'IPv4-compatible ::127.0.0.1'],
  ['::a9fe:a9fe', 'IPv4-compatible ::169.254.169.254'],
  ['::808:808', 'IPv4-compatible ::8.8.8.8'],
  // Outside 2000::/3, the block of global unicast addresses.
  ['4000::1', 'unallocated 4000::/2'],
  ['not-an-address', 'not an address'],
];

const allowed: [string, string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['93.184.216.34', 'public IPv4'],
  ['1.0.0.0', 'just after 0.0.0.0/8'],
  ['9.255.255.255', 'just before 10.0.0.0/8'],
  ['11.0.0.0', 'just after 10.0.0.0/8'],
  ['100.63.255.255', 'just before 100.64.0.0/10'],
  ['100.128.0.0', 'just after 100.64.0.0/10'],
  ['126.255.255.255', 'just before 127.0.0.0/8'],
  ['128.0.0.0', 'just after 127.0.0.0/8'],
  ['169.253.255.255', 'just before 169.254.0.0/16'],
  ['172.15.255.255', 'just before 172.16.0.0/12'],
  ['172.32.0.0', 'just after 172.16.0.0/12'],
  ['191.255.255.255', 'just before 192.0.0.0/24'],
  ['192.0.1.0', 'between 192.0.0.0/24 and 192.0.2.0/24'],
  ['192.0.3.0', 'just after 192.0.2.0/24'],
  ['192.88.98.255', 'just before 192.88.99.0/24'],
  ['192.167.255.255', 'just before 192.168.0.0/16'],
  ['192.169.0.0', 'just after 192.168.0.0/16'],
  ['198.17.255.255', 'just before 198.18.0.0/15'],
  ['198.20.0.0', 'just after 198.18.0.0/15'],
  ['203.0.112.255', 'just before 203.0.113.0/24'],
  ['223.255.255.255', 'just before 224.0.0.0/4'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2a00:1450:4001:80b::200e', 'public IPv6'],
  ['2000::', 'first of 2000::/3'],
  ['2001:200::', 'just after 2001::/23'],
  ['2001:db7:ffff:ffff:ffff:ffff:ffff:ffff', 'just before 2001:db8::/32'],
  ['2001:db9::', 'just after 2001:db8::/32'],
  ['2003::', 'just after 2002::/16'],
  ['2620:4f:7fff:ffff:ffff:ffff:ffff:ffff', 'just before 2620:4f:8000::/48'],
  ['2620:4f:8001::', 'just after 2620:4f:8000::/48'],
  ['3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'just before 3fff::/20'],
  ['3fff:1000::', 'just after 3fff::/20'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public IPv4'],
  ['64:ff9b::808:808', 'NAT64 of a public IPv4'],
  ['2002:808:808::1', '6to4 of a public IPv4'],
];

describe('isPublicAddress against the IANA special-purpose registries', () => {
  it.each(refused)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
    expect(describeAddressRange(address)).not.toBe('public');
  });

  it.each(allowed)('allows %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    ['::7f00:1', 'ipv4-compatible'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['fd00::1', 'unique-local'],
  ])('names the range of %s: %s', (address, range) => {
    expect(describeAddressRange(address)).toBe(range);
  });
});
