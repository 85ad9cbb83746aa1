import type { FastifyRequest } from 'fastify';

/** Query parameters that carry credentials: an authorization code, an ID token hint, tokens. */
const SECRET_PARAMETERS = new Set(['code', 'id_token_hint', 'access_token', 'refresh_token', 'token', 'password']);

/** A request URL fit for the log: credentials in the query string replaced. */
export function redactUrl(url: string): string {
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
export function loggerOptions(level: string) {
  return {
    level,
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
