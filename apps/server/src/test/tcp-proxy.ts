import net from 'node:net';

export type TTcpProxy = {
  /** The loopback port the proxy listens on. */
  port: number;
  /** Rewrites a PostgreSQL URL to go through the proxy. */
  urlThrough(url: string): string;
  /**
   * Stops PostgreSQL as its clients see it: every open connection is reset and new ones are
   * refused, as when the server is stopped.
   */
  cut(): Promise<void>;
  /**
   * A PostgreSQL in smart shutdown as its clients see it: open connections keep working, new ones
   * are refused.
   */
  refuseNew(): Promise<void>;
  /**
   * A network that swallows everything: connections are accepted but nothing passes, open ones
   * included, so a client only notices by its own timeouts.
   */
  blackhole(): void;
  /**
   * A slow machine as its clients see it: new connections are accepted and forwarded, but only after
   * this many milliseconds; open ones keep working.
   */
  delayNew(ms: number): void;
  /** Forwards again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/**
 * A TCP proxy in front of a PostgreSQL server, for tests that take the database away and bring it
 * back while the app keeps running: deterministic, and no other test's database is touched.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TTcpProxy> {
  const sockets = new Set<net.Socket>();
  let isBlackhole = false;
  let newConnectionDelayMs = 0;
  let server: net.Server | null = null;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  const handle = (client: net.Socket) => {
    track(client);
    if (isBlackhole) {
      // Read and drop: the client believes it is connected.
      client.on('data', () => {});
      return;
    }
    if (newConnectionDelayMs > 0) {
      // Held until the delay is over: the client's first bytes wait in its socket, unread.
      client.pause();
      setTimeout(() => {
        if (client.destroyed) return;
        connectUpstream(client);
        client.resume();
      }, newConnectionDelayMs);
      return;
    }
    connectUpstream(client);
  };

  const connectUpstream = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    const forward = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (!isBlackhole) to.write(chunk);
      });
    forward(client, upstream);
    forward(upstream, client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };

  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const created = net.createServer(handle);
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        server = created;
        const address = created.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });

  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = null;
      if (!current) return resolve();
      current.close(() => resolve());
    });

  const resetAll = () => {
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  };

  const port = await listen(0);

  return {
    port,
    urlThrough(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    async cut() {
      const closed = stopListening();
      resetAll();
      await closed;
    },
    async refuseNew() {
      await stopListening();
    },
    blackhole() {
      isBlackhole = true;
    },
    delayNew(ms) {
      newConnectionDelayMs = ms;
    },
    async restore() {
      isBlackhole = false;
      newConnectionDelayMs = 0;
      resetAll();
      if (!server) await listen(port);
    },
    async close() {
      const closed = stopListening();
      resetAll();
      await closed;
    },
  };
}
