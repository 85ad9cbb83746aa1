import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EMBEDDED_REALM_PATH, type TConfig } from '../config/config';

export type TMountProviderOptions = {
  config: TConfig;
  /** The provider's request handler now serving (it changes when keys are reloaded). */
  getHandler: () => (req: IncomingMessage, res: ServerResponse) => Promise<void>;
};

/**
 * Hands the provider's endpoints (discovery and `/protocol/openid-connect/*`) to oidc-provider.
 * Register inside an encapsulated plugin with the realm prefix: it replaces the body parsers with
 * one that leaves the body unread, since the provider parses form bodies itself and Fastify
 * would otherwise answer 415 or consume them.
 */
export function mountProvider(app: FastifyInstance, options: TMountProviderOptions): void {
  const publicUrl = new URL(options.config.issuer);
  const publicPath = publicUrl.pathname.replace(/\/+$/, '');
  const protocol = publicUrl.protocol.slice(0, -1);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as IncomingMessage & { originalUrl?: string };
    const path = raw.url?.slice(EMBEDDED_REALM_PATH.length) || '/';
    // The provider works out its mount path from originalUrl and url, the way Express mounts do;
    // originalUrl carries the public path, so a PUBLIC_URL with a path prefix works too.
    raw.originalUrl = `${publicPath}${path}`;
    raw.url = path;
    // Every URL the provider prints must be under PUBLIC_URL, whatever Host the request came with,
    // and a client must not be able to choose them: these headers are set here, never passed on.
    raw.headers['x-forwarded-proto'] = protocol;
    raw.headers['x-forwarded-host'] = publicUrl.host;
    raw.headers['x-forwarded-for'] = request.ip;
    await options.getHandler()(raw, reply.raw);
  };

  app.all('/.well-known/openid-configuration', forward);
  app.all('/protocol/openid-connect/*', forward);
}
