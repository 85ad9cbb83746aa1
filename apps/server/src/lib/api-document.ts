import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI document as the JSON text `/api/docs/json` answers, made on first use and kept. */
    apiDocumentText: () => string;
  }
}

/** Where @fastify/swagger-ui serves the document and its pages. */
export const API_DOCS_PREFIX = '/api/docs';

/**
 * Serves the OpenAPI document from text made once. @fastify/swagger keeps the document it builds from the
 * routes' schemas (about a second of one thread, once), but swagger-ui's `/json` route serialises that object
 * again on every request; the routes never change once the app is ready, so neither does the text. Call before
 * @fastify/swagger-ui registers its routes.
 */
export function registerApiDocument(app: FastifyInstance): void {
  let text: string | null = null;
  app.decorate('apiDocumentText', () => {
    text ??= JSON.stringify(app.swagger());
    return text;
  });
  app.addHook('onRoute', (route) => {
    if (route.url !== `${API_DOCS_PREFIX}/json`) return;
    // The same bytes and type the default serialiser would send for the document object.
    route.handler = (_request, reply) => reply.type('application/json; charset=utf-8').send(app.apiDocumentText());
  });
}

/**
 * Builds the document, its JSON text and its YAML at start-up, before the server listens, so that no request
 * waits for them on the thread every other request shares. Tests and tools skip it and build on first use.
 */
export function prepareApiDocument(app: FastifyInstance): void {
  app.apiDocumentText();
  app.swagger({ yaml: true });
}
