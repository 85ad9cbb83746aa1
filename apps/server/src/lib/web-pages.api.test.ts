import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@dsm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { findFreePort } from '../db/embedded-postgres';
import { createTestDatabase, type TTestDatabase } from '../test/test-database';

const BOOT_SCRIPT = "globalThis.booted = 'ü';";
const INDEX_HTML = `<!doctype html><title>data marketplace</title><script>${BOOT_SCRIPT}</script><div id="root"></div><script src="/x.js"></script>`;

let app: FastifyInstance;
let database: TTestDatabase;
let webDist: string;
let baseUrl: string;

// The app with a built web app beside it, as production serves it.
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'dsm-web-'));
  await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  database = await createTestDatabase();
  const port = await findFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ SEED_DATASETS: '0', LOG_LEVEL: 'silent', PUBLIC_URL: baseUrl, PORT: String(port) });
  app = await buildApp({ config, database, logger: false, webDistDir: webDist });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await rm(webDist, { recursive: true, force: true });
});

/** A GET of a path exactly as written: fetch would turn a backslash into a slash. */
function rawGet(pathAsSent: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const sent = http.get({ hostname, port, path: pathAsSent }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    sent.on('error', reject);
  });
}

/** The headers every answer carries (lib/security-headers.ts). */
function expectSecurityHeaders(headers: http.IncomingHttpHeaders | Record<string, string>, what: string): void {
  expect(headers['content-security-policy'], what).toContain("default-src 'self'");
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(headers['x-request-id'], what).toBeTruthy();
}

describe('page addresses', () => {
  it('leave the API gateway to the gateway: its addresses answer JSON, never the web app', async () => {
    for (const [gatewayPath, status] of [
      ['/gateway', 404],
      ['/gateway/not-an-offer/data', 400],
      ['/gateway/3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01/data', 401],
      ['/gateway/%ZZ/data', 400],
    ] as const) {
      const response = await fetch(`${baseUrl}${gatewayPath}`, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      });
      expect({ gatewayPath, status: response.status }).toEqual({ gatewayPath, status });
      expect(response.headers.get('content-type'), gatewayPath).toContain('application/json');
    }
  });

  it('open the web app for any path it routes itself, known or not', async () => {
    for (const page of ['/results?page=abc', '/offer/details/3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01', '/no/such/page']) {
      const response = await fetch(`${baseUrl}${page}`);
      expect(response.status, page).toBe(200);
      expect(await response.text(), page).toBe(INDEX_HTML);
    }
  });

  it('redirected a broken page address to another host (//evil.example/%ZZ): it gets the web app with 404, no Location', async () => {
    const cases = [
      '//evil.example/%ZZ',
      '/\\evil.example/%ZZ',
      '/offer/details/%ZZ',
      '/offer/details/%E0%A4%A?from=mail',
      '/%',
    ];
    for (const page of cases) {
      const response = await rawGet(page);
      expect({ page, status: response.status, location: response.headers.location }).toEqual({
        page,
        status: 404,
        location: undefined,
      });
      expect(response.headers['content-type'], page).toContain('text/html');
      expect(response.body, page).toBe(INDEX_HTML);
      expectSecurityHeaders(response.headers, page);
    }
  });

  it('answer a build file that is not there with 404, not with the page, so a stale tab can offer a reload', async () => {
    const response = await fetch(`${baseUrl}/assets/CartPage-0ld.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(((await response.json()) as { code: string }).code).toBe(ErrorCode.NOT_FOUND);
  });

  it('leave the API its JSON error for the same broken encoding', async () => {
    const response = await fetch(`${baseUrl}/api/offers/%ZZ`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(body.message).toContain('percent-encoding');
    expect(response.headers.get('location')).toBeNull();
    expectSecurityHeaders(Object.fromEntries(response.headers), '/api/offers/%ZZ');
  });

  it('do not answer a write to a broken page address with the web app', async () => {
    const response = await fetch(`${baseUrl}/offer/details/%ZZ`, { method: 'POST' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe(ErrorCode.VALIDATION_FAILED);
  });
});

describe("the page's Content-Security-Policy", () => {
  it("lets the page's own inline boot scripts run by their hash, and no other inline script", async () => {
    const response = await fetch(`${baseUrl}/results`);
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = policy.split(';').find((directive) => directive.trim().startsWith('script-src'));
    const hash = createHash('sha256').update(BOOT_SCRIPT, 'utf8').digest('base64');
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});
