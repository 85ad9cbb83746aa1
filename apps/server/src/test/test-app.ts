import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type TConfig } from '../config/config';
import { createTestDatabase, type TTestDatabase } from './test-database';

export type TTestApp = {
  app: FastifyInstance;
  /** Base URL of the listening app, for real HTTP requests. */
  baseUrl: string;
  database: TTestDatabase;
  config: TConfig;
  close(): Promise<void>;
};

/** The production app on a fresh database, listening on a random loopback port. */
export async function startTestApp(env: Record<string, string> = {}): Promise<TTestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({ SEED_DATASETS: '0', LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({ config, database, logger: false, webDistDir: '/nonexistent' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Sends JSON over real HTTP and returns the status and parsed body. */
export async function request<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the raw text is the body.
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}
