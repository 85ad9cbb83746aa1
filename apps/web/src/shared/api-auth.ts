/** How calls get their bearer token, and what happens when the API refuses it. */
export type TApiAuth = {
  /** The current access token (refreshed when about to expire), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  /** Called on a 401: the token is no longer accepted, so the session must end. */
  onUnauthorized(): void;
};

let apiAuth: TApiAuth | null = null;

/**
 * Installs the sign-in session's token source; null removes it (tests, signed out). Kept apart
 * from the API client so the sign-in code on the boot path does not pull in the contracts' schemas.
 */
export function configureApiAuth(auth: TApiAuth | null): void {
  apiAuth = auth;
}

/** The installed token source, or null. */
export function currentApiAuth(): TApiAuth | null {
  return apiAuth;
}
