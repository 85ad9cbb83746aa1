import { createHash } from 'node:crypto';

/**
 * A name-based (version 5 style) UUID of `parts` in a namespace: the SHA-1 of the namespace and the parts, one a
 * line, with the version and variant bits set. The same name always gives the same id; another namespace keeps the
 * ids of one kind of thing apart from those of another.
 */
export function nameBasedUuid(namespace: string, ...parts: readonly string[]): string {
  const bytes = createHash('sha1')
    .update([namespace, ...parts].join('\n'))
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
