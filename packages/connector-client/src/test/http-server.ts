import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the test server received. */
export interface RecordedRequest {
  method: string;
  /** Path and query string. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw body ('' when none was sent). */
  body: string;
}

/** What the test server answers. */
export interface Reply {
  status?: number;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is. */
  text?: string;
  /** Sent one after the other, flushed separately. */
  chunks?: string[];
  /** The pause between chunks (5 ms by default). */
  chunkDelayMs?: number;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A tiny real HTTP server: every request is recorded and answered by `handler`. */
export async function startTestServer(
  handler: (request: RecordedRequest) => Reply | Promise<Reply> = () => ({ json: {} }),
): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const parts: Buffer[] = [];
    for await (const part of req) parts.push(part as Buffer);
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      body: Buffer.concat(parts).toString('utf8'),
    };
    requests.push(request);
    const reply = await handler(request);
    if (reply.delayMs !== undefined) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if (res.destroyed) return;
    const headers: Record<string, string> = { ...reply.headers };
    if (reply.json !== undefined) headers['content-type'] ??= 'application/json';
    res.writeHead(reply.status ?? 200, headers);
    if (reply.chunks !== undefined) {
      for (const chunk of reply.chunks) {
        res.write(chunk);
        await new Promise((resolve) => setTimeout(resolve, reply.chunkDelayMs ?? 5));
      }
      res.end();
    } else if (reply.json !== undefined) res.end(JSON.stringify(reply.json));
    else res.end(reply.text ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
