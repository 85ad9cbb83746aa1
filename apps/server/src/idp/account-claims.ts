import type { TUser } from '../modules/users/user';

/**
 * Claims of the user about themselves, as ID tokens and userinfo carry them; the provider keeps
 * those of the granted scopes (email: email, email_verified; profile: name, preferred_username).
 */
export function accountClaims(user: TUser): { sub: string } & Record<string, unknown> {
  return {
    sub: user.id,
    email: user.email,
    // Nobody confirms an address at sign-up yet; saying false lets a client that needs it ask again.
    email_verified: false,
    name: user.name,
    preferred_username: user.email,
  };
}

/** Puts a value at a dot path, e.g. `realm_access.roles` -> `{ realm_access: { roles: value } }`. */
export function claimAtPath(path: string, value: unknown): Record<string, unknown> {
  const parts = path.split('.').filter(Boolean);
  return parts.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value) as Record<string, unknown>;
}

/**
 * The extra claims of an access token, Keycloak's way: who the user is, the client it was issued
 * to (`azp`) and the realm roles at the configured claim path.
 */
export function accessTokenClaims(
  user: TUser,
  options: { clientId: string; rolesClaim: string },
): Record<string, unknown> {
  return {
    email: user.email,
    name: user.name,
    preferred_username: user.email,
    azp: options.clientId,
    ...claimAtPath(options.rolesClaim, [...user.roles]),
  };
}
