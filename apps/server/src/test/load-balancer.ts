import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type TLoadBalancer = {
  /** Where clients reach the servers behind it; the servers' PUBLIC_URL. */
  url: string;
  /** The servers' base URLs; each request goes to the next one in turn, unless `route` chooses. */
  backends: string[];
  /** Chooses the backend of a request instead of taking turns; null takes turns. */
  route: ((method: string, path: string) => string) | null;
  /** Which backend served each request so far, with the request's method and path, in order. */
  served: { backend: string; method: string; path: string }[];
  close(): Promise<void>;
};

/**
 * A round-robin HTTP load balancer on loopback, for tests of several server processes on one database: each
 * request goes to the next backend, whatever connection it came on, so a flow of several requests (a sign-in)
 * crosses the servers as it may in production. Host and headers pass unchanged.
 */
export async function startLoadBalancer(): Promise<TLoadBalancer> {
  let next = 0;
  const balancer: TLoadBalancer = { url: '', backends: [], route: null, served: [], close: async () => {} };
  const server = http.createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    const backend =
      balancer.route?.(incoming.method ?? 'GET', path) ?? balancer.backends[next++ % balancer.backends.length];
    if (!backend) return void outgoing.writeHead(503).end('no backend');
    balancer.served.push({ backend, method: incoming.method ?? 'GET', path });
    const target = new URL(backend);
    const forwarded = http.request(
      { host: target.hostname, port: target.port, method: incoming.method, path, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  balancer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  balancer.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return balancer;
}
