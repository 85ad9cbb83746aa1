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
      const expires = attributes.map((attribute) => /^\s*expires=(.*)$/i.exec(attribute)?.[1]).find(Boolean);
      const isExpired = expires !== undefined && Date.parse(expires) <= Date.now();
      if (!value || isExpired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The Cookie header to send. */
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Whether a cookie of this name is held. */
  has(name: string): boolean {
    return this.cookies.has(name);
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

/** Where a flow stands: on one of the provider's pages, or back at the client's redirect URI. */
export type TFlowStep =
  | { kind: 'page'; url: string; status: number; html: string; headers: Headers }
  | { kind: 'callback'; url: URL };

export type TAuthorizationOptions = {
  /** Where the server is reached, e.g. http://localhost:8080. */
  baseUrl: string;
  /**
   * The server's PUBLIC_URL, when it differs from baseUrl (a proxy in front): redirects to it are
   * followed at baseUrl. Read from the discovery document unless told.
   */
  publicUrl?: string;
  /** The public client; `dataspace` unless told. */
  clientId?: string;
  /** A registered redirect URI; `${publicUrl}/auth/callback` unless told. */
  redirectUri?: string;
  /** Asked-for scopes; `openid profile email` unless told. */
  scope?: string;
  /** Passed as ui_locales, e.g. `en`. */
  uiLocales?: string;
  /** More authorization request parameters, e.g. `{ prompt: 'none' }` as a silent check-sso sends. */
  extraParams?: Record<string, string>;
  /** Extra headers of every request, e.g. Accept-Language. */
  headers?: Record<string, string>;
  /** Reuse a browser's cookies (an existing session); a fresh jar unless given. */
  cookies?: CookieJar;
};

const MAX_REDIRECTS = 10;

/** A URL under the realm of the embedded provider at this base URL. */
export function realmUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${EMBEDDED_REALM_PATH}${path}`;
}

function decodeEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

/** The message a provider page shows: the form's alert, a field's error or an error's details. */
export function pageMessage(html: string): string {
  const alert = /<div id="form-error"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
  const fieldError = /<p id="[a-z]+-error" class="field-error">([\s\S]*?)<\/p>/.exec(html)?.[1];
  const details = /<p class="details">([\s\S]*?)<\/p>/.exec(html)?.[1];
  return decodeEntities(alert ?? fieldError ?? details ?? 'the provider did not sign in').trim();
}

/** A form of a page: its action (absolute) and hidden fields. */
export function readForm(
  html: string,
  pageUrl: string,
  formId: string,
): { action: string; fields: Record<string, string> } {
  const escapedId = formId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const form = new RegExp(`<form id="${escapedId}"[^>]*>([\\s\\S]*?)</form>`).exec(html);
  const action = form && /action="([^"]+)"/.exec(form[0])?.[1];
  if (!form || !action) throw new LoginError(`no form ${formId} on the page`, 500);
  const fields: Record<string, string> = {};
  for (const input of form[1]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) {
    fields[input[1]!] = decodeEntities(input[2]!);
  }
  return { action: new URL(decodeEntities(action), pageUrl).href, fields };
}

/**
 * One authorization code flow with PKCE, driven like a browser: manual redirects and a cookie
 * jar. Tests use the steps; loginWithPassword runs them all.
 */
export class AuthorizationFlow {
  readonly jar: CookieJar;
  readonly baseUrl: string;
  readonly publicUrl: string;
  readonly clientId: string;
  readonly redirectUri: string;
  private readonly verifier = randomBytes(32).toString('base64url');
  private readonly state = randomBytes(16).toString('base64url');
  private readonly headers: Record<string, string>;
  /** Where the flow stands now. */
  step: TFlowStep = { kind: 'page', url: '', status: 0, html: '', headers: new Headers() };

  private constructor(options: TAuthorizationOptions & { publicUrl: string }) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.publicUrl = options.publicUrl.replace(/\/+$/, '');
    this.clientId = options.clientId ?? 'dataspace';
    this.redirectUri = options.redirectUri ?? `${this.publicUrl}/auth/callback`;
    this.jar = options.cookies ?? new CookieJar();
    this.headers = options.headers ?? {};
  }

  /** Sends the authorization request and follows redirects to a page or back to the client. */
  static async start(options: TAuthorizationOptions): Promise<AuthorizationFlow> {
    const publicUrl = options.publicUrl ?? (await discoverPublicUrl(options.baseUrl));
    const flow = new AuthorizationFlow({ ...options, publicUrl });
    const url = new URL(realmUrl(flow.baseUrl, '/protocol/openid-connect/auth'));
    url.search = new URLSearchParams({
      client_id: flow.clientId,
      redirect_uri: flow.redirectUri,
      response_type: 'code',
      scope: options.scope ?? 'openid profile email',
      state: flow.state,
      nonce: randomBytes(16).toString('base64url'),
      code_challenge: createHash('sha256').update(flow.verifier).digest('base64url'),
      code_challenge_method: 'S256',
      ...(options.uiLocales ? { ui_locales: options.uiLocales } : {}),
      ...options.extraParams,
    }).toString();
    await flow.go(url.href);
    return flow;
  }

  /** Sends a request with the jar's cookies and follows redirects until a page or the redirect URI. */
  async go(url: string, init: RequestInit = {}): Promise<TFlowStep> {
    let current = this.reachable(new URL(url)).href;
    let request = init;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const headers = new Headers({ ...this.headers, ...Object.fromEntries(new Headers(request.headers)) });
      const cookie = this.jar.header();
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(current, { ...request, headers, redirect: 'manual' });
      this.jar.store(response);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, current);
        if (next.href.startsWith(this.redirectUri)) {
          this.step = { kind: 'callback', url: next };
          return this.step;
        }
        current = this.reachable(next).href;
        request = {};
        continue;
      }
      this.step = {
        kind: 'page',
        url: current,
        status: response.status,
        html: await response.text(),
        headers: response.headers,
      };
      return this.step;
    }
    throw new LoginError('too many redirects', 508);
  }

  /** A URL under PUBLIC_URL as this client reaches it (at baseUrl). */
  private reachable(url: URL): URL {
    const publicOrigin = new URL(this.publicUrl).origin;
    if (url.origin !== publicOrigin || publicOrigin === new URL(this.baseUrl).origin) return url;
    return new URL(`${url.pathname}${url.search}`, this.baseUrl);
  }

  /** The current page's HTML; throws when the flow is not on a page. */
  get html(): string {
    if (this.step.kind !== 'page') throw new LoginError('the flow is not on a page', 500);
    return this.step.html;
  }

  /**
   * Fills in and posts a form of the current page (its hidden fields, e.g. the CSRF token, are
   * sent along) and follows the answer. `headers` can add or replace request headers.
   */
  async submit(
    formId: string,
    fields: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<TFlowStep> {
    const form = readForm(this.html, (this.step as { url: string }).url, formId);
    // A browser sends the origin of the page it shows: PUBLIC_URL's.
    const origin = new URL(this.publicUrl).origin;
    return this.go(this.reachable(new URL(form.action)).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers },
      body: new URLSearchParams({ ...form.fields, ...fields }),
    });
  }

  /** Trades the code at the redirect URI for tokens. */
  async exchange(): Promise<TTokenSet> {
    if (this.step.kind !== 'callback') throw new LoginError(pageMessage(this.html), this.step.status);
    const { url } = this.step;
    const error = url.searchParams.get('error');
    if (error) throw new LoginError(`${error}: ${url.searchParams.get('error_description') ?? ''}`, 400);
    if (url.searchParams.get('state') !== this.state) throw new LoginError('state mismatch', 400);
    return requestTokens(this.baseUrl, {
      grant_type: 'authorization_code',
      code: url.searchParams.get('code') ?? '',
      redirect_uri: this.redirectUri,
      client_id: this.clientId,
      code_verifier: this.verifier,
    });
  }
}

/** PUBLIC_URL of the server at baseUrl, from its issuer; baseUrl when the issuer is elsewhere. */
async function discoverPublicUrl(baseUrl: string): Promise<string> {
  const response = await fetch(realmUrl(baseUrl, '/.well-known/openid-configuration'));
  if (!response.ok) throw new LoginError(`no embedded identity provider at ${baseUrl}`, response.status);
  const { issuer } = (await response.json()) as { issuer: string };
  return issuer.endsWith(EMBEDDED_REALM_PATH) ? issuer.slice(0, -EMBEDDED_REALM_PATH.length) : baseUrl;
}

async function requestTokens(baseUrl: string, form: Record<string, string>): Promise<TTokenSet> {
  const response = await fetch(realmUrl(baseUrl, '/protocol/openid-connect/token'), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) {
    throw new LoginError(`${String(body.error)}: ${String(body.error_description ?? '')}`, response.status);
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

export type TLoginWithPasswordOptions = TAuthorizationOptions & {
  email: string;
  password: string;
};

/**
 * Signs in with e-mail and password through the embedded provider's real pages, the way a
 * browser does: authorization request with PKCE, the sign-in form with its CSRF token, the
 * redirects back, and the code exchange. For tests, the token CLI and benchmarks. Throws
 * LoginError with the page's message (wrong credentials, throttling) and its status.
 */
export async function loginWithPassword(options: TLoginWithPasswordOptions): Promise<TTokenSet> {
  const flow = await AuthorizationFlow.start(options);
  if (flow.step.kind === 'page') {
    if (flow.step.status !== 200 || !flow.html.includes('id="sign-in-form"')) {
      throw new LoginError(pageMessage(flow.html), flow.step.status);
    }
    await flow.submit('sign-in-form', { email: options.email, password: options.password });
  }
  return flow.exchange();
}

export type TRefreshTokensOptions = {
  baseUrl: string;
  refreshToken: string;
  clientId?: string;
};

/** Trades a refresh token for new tokens; the provider rotates the refresh token each time. */
export async function refreshTokens(options: TRefreshTokensOptions): Promise<TTokenSet> {
  return requestTokens(options.baseUrl.replace(/\/+$/, ''), {
    grant_type: 'refresh_token',
    refresh_token: options.refreshToken,
    client_id: options.clientId ?? 'dataspace',
  });
}
