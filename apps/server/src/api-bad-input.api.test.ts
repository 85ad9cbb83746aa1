import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZErrorResponse } from '@dsm/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, type TSignedIn } from './test/auth';
import { startTestApp, type TTestApp } from './test/test-app';

// Every route of the OpenAPI document gets random and malformed input as a signed-in user: the
// answer must be a success or a 4xx with the common error body, never a 500 and never a hang.

/**
 * Generated cases per route: 65 routes at about 3 ms a case stay under 30 s in all. BAD_INPUT_RUNS
 * raises it for a longer hunt.
 */
const RUNS_PER_ROUTE = Number(process.env.BAD_INPUT_RUNS ?? 100);
/** A request that takes longer than this counts as a hang. */
const REQUEST_TIMEOUT_MS = 5_000;
const BODY_LIMIT = 1024 * 1024;

type TOperation = {
  method: string;
  path: string;
  hasBody: boolean;
  queryNames: string[];
  headerNames: string[];
  bodyKeys: string[];
};

type TOpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const document = JSON.parse(readFileSync(path.join(root, 'docs/openapi.json'), 'utf8')) as TOpenApi;

const OPERATIONS: TOperation[] = Object.entries(document.paths).flatMap(([routePath, operations]) =>
  Object.entries(operations).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path: routePath,
    hasBody: Boolean(operation.requestBody),
    queryNames: (operation.parameters ?? []).filter((item) => item.in === 'query').map((item) => item.name),
    headerNames: (operation.parameters ?? []).filter((item) => item.in === 'header').map((item) => item.name),
    bodyKeys: Object.keys(operation.requestBody?.content['application/json']?.schema?.properties ?? {}),
  })),
);

/** Ids that reach the database or a connector lookup: real-looking, empty-ish, hostile, huge. */
const arbitraryId = fc.oneof(
  fc.uuid(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer().map(String),
  fc.constantFrom('0', '-1', 'null', 'undefined', '..', '%00', "' OR 1=1 --", 'x'.repeat(3000), '😀', '\u0000'),
);

const arbitraryScalar = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', ' ', '-1', '1e309', 'NaN', 'true', '[]', '{}', 'x'.repeat(5000)),
);

/** JSON that follows the route's field names with nonsense values, so validation is reached deep. */
function shapedBody(keys: string[]) {
  return fc.dictionary(fc.oneof(fc.constantFrom(...(keys.length > 0 ? keys : ['id'])), fc.string()), fc.jsonValue(), {
    maxKeys: 8,
  });
}

type TBody = { contentType?: string; payload?: string };

function arbitraryBody(operation: TOperation): fc.Arbitrary<TBody> {
  const json = (value: unknown): TBody => ({ contentType: 'application/json', payload: JSON.stringify(value) });
  return fc.oneof(
    fc.constant<TBody>({}),
    fc.constant<TBody>({ contentType: 'application/json', payload: '' }),
    fc.jsonValue().map(json),
    shapedBody(operation.bodyKeys).map(json),
    fc.string({ unit: 'grapheme', maxLength: 200 }).map((text) => ({ contentType: 'application/json', payload: text })),
    fc.integer({ min: 1, max: 20_000 }).map((depth) => ({
      contentType: 'application/json',
      payload: `${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`,
    })),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'application/octet-stream',
          '',
        ),
        fc.string({ maxLength: 100 }),
      )
      .map(([contentType, payload]) => ({ contentType, payload })),
  );
}

function arbitraryQuery(operation: TOperation): fc.Arbitrary<string> {
  const names = fc.oneof(fc.constantFrom(...operation.queryNames, 'query', 'id'), fc.string({ maxLength: 10 }));
  const pairs = fc.array(fc.tuple(names, arbitraryScalar.map(String)), { maxLength: 5 });
  return fc.oneof(
    pairs.map((list) => new URLSearchParams(list).toString()),
    // Broken percent-encoding and separators the parser has to survive.
    fc.constantFrom('%', '%E0%A4%A', 'a=%zz', '&&&=&', 'query=%00', 'a[b][c]=1', `q=${'x'.repeat(6000)}`),
  );
}

const arbitraryHeaders = fc.record(
  {
    'idempotency-key': fc.oneof(fc.string({ maxLength: 300 }), fc.uuid()),
    accept: fc.constantFrom('*/*', 'text/html', 'application/xml', ''),
  },
  { requiredKeys: [] },
);

type TCase = { pathValues: string[]; query: string; body: TBody; headers: Record<string, string> };

function arbitraryCase(operation: TOperation): fc.Arbitrary<TCase> {
  const placeholders = operation.path.match(/\{[^}]+\}/g) ?? [];
  return fc.record({
    pathValues: fc.tuple(...placeholders.map(() => arbitraryId)) as fc.Arbitrary<string[]>,
    query: arbitraryQuery(operation),
    body:
      operation.hasBody || (operation.method !== 'GET' && operation.method !== 'HEAD')
        ? arbitraryBody(operation)
        : fc.constant({}),
    headers: arbitraryHeaders,
  });
}

function urlOf(operation: TOperation, pathValues: string[], query: string): string {
  let index = 0;
  const filled = operation.path.replace(/\{[^}]+\}/g, () => {
    return encodeURIComponent(pathValues[index++] ?? '');
  });
  return `${filled}${query ? `?${query}` : ''}`;
}

type TAnswer = { status: number; contentType: string; text: string; method?: string };

async function send(
  baseUrl: string,
  signedIn: TSignedIn,
  operation: TOperation,
  target: string,
  body: TBody,
  headers: Record<string, string>,
): Promise<TAnswer> {
  // fetch refuses to send control characters in headers at all; those never reach a server.
  const sendable = Object.fromEntries(
    Object.entries(headers).filter(([, value]) => /^[\x20-\x7e]*$/.test(value) && value !== ''),
  );
  const response = await fetch(`${baseUrl}${target}`, {
    method: operation.method,
    headers: {
      ...sendable,
      ...(body.contentType !== undefined ? { 'content-type': body.contentType } : {}),
      ...signedIn.headers,
    },
    ...(body.payload !== undefined && operation.method !== 'GET' && operation.method !== 'HEAD'
      ? { body: body.payload }
      : {}),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
    method: operation.method,
  };
}

/** The rule every answer follows; returns a description of the breach, or null. */
function breach(answer: TAnswer): string | null {
  if (answer.status >= 200 && answer.status < 400) return null;
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 300)}`;
  if (!answer.contentType.startsWith('application/json')) {
    return `answered ${answer.status} as ${answer.contentType}: ${answer.text.slice(0, 200)}`;
  }
  // A HEAD answer has the headers of the error body and no body.
  if (answer.method === 'HEAD') return answer.text === '' ? null : 'answered HEAD with a body';
  const parsed = ZErrorResponse.safeParse(JSON.parse(answer.text));
  if (!parsed.success) return `answered ${answer.status} without the common error body: ${answer.text.slice(0, 200)}`;
  if (parsed.data.statusCode !== answer.status)
    return `body says ${parsed.data.statusCode}, status is ${answer.status}`;
  return null;
}

let testApp: TTestApp;
let user: TSignedIn;
const casesPerRoute = new Map<string, number>();

beforeAll(async () => {
  // Limits off: thousands of requests from one user are the point here, not the limiter.
  testApp = await startTestApp({ SANDBOX_CONNECTORS: 'false', SEARCH_RATE_LIMIT: '0', ORDER_RATE_LIMIT: '0' });
  user = await signIn(testApp);
});

afterAll(async () => {
  if (casesPerRoute.size > 0) {
    const total = [...casesPerRoute.values()].reduce((sum, count) => sum + count, 0);
    const lines = [...casesPerRoute].map(([route, count]) => `  ${count}  ${route}`);
    process.stdout.write(`Bad-input cases: ${total} over ${casesPerRoute.size} routes\n${lines.join('\n')}\n`);
  }
  await testApp?.close();
});

describe('every API route under random and malformed input', () => {
  it.each(OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s never answers 500 or hangs',
    async (name, operation) => {
      let count = 0;
      await fc.assert(
        fc.asyncProperty(arbitraryCase(operation), async (sample) => {
          count++;
          const answer = await send(
            testApp.baseUrl,
            user,
            operation,
            urlOf(operation, sample.pathValues, sample.query),
            sample.body,
            sample.headers,
          );
          const problem = breach(answer);
          if (problem) throw new Error(`${name}: ${problem}`);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );

      // Fixed cases every route with a body gets: over the body limit, and nested beyond any schema.
      if (operation.method !== 'GET') {
        const target = urlOf(operation, ['00000000-0000-4000-8000-000000000000', 'x'], '');
        const oversized = await send(
          testApp.baseUrl,
          user,
          operation,
          target,
          {
            contentType: 'application/json',
            payload: JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT + 10) }),
          },
          {},
        );
        count++;
        expect(breach(oversized), 'oversized body').toBeNull();
        if (operation.hasBody) expect(oversized.status).toBe(413);
        const deep = await send(
          testApp.baseUrl,
          user,
          operation,
          target,
          {
            contentType: 'application/json',
            payload: `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
          },
          {},
        );
        count++;
        expect(breach(deep), 'deep JSON').toBeNull();
      }
      casesPerRoute.set(name, count);
    },
  );

  it("answers a path parameter over 100 characters with the common error body, not Fastify's own", async () => {
    const answer = await send(
      testApp.baseUrl,
      user,
      OPERATIONS.find((operation) => operation.path === '/api/offers/{id}')!,
      `/api/offers/${'x'.repeat(101)}`,
      {},
      {},
    );
    expect(answer.status).toBe(400);
    expect(breach(answer)).toBeNull();
  });

  it('answers a path with broken percent-encoding with the common error body', async () => {
    const answer = await send(
      testApp.baseUrl,
      user,
      OPERATIONS.find((operation) => operation.path === '/api/offers/{id}')!,
      '/api/offers/%E0%A4%A',
      {},
      {},
    );
    expect(answer.status).toBeLessThan(500);
    expect(breach(answer)).toBeNull();
  });

  it('is still up and ready afterwards', async () => {
    expect((await fetch(`${testApp.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${testApp.baseUrl}/readyz`)).status).toBe(200);
  });
});
