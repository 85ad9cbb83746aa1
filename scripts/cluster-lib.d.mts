// Types of scripts/cluster-lib.mjs, for the TypeScript that uses it (the cluster test, the search benchmark).

export type TClusterOptions = {
  /** How many server processes. */
  processes: number;
  /** The one PostgreSQL every process uses. */
  databaseUrl: string;
  /** The balancer's port; the processes listen on the ports after it. */
  port: number;
  /** The balancer's address to bind (127.0.0.1 by default). */
  host?: string;
  /** PUBLIC_URL of every process; the balancer's address by default. */
  publicUrl?: string;
  /** Where HAProxy's configuration and stats socket and the processes' search indexes go. */
  runDir: string;
  /** More settings for every process (they win over the environment's, PORT excepted). */
  env?: Record<string, string>;
  /** Each line a process (`p1`, `p2`, ...) or HAProxy (`haproxy`) prints. */
  onLine?: (source: string, line: string) => void;
  /** How long a process may take to answer /readyz with 200 after its start (180 s by default). */
  readyTimeoutMs?: number;
};

export type TClusterProcess = {
  /** `p1`, `p2`, ...: its name in HAProxy too. */
  readonly name: string;
  readonly port: number;
  /** The process's own address, past the balancer. */
  readonly url: string;
  /** The running child's pid, or undefined. */
  readonly pid: number | undefined;
  /** Everything this process printed, over all its starts. */
  output(): string;
  /** Starts the process (again) and waits until its /readyz answers 200. */
  start(): Promise<void>;
  /** Sends `signal` to the running process. */
  kill(signal?: NodeJS.Signals): void;
  /** Resolves when the current run of the process has ended. */
  exited(): Promise<void>;
  /** SIGTERM (the server drains, then stops), SIGKILL after 15 s; resolves when it has ended. */
  stop(): Promise<void>;
};

export type TCluster = {
  /** The balancer's address, for requests. */
  url: string;
  publicUrl: string;
  processes: TClusterProcess[];
  configPath: string;
  /** HAProxy's log: one line per request, with the process that answered, the retries and the request id. */
  haproxyLog(): string;
  /** Each process's state in HAProxy (UP, DOWN, MAINT, ...) by name. */
  serverStates(): Promise<Record<string, string>>;
  /** Waits until HAProxy reports `name` in `state`, at most `timeoutMs` (30 s by default). */
  waitForState(name: string, state: string, timeoutMs?: number): Promise<void>;
  /** Restarts the processes one after the other, each once the one before is back in HAProxy's rotation. */
  rollingRestart(): Promise<void>;
  /** Stops every process (each drains) and HAProxy. */
  stop(): Promise<void>;
};

/** Starts the processes (the first alone: it migrates and seeds) and HAProxy in front of them. */
export function startCluster(options: TClusterOptions): Promise<TCluster>;
