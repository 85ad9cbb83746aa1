import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How a flaky server answers the next request: `forward` answers what its `forward` answers, `hang-up` closes the
 * connection unanswered, `garbage` answers HTML under a JSON content type, `slow` answers its `slowBody` after 3 s,
 * and each of its own `answers` answers that JSON text at once.
 */
export type TFlakyMode<TOwn extends string = never> = 'forward' | 'hang-up' | 'garbage' | 'slow' | TOwn;

export type TFlakyServer<TOwn extends string = never> = {
  /** `http://127.0.0.1:<port>`, on a free loopback port. */
  origin: string;
  port: number;
  /** How it answers from now on; `forward` at first. */
  mode: TFlakyMode<TOwn>;
  /** Drops the slow answers still waiting and every connection, and stops listening. */
  close(): Promise<void>;
};

export type TFlakyServerOptions<TOwn extends string> = {
  /** The good answer to a request with this body (a fetch of the real thing, say). */
  forward(body: Buffer): Promise<Response>;
  /** The JSON text a slow answer brings. */
  slowBody: string;
  /** Further modes, each with the JSON text it answers. */
  answers?: Record<TOwn, string>;
};

const SLOW_MS = 3000;

/** Starts a local HTTP server that stands in for a remote one which answers well, or badly as its mode says. */
export async function startFlakyServer<TOwn extends string = never>(
  options: TFlakyServerOptions<TOwn>,
): Promise<TFlakyServer<TOwn>> {
  const slowAnswers = new Set<NodeJS.Timeout>();
  const answers: Record<string, string> = { garbage: '<html>Maintenance</html>', ...options.answers };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const { mode } = flaky;
    if (mode === 'hang-up') {
      req.socket.destroy();
    } else if (mode === 'slow') {
      const timer = setTimeout(() => {
        slowAnswers.delete(timer);
        res.writeHead(200, { 'content-type': 'application/json' }).end(options.slowBody);
      }, SLOW_MS);
      slowAnswers.add(timer);
    } else if (mode === 'forward') {
      const answer = await options.forward(Buffer.concat(chunks));
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(answers[mode]);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const flaky: TFlakyServer<TOwn> = {
    origin: `http://127.0.0.1:${port}`,
    port,
    mode: 'forward',
    async close() {
      for (const timer of slowAnswers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  return flaky;
}
