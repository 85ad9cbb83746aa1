import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, type TErrorResponse } from '@dsm/contracts';
import type { TMetrics } from './metrics';

export type TStartMetricsServerOptions = {
  /** What a scrape answers. */
  metrics: TMetrics;
  /** Interface to listen on (METRICS_HOST): loopback unless the operator opens it. */
  host: string;
  /** TCP port (METRICS_PORT); 0 takes a free one. */
  port: number;
};

/** The running metrics listener. */
export type TMetricsServer = {
  /** Where Prometheus scrapes it: `http://host:port/metrics`. */
  url: string;
  /** The port it listens on. */
  port: number;
  close(): Promise<void>;
};

/**
 * Serves `GET /metrics` on a listener of its own, apart from the public port: a scrape never reaches the users'
 * routes, rate limits or logs, and what it shows about the internals stays on the interface the operator chose.
 */
export async function startMetricsServer(options: TStartMetricsServerOptions): Promise<TMetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const message = `No route ${request.method} ${path}: only GET /metrics is served here`;
      sendError(response, { statusCode: 404, code: ErrorCode.NOT_FOUND, error: 'Not Found', message });
      return;
    }
    options.metrics.render().then(
      (text) => {
        response.writeHead(200, { 'content-type': options.metrics.contentType });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        const message = `The metrics could not be read: ${error instanceof Error ? error.message : String(error)}`;
        sendError(response, { statusCode: 500, code: ErrorCode.INTERNAL, error: 'Internal Server Error', message });
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}/metrics`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Answers with the API's error body, so a wrong address at the metrics port reads like one at the public port. */
function sendError(response: ServerResponse, body: TErrorResponse): void {
  response.writeHead(body.statusCode, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}
