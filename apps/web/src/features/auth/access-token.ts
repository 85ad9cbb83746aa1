/** The payload of a JWT, without checking its signature: the API checks it, the app only reads it. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replaceAll('-', '+').replaceAll('_', '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The roles an access token carries at a dot path such as `realm_access.roles` (Keycloak's place). */
export function readRoles(accessToken: string, claimPath: string): string[] {
  let value: unknown = decodeJwtPayload(accessToken);
  for (const part of claimPath.split('.')) {
    if (value === null || typeof value !== 'object') return [];
    value = (value as Record<string, unknown>)[part];
  }
  return Array.isArray(value) ? value.filter((role): role is string => typeof role === 'string') : [];
}
