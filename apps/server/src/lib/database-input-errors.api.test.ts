import { ErrorCode, type TErrorResponse } from '@dsm/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { findFreePort } from '../db/embedded-postgres';
import { useTestDatabase } from '../test/lifecycle';

let app: FastifyInstance;
let baseUrl: string;

// A route that hands its input to PostgreSQL unchecked stands for any contract that misses a case.
const database = useTestDatabase();

beforeAll(async () => {
  const port = await findFreePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({ SEED_DATASETS: '0', LOG_LEVEL: 'silent', PUBLIC_URL: baseUrl, PORT: String(port) });
  app = await buildApp({ config, database, logger: false, webDistDir: '/nonexistent' });
  app.post('/test/unchecked', async (request) => {
    const { text, cast } = request.body as { text: string; cast: 'text' | 'varchar(5)' | 'smallint' | 'uuid' };
    if (cast === 'varchar(5)') {
      // Only an assignment checks the length; a cast would cut the text silently.
      await sql`do $$ declare v varchar(5); begin v := ${sql.lit(text)}; end $$`.execute(app.database.db);
      return { value: text };
    }
    const result = await sql<{ value: unknown }>`select ${text}::${sql.raw(cast)} as value`.execute(app.database.db);
    return { value: result.rows[0]?.value };
  });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app?.close();
});

async function send(text: string, cast: string) {
  const response = await fetch(`${baseUrl}/test/unchecked`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text, cast }),
  });
  return { status: response.status, body: (await response.json()) as TErrorResponse & { value?: unknown } };
}

describe('a value PostgreSQL refuses', () => {
  it.each([
    ['a NUL in text', 'ground\u0000water', 'text', /cannot store/],
    ['text longer than its column', 'far too long', 'varchar(5)', /too long/],
    ['a number out of range', '99999999', 'smallint', /out of range/],
    ['text that is not of the type', 'not-a-uuid', 'uuid', /not of the expected type/],
  ])('answers %s with 400 and the common error body', async (_name, text, cast, message) => {
    const { status, body } = await send(text, cast);
    expect(status).toBe(400);
    expect(body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(body.message).toMatch(message);
    expect(body.requestId).toBeTruthy();
  });

  it('lets a value it takes through', async () => {
    const { status, body } = await send('groundwater 😀', 'text');
    expect(status).toBe(200);
    expect(body.value).toBe('groundwater 😀');
  });
});
