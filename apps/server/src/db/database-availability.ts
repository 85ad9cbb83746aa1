import pg from 'pg';

/** Connection-level failures of PostgreSQL: the database is away, not the request wrong. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down)
  '57P01',
  '57P02',
  '57P03',
  // connection_failure, sqlclient_unable_to_establish_sqlconnection, connection_does_not_exist,
  // sqlserver_rejected_establishment_of_sqlconnection
  '08006',
  '08001',
  '08003',
  '08004',
]);

const UNAVAILABLE_MESSAGE =
  /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|connection is closed|The database is unavailable/i;

/** True for an error that says PostgreSQL cannot be reached (as opposed to a failing query). */
export function isDatabaseUnavailableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
  if (typeof candidate.message === 'string' && UNAVAILABLE_MESSAGE.test(candidate.message)) return true;
  return candidate.cause !== undefined && candidate.cause !== error && isDatabaseUnavailableError(candidate.cause);
}

export type TDatabaseAvailability = {
  /** False from a confirmed outage until a probe reaches PostgreSQL again. */
  isAvailable(): boolean;
  /** When the current outage was confirmed; null while available. */
  unavailableSince(): Date | null;
  /**
   * Hands over a failure seen by a request or a job: a connection-level one makes a probe check at
   * once whether PostgreSQL is away. Answers whether the error was connection-level.
   */
  report(error: unknown): boolean;
  /** Probes now (one probe at a time) and answers whether PostgreSQL answered. */
  probe(): Promise<boolean>;
  /** Stops probing. */
  close(): void;
};

export type TDatabaseAvailabilityOptions = {
  /** The database to probe, with a connection of the probe's own (the pool may be exhausted). */
  url: string;
  /** The pool whose checked-out connections are cut when an outage is confirmed. */
  pool: pg.Pool;
  /** Further pools on the same database (the background jobs'), cut alike. */
  otherPools?: pg.Pool[];
  /** Time between two probes during an outage. */
  probeIntervalMs?: number;
  /** Limit of one probe (connect and `select 1`); one that gets no answer is tried again with three times as long. */
  probeTimeoutMs?: number;
  /**
   * Time between two probes while all is well; 0 (the default) probes only when a failure is
   * reported. A PostgreSQL in smart shutdown refuses new connections but waits for the open ones,
   * which a busy pool keeps for ever: only a new connection notices it.
   */
  heartbeatMs?: number;
  /** Told when the database goes away and comes back. */
  onChange?: (isAvailable: boolean, error?: unknown) => void;
};

/** pg's client has no destroy(); its socket does, and a silent network never closes it otherwise. */
function destroySocket(client: pg.Client | pg.PoolClient): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}

/** A probe that got no answer within its limit, as opposed to one that PostgreSQL refused. */
class ProbeTimeoutError extends Error {}

/** pg's own connect timeout, or the probe's: nobody answered in time. */
function isNoAnswer(error: unknown): boolean {
  return (
    error instanceof ProbeTimeoutError ||
    (error instanceof Error && /timeout exceeded when trying to connect|connection timeout/i.test(error.message))
  );
}

async function probeOnce(url: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    application_name: 'dsm-availability-probe',
  });
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ProbeTimeoutError('The database is unavailable: no answer to the probe')),
      timeoutMs,
    );
  });
  try {
    await Promise.race([
      (async () => {
        await client.connect();
        await client.query('select 1');
      })(),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
    destroySocket(client);
  }
}

/** How much longer the second try of a probe that got no answer may take. */
const SECOND_TRY_FACTOR = 3;

/**
 * One probe, with a second try when the first got no answer in time. A refusal is an answer and
 * counts at once; silence may be a busy machine as well as a gone network: a main thread blocked
 * for a moment fires the probe's timer before it reads the answer waiting in its socket. Calling
 * an outage cuts every connection of the pool, so a silent network is confirmed twice.
 */
async function probeWithSecondTry(url: string, timeoutMs: number): Promise<void> {
  try {
    await probeOnce(url, timeoutMs);
  } catch (error) {
    if (!isNoAnswer(error)) throw error;
    await probeOnce(url, timeoutMs * SECOND_TRY_FACTOR);
  }
}

/**
 * Watches whether PostgreSQL can be reached. A connection-level failure reported by a request (or
 * the heartbeat, when set) starts a probe on a connection of its own; a failed probe confirms the
 * outage and cuts every connection of the pool, idle and checked out: their queries would otherwise
 * wait for a network that may never answer, and a PostgreSQL in smart shutdown waits for them before
 * it stops. It then probes every second until PostgreSQL answers again; the pool opens new
 * connections from there.
 */
export function createDatabaseAvailability(options: TDatabaseAvailabilityOptions): TDatabaseAvailability {
  const intervalMs = options.probeIntervalMs ?? 1_000;
  const timeoutMs = options.probeTimeoutMs ?? 1_500;
  const clients = new Set<pg.PoolClient>();
  for (const pool of [options.pool, ...(options.otherPools ?? [])]) {
    pool.on('connect', (client) => clients.add(client as pg.PoolClient));
    pool.on('remove', (client) => clients.delete(client as pg.PoolClient));
  }

  let downSince: Date | null = null;
  let running: Promise<boolean> | null = null;
  let retry: NodeJS.Timeout | null = null;
  let isClosed = false;
  const heartbeat =
    options.heartbeatMs && options.heartbeatMs > 0
      ? setInterval(() => {
          if (!downSince) void probe(true);
        }, options.heartbeatMs)
      : null;
  heartbeat?.unref();

  const scheduleRetry = () => {
    if (isClosed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void probe();
    }, intervalMs);
    retry.unref();
  };

  const probe = (isHeartbeat = false): Promise<boolean> => {
    running ??= probeWithSecondTry(options.url, timeoutMs)
      .then(
        () => {
          if (downSince) {
            downSince = null;
            options.onChange?.(true);
          }
          return true;
        },
        (error: unknown) => {
          // Nothing failed yet: only a refusal that says PostgreSQL is away may close working
          // connections, not a full server (53300) or a changed password.
          if (isHeartbeat && !downSince && !isDatabaseUnavailableError(error)) return true;
          if (!downSince) {
            downSince = new Date();
            // An idle client whose socket closes leaves the pool by itself; a checked-out one when released.
            for (const client of clients) destroySocket(client);
            options.onChange?.(false, error);
          }
          scheduleRetry();
          return false;
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  };

  return {
    isAvailable: () => downSince === null,
    unavailableSince: () => downSince,
    report(error) {
      if (!isDatabaseUnavailableError(error)) return false;
      if (!downSince) void probe();
      return true;
    },
    probe: () => probe(),
    close() {
      isClosed = true;
      if (heartbeat) clearInterval(heartbeat);
      if (retry) clearTimeout(retry);
      retry = null;
    },
  };
}
