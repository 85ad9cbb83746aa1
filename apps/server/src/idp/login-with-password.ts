import { createHash, randomBytes } from 'node:crypto';
import { EMBEDDED_REALM_PATH } from '../config/config';

/** The tokens of a sign-in, as the token endpoint answers them. */
export type TTokenSet = {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  /** Seconds the access token is valid for. */
  expiresIn: number;
  tokenType: string;
  scope: string;
};

/** A minimal cookie jar: cookies by name, enough for one site's sign-in flow. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of a response; a cookie set to expire in the past is dropped. */
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      if (separator < 1) continue;
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expires = attributes.map((a) => /^\s*expires=(.*)$/i.exec(a)?.[1]).find(Boolean);
      const isExpired = expires !== undefined && Date.parse(expires) <= Date.now();
      if (!value || isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header to send. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Sign-in failed at the provider: a wrong password, throttling, a refused redirect URI. */
export class LoginError extends Error {
  constructor(
    message: string,
    /** HTTP status of the page or endpoint that refused. */
    readonly status: number,
  ) {
    super(message);
  }
}

export type TLoginWithPasswordOptions = {
  /** Where the server is reached, e.g. http://localhost:8080. */
  baseUrl: string;
  email: string;
  password: string;
  /** The public client; `dataspace` unless told. */
  clientId?: string;
  /** A registered redirect URI; `${baseUrl}/auth/callback` unless told. */
  redirectUri?: string;
  /** Asked-for scopes; `openid profile email` unless told. */
  scope?: string;
  /** Passed as ui_locales, e.g. `en`. */
  uiLocales?: string;
  /** Reuse a browser's cookies (e.g. to sign out afterwards); a fresh jar unless given. */
  cookies?: CookieJar;
};

const MAX_REDIRECTS = 10;

function realmUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${EMBEDDED_REALM_PATH}${path}`;
}

async function send(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookie = jar.header();
  if (cookie) headers.set('cookie', cookie);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  jar.store(response);
  return response;
}

function pageError(html: string): string {
  const alert = /<div id="form-error"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
  const details = /<p class="details">([\s\S]*?)<\/p>/.exec(html)?.[1];
  const fieldError = /<p id="[a-z]+-error" class="field-error">([\s\S]*?)<\/p>/.exec(html)?.[1];
  return (alert ?? fieldError ?? details ?? 'the provider did not sign in').replace(/&[a-z#0-9]+;/g, ' ').trim();
}

async function exchange(baseUrl: string, form: Record<string, string>): Promise<TTokenSet> {
  const response = await fetch(realmUrl(baseUrl, '/protocol/openid-connect/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new LoginError(
      `token endpoint: ${String(body.error)} (${String(body.error_description ?? '')})`,
      response.status,
    );
  }
  return {
    accessToken: String(body.access_token),
    refreshToken: String(body.refresh_token),
    idToken: String(body.id_token ?? ''),
    expiresIn: Number(body.expires_in),
    tokenType: String(body.token_type),
    scope: String(body.scope ?? ''),
  };
}

/**
 * Signs in with e-mail and password through the embedded provider's real pages, the way a
 * browser does: authorization request with PKCE, the sign-in form with its CSRF token, the
 * redirects back, and the code exchange. For tests, the token CLI and benchmarks.
 */
export async function loginWithPassword(options: TLoginWithPasswordOptions): Promise<TTokenSet> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const clientId = options.clientId ?? 'dataspace';
  const redirectUri = options.redirectUri ?? `${baseUrl}/auth/callback`;
  const jar = options.cookies ?? new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const state = randomBytes(16).toString('base64url');
  const authorize = new URL(realmUrl(baseUrl, '/protocol/openid-connect/auth'));
  authorize.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: options.scope ?? 'openid profile email',
    state,
    nonce: randomBytes(16).toString('base64url'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(options.uiLocales ? { ui_locales: options.uiLocales } : {}),
  }).toString();

  let response = await send(jar, authorize.toString());
  let url = authorize.toString();
  let hasPosted = false;
  for (let hop = 0; hop < MAX_REDIRECTS; hop++) {
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) {
        const error = next.searchParams.get('error');
        if (error) throw new LoginError(`${error}: ${next.searchParams.get('error_description') ?? ''}`, 400);
        if (next.searchParams.get('state') !== state) throw new LoginError('state mismatch', 400);
        return exchange(baseUrl, {
          grant_type: 'authorization_code',
          code: next.searchParams.get('code') ?? '',
          redirect_uri: redirectUri,
          client_id: clientId,
          code_verifier: verifier,
        });
      }
      url = next.href;
      response = await send(jar, url);
      continue;
    }
    const html = await response.text();
    const form = /<form id="sign-in-form" method="post" action="([^"]+)">/.exec(html);
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !form?.[1] || !csrf || hasPosted) {
      throw new LoginError(pageError(html), response.status);
    }
    hasPosted = true;
    url = new URL(form[1].replaceAll('&amp;', '&'), url).href;
    response = await send(jar, url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(url).origin },
      body: new URLSearchParams({ csrf, email: options.email, password: options.password }),
    });
    if (response.status !== 303) throw new LoginError(pageError(await response.text()), response.status);
  }
  throw new LoginError('too many redirects', 508);
}

export type TRefreshTokensOptions = {
  baseUrl: string;
  refreshToken: string;
  clientId?: string;
};

/** Trades a refresh token for new tokens; the provider rotates the refresh token each time. */
export async function refreshTokens(options: TRefreshTokensOptions): Promise<TTokenSet> {
  return exchange(options.baseUrl.replace(/\/+$/, ''), {
    grant_type: 'refresh_token',
    refresh_token: options.refreshToken,
    client_id: options.clientId ?? 'dataspace',
  });
}
