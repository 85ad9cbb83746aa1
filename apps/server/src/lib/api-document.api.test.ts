import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/lifecycle';
import { prepareApiDocument } from './api-document';

/**
 * Building the OpenAPI document from every route's schema held the event loop for about a second on the first
 * request, and serialising it again took tens of milliseconds on every later one (docs/performance.md, handler
 * stalls). The server makes it before it listens and answers the kept text.
 */

let expected: string;
/** Calls of `app.swagger()` (which builds the document, or hands out the object to serialise) after start-up. */
let swaggerCalls = 0;

const testApp = useTestApp();

beforeAll(async () => {
  // As server.ts does before it listens.
  prepareApiDocument(testApp.app);
  expected = JSON.stringify(testApp.app.swagger());
  const swagger = testApp.app.swagger.bind(testApp.app);
  testApp.app.swagger = ((options?: { yaml?: boolean }) => {
    swaggerCalls++;
    return swagger(options as never);
  }) as typeof testApp.app.swagger;
});

const get = (path: string) => fetch(`${testApp.baseUrl}${path}`, { headers: { 'accept-encoding': 'identity' } });

describe('GET /api/docs/json', () => {
  it('answers the document made before the server listened, without building or serialising it per request', async () => {
    for (let request = 0; request < 2; request++) {
      const response = await get('/api/docs/json');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.text()).toBe(expected);
    }
    expect(swaggerCalls).toBe(0);
  });

  it('still answers the YAML', async () => {
    const response = await get('/api/docs/yaml');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('openapi: 3.1.0');
  });
});
