import http from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TTestApp } from '../test/test-app';

/**
 * The request id a load balancer sends in `X-Request-Id` is the server's too: in its log lines and in the answer's
 * header. One that is not a short run of safe characters is replaced by a new one, so no client writes into the log.
 */

type TLogLine = { reqId?: string; msg?: string };

const output: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    output.push(String(chunk));
    callback();
  },
});
const logLines = (): TLogLine[] =>
  output
    .join('')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as TLogLine);

let testApp: TTestApp;

beforeAll(async () => {
  testApp = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
});

afterAll(async () => {
  await testApp?.close();
});

/** GET /healthz with an X-Request-Id as given (node:http sends a tab inside a value, fetch would not). */
function getWithRequestId(requestId: string): Promise<{ status: number; requestId: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(`${testApp.baseUrl}/healthz`, { headers: { 'x-request-id': requestId } }, (response) => {
      response.resume();
      response.on('end', () => {
        const echoed = response.headers['x-request-id'];
        resolve({ status: response.statusCode ?? 0, requestId: typeof echoed === 'string' ? echoed : undefined });
      });
    });
    outgoing.on('error', reject);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  it("keeps the load balancer's id: the answer carries it and so do the request's log lines", async () => {
    const sent = 'lb-7f3a9c:0001.42_x';
    const answer = await getWithRequestId(sent);
    expect(answer).toEqual({ status: 200, requestId: sent });
    const lines = logLines().filter((line) => line.reqId === sent);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with a control character', 'abc\tdef'],
    ['with quotes and spaces', 'x" injected="1'],
    ['with a slash', '../../etc/passwd'],
  ])('replaces an id %s with a new one, in the answer and in the log', async (_case, hostile) => {
    const answer = await getWithRequestId(hostile);
    expect(answer.status).toBe(200);
    expect(answer.requestId).toMatch(UUID);
    expect(logLines().filter((line) => line.reqId === answer.requestId)).toHaveLength(2);
    expect(output.join('')).not.toContain(hostile.slice(0, 40));
  });

  it('keeps an id of the longest length allowed', async () => {
    const sent = 'b'.repeat(128);
    expect((await getWithRequestId(sent)).requestId).toBe(sent);
  });
});
