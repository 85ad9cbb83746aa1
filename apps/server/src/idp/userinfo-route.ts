import type { FastifyInstance, FastifyReply } from 'fastify';
import { type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { TConfig } from '../config/config';
import type { TDb } from '../db/database';
import { findUserById } from '../modules/users/find-user-by-id';
import { accountClaims } from './account-claims';
import { KEYCLOAK_ROUTES } from './create-provider';
import { SIGNING_ALGORITHM } from './keys';

export type TUserinfoRouteOptions = {
  config: TConfig;
  db: TDb;
  /** The provider's current public keys. */
  getKeySet: () => JWTVerifyGetKey;
};

/** Which claims each scope releases, as the provider's claims configuration says. */
const SCOPE_CLAIMS: Record<string, string[]> = {
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username'],
};

function refuse(reply: FastifyReply, status: 401 | 403, error: string, description: string) {
  reply.header('www-authenticate', `Bearer error="${error}", error_description="${description}"`);
  reply.header('cache-control', 'no-store');
  return reply.status(status).send({ error, error_description: description });
}

/**
 * The userinfo endpoint, answered here rather than by oidc-provider: the provider only accepts
 * its own opaque tokens there, while the app (like any Keycloak client) calls it with the JWT
 * access token it also sends to the API. Registered inside the provider's prefix, so it takes
 * the provider's userinfo path.
 */
export function registerUserinfoRoute(app: FastifyInstance, options: TUserinfoRouteOptions): void {
  const { config, db } = options;
  app.route({
    method: ['GET', 'POST'],
    url: KEYCLOAK_ROUTES.userinfo,
    handler: async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
      if (!match?.[1]) return refuse(reply, 401, 'invalid_request', 'no access token provided');
      let subject: string;
      let scopes: Set<string>;
      try {
        const { payload } = await jwtVerify(match[1], options.getKeySet(), {
          issuer: config.issuer,
          audience: config.oidcAudience,
          algorithms: [SIGNING_ALGORITHM],
        });
        subject = String(payload.sub ?? '');
        scopes = new Set(String(payload.scope ?? '').split(' '));
      } catch {
        return refuse(reply, 401, 'invalid_token', 'invalid or expired access token');
      }
      if (!scopes.has('openid')) return refuse(reply, 403, 'insufficient_scope', 'access token missing openid scope');
      const user = await findUserById(db, subject);
      if (!user) return refuse(reply, 401, 'invalid_token', 'the account no longer exists');
      const claims = accountClaims(user);
      const released = ['sub', ...[...scopes].flatMap((scope) => SCOPE_CLAIMS[scope] ?? [])];
      reply.header('cache-control', 'no-store');
      return reply.send(Object.fromEntries(released.map((name) => [name, claims[name]])));
    },
  });
}
