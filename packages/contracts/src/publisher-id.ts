/**
 * Publisher ids are IRIs (`https://…`, `urn:…`, `mailto:…`), which hold '/', '#', ':' and '?'. In paths
 * (`/publisher/{id}`, `/api/publishers/{id}`) they travel as unpadded base64url of their UTF-8 bytes:
 * only `A-Z a-z 0-9 - _`, so no proxy, router or browser decodes or normalises any part of them.
 */
export function encodePublisherId(iri: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(iri)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The IRI an encoded publisher id stands for; null when the text is not base64url of UTF-8. */
export function decodePublisherId(encoded: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(encoded) || encoded.length % 4 === 1) return null;
  try {
    const binary = atob(encoded.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const iri = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    // Only the one canonical spelling is accepted, so that a publisher has one address.
    return encodePublisherId(iri) === encoded ? iri : null;
  } catch {
    return null;
  }
}

/** The longest encoded id accepted: agent IRIs are at most about 1,500 characters. */
export const MAX_ENCODED_ID = 2048;
