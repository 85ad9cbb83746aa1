import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: an authorization code, an ID token hint, tokens. */
const SECRET_PARAMETERS = new Set([
  'code',
  'id_token_hint',
  'access_token',
  'refresh_token',
  'token',
  'password',
  'client_secret',
  'api_key',
]);

/**
 * Path segments that are credentials: the identity provider's interaction id, which is also the value of the
 * `_interaction` and `_interaction_resume` cookies. Whoever holds it while a sign-in runs can resume that sign-in
 * and take its session, so it is as secret as the cookie.
 */
const SECRET_PATH_SEGMENT = /(\/login-actions\/|\/protocol\/openid-connect\/auth\/)[^/?#]+/;

/** A request URL fit for the log: credentials in the path and in the query string replaced. */
export function redactUrl(rawUrl: string): string {
  const url = rawUrl.replace(SECRET_PATH_SEGMENT, '$1redacted');
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  let isChanged = false;
  for (const name of [...query.keys()]) {
    if (SECRET_PARAMETERS.has(name.toLowerCase())) {
      query.set(name, 'redacted');
      isChanged = true;
    }
  }
  return isChanged ? `${url.slice(0, queryStart)}?${query.toString()}` : url;
}

/**
 * Logger settings of the server: the request line without credentials (the sign-in callback and
 * the provider's logout carry a code or an ID token in the URL), and the headers that hold
 * tokens and cookies censored should anything log them.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
  };
}
