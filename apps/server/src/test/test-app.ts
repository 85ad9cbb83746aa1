import type { TErrorResponse } from '@dsm/contracts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type TConfig } from '../config/config';
import { findFreePort } from '../db/embedded-postgres';
import type { TLinkCheckQueue } from '../modules/link-checker/request-link-checks';
import type { ISearchIndex } from '../modules/search/search';
import { createTestDatabase, type TTestDatabase } from './test-database';

export type TTestApp = {
  app: FastifyInstance;
  /** Base URL of the listening app, for real HTTP requests. */
  baseUrl: string;
  database: TTestDatabase;
  config: TConfig;
  close(): Promise<void>;
};

/**
 * The configuration of an app that will listen on a free loopback port, for tests and benchmarks: no seeded offers,
 * no demo files, no log, then `env`. The issuer lives under PUBLIC_URL, so the app must know its own address
 * before it starts.
 */
export async function loopbackConfig(
  env: Record<string, string> = {},
): Promise<{ port: number; baseUrl: string; config: TConfig }> {
  const port = await findFreePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    SEED_DATASETS: '0',
    // The demo files and the open own origin are for the tests of that feature, which pass DEMO_DATA and DATA_DIR.
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: baseUrl,
    PORT: String(port),
    ...env,
  });
  return { port, baseUrl, config };
}

/** The production app on a fresh database, listening on a random loopback port. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: {
    database?: TTestDatabase;
    linkChecks?: TLinkCheckQueue;
    /** The search index; without it the app opens a temporary one that applies every change before a search. */
    searchIndex?: ISearchIndex;
    /** Where the app logs at level info; no log without it. */
    logStream?: NodeJS.WritableStream;
    /** The clock the API gateway judges entitlements by. */
    now?: () => Date;
  } = {},
): Promise<TTestApp> {
  const database = options.database ?? (await createTestDatabase());
  const { port, baseUrl, config } = await loopbackConfig({
    // The API tests run their sandbox connectors on loopback; tests of the address rules pass '' to refuse it.
    CONNECTOR_ALLOWED_HOSTS: '127.0.0.1',
    ...env,
  });
  const app = await buildApp({
    config,
    database,
    logger: options.logStream ? { level: 'info', stream: options.logStream } : false,
    webDistDir: '/nonexistent',
    ...(options.linkChecks ? { linkChecks: options.linkChecks } : {}),
    ...(options.searchIndex ? { searchIndex: options.searchIndex } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    baseUrl,
    database,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.drop();
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

/** A JSON answer's body as a test reads it: the success body `T` or, on a 4xx/5xx, the shared error body. */
export type TBody<T> = T & TErrorResponse;
