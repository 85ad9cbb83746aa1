import { setTimeout as delay, setImmediate as nextCheckPhase } from 'node:timers/promises';
import { ErrorCode, healthEndpoint, readyEndpoint } from '@dsm/contracts';
import type { FastifyInstance } from 'fastify';
import { sendError } from '../../lib/error-handler';

declare module 'fastify' {
  interface FastifyInstance {
    /** Drains the server before it closes; see registerShutdownGate. */
    shutdownGate: TShutdownGate;
  }
}

/** What a caller reads when its request arrives while the server stops. */
export const SHUTTING_DOWN_MESSAGE = 'The server is restarting; retry in a few seconds';

export type TCloseListenerOptions = {
  /** How long no connection may have been accepted before the listener closes, in milliseconds. */
  quietMs: number;
  /** The time (Date.now()) at which the listener closes whatever still arrives. */
  deadline: number;
};

export type TShutdownGate = {
  /** From now on /readyz answers 503, and every new request 503 with Retry-After and Connection: close. */
  beginDraining(): void;
  /**
   * Closes the listening socket once no request is in flight and no connection has been accepted
   * for `quietMs`, or at `deadline` whatever runs. Answers true when it closed because all was quiet.
   * Idle keep-alive connections are closed with it; connections with a request under way are not.
   */
  closeListenerWhenQuiet(options: TCloseListenerOptions): Promise<boolean>;
};

/**
 * The drain of a stopping server. Closing a listening socket makes the kernel reset every
 * connection in its accept queue (handshakes it completed that the process has not accepted yet),
 * so the listener stays open while the server drains: a connection that arrives is accepted and
 * answered, never reset. While draining, /readyz answers 503 (a load balancer stops sending),
 * /healthz still answers 200 (the process is alive and finishing its work: a failed liveness probe
 * would get it killed with its requests), every other new request is refused with 503, the common
 * error body and Retry-After, and every answer carries `Connection: close`, so that clients retry
 * on another instance and no kept-alive connection is left to close. Requests already in flight
 * are not touched: they finish. `app.close()` alone drains too, with no quiet wait (tests, tools).
 */
export function registerShutdownGate(app: FastifyInstance): void {
  let isDraining = false;
  let inFlight = 0;
  let onIdle: (() => void) | null = null;
  let accepted = 0;
  let lastAcceptedAt = Date.now();
  // Connections are accepted by the main listener; extra ones Fastify binds for a host name with
  // several addresses (localhost) close when it has closed (see docs/operations.md, Stopping).
  app.server.on('connection', () => {
    accepted += 1;
    lastAcceptedAt = Date.now();
  });

  app.addHook('onRequest', (request, reply, done) => {
    inFlight += 1;
    // 'close' is emitted once per answer, whether it was sent in full or its connection broke.
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) onIdle?.();
    });
    if (!isDraining) return done();
    reply.header('connection', 'close');
    if (request.routeOptions.url === healthEndpoint.path) return done();
    if (request.routeOptions.url === readyEndpoint.path) {
      reply
        .header('Retry-After', '5')
        .status(503)
        .send({ status: 'unavailable' as const });
      return;
    }
    sendError(reply, request, ErrorCode.SERVICE_UNAVAILABLE, SHUTTING_DOWN_MESSAGE);
  });
  // An answer to a request that was in flight when the drain began closes its connection too.
  app.addHook('onSend', async (_request, reply) => {
    if (isDraining) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    isDraining = true;
  });

  const requestsFinished = () =>
    inFlight === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          onIdle = resolve;
        });

  app.decorate('shutdownGate', {
    beginDraining() {
      isDraining = true;
    },
    async closeListenerWhenQuiet({ quietMs, deadline }: TCloseListenerOptions): Promise<boolean> {
      const closeListener = () => {
        if (app.server.listening) app.server.close();
      };
      try {
        for (;;) {
          const left = deadline - Date.now();
          if (left <= 0) break;
          if (inFlight > 0) {
            const timeout = new AbortController();
            await Promise.race([
              requestsFinished(),
              delay(left, undefined, { signal: timeout.signal }).catch(() => {}),
            ]);
            timeout.abort();
            continue;
          }
          const quietFor = Date.now() - lastAcceptedAt;
          if (quietFor < quietMs) {
            await delay(Math.min(quietMs - quietFor, left));
            continue;
          }
          // The check phase follows the event loop's poll, whose accept() has just emptied the
          // kernel's queue: closing here, when that poll accepted nothing, leaves the least time
          // for a connection to complete its handshake in between and be reset.
          const seen = accepted;
          await nextCheckPhase();
          if (accepted === seen && inFlight === 0) {
            closeListener();
            return true;
          }
        }
        closeListener();
        return false;
      } finally {
        onIdle = null;
      }
    },
  } satisfies TShutdownGate);
}
