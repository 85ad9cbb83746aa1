import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOffers } from '../modules/catalogue/load-offers';
import { signIn } from '../test/auth';
import { makeOffer } from '../test/factories';
import { startTestApp, type TTestApp } from '../test/test-app';

let testApp: TTestApp;
let authorization: string;

type TRawAnswer = { status: number; encoding: string | undefined; bytes: Buffer };

/** A search over raw HTTP, so the bytes on the wire are seen as they are (fetch would unpack them). */
function searchRaw(acceptEncoding: string): Promise<TRawAnswer> {
  const body = JSON.stringify({ index: 0, pageSize: 100 });
  return new Promise((resolve, reject) => {
    const call = http.request(
      `${testApp.baseUrl}/api/search`,
      {
        method: 'POST',
        headers: {
          authorization,
          'content-type': 'application/json',
          'accept-encoding': acceptEncoding,
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            encoding: response.headers['content-encoding'],
            bytes: Buffer.concat(chunks),
          }),
        );
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

beforeAll(async () => {
  testApp = await startTestApp();
  authorization = (await signIn(testApp)).headers.authorization;
  await insertOffers(
    testApp.database.db,
    Array.from({ length: 100 }, (_, index) =>
      makeOffer({
        title: `Air quality station ${index}`,
        description: `Hourly readings of nitrogen dioxide and particulate matter at station ${index}.`,
      }),
    ),
  );
});

afterAll(async () => {
  await testApp.close();
});

describe('compressed answers', () => {
  it('sends a page of 100 results as brotli or gzip when the client accepts it, far smaller and the same JSON', async () => {
    const plain = await searchRaw('identity');
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBeUndefined();
    const results = JSON.parse(plain.bytes.toString('utf8')) as { data: unknown[] };
    expect(results.data).toHaveLength(100);

    const brotli = await searchRaw('gzip, deflate, br');
    expect(brotli.encoding).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brotli.bytes).toString('utf8'))).toEqual(results);
    expect(brotli.bytes.length).toBeLessThan(plain.bytes.length / 4);

    const gzip = await searchRaw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(results);
  });

  it('leaves small answers as they are', async () => {
    const config = await fetch(`${testApp.baseUrl}/healthz`, { headers: { 'accept-encoding': 'br' } });
    expect(config.headers.get('content-encoding')).toBeNull();
  });
});
