// `npm run cluster -- --processes N [--port 8080] [--host 127.0.0.1] [--run-dir .data/cluster]`: N server processes
// behind HAProxy on one PostgreSQL (DATABASE_URL, required). The balancer listens on --port, the processes on the
// ports after it. SIGHUP restarts the processes one at a time (a rolling restart); Ctrl-C or SIGTERM drains and
// stops them all, then HAProxy. A process that ends by itself is started again. See docs/operations.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startCluster } from './cluster-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    'public-url': { type: 'string' },
    'run-dir': { type: 'string', default: path.join(root, '.data', 'cluster') },
  },
});

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  process.stderr.write(
    'Several processes share one external PostgreSQL: set DATABASE_URL, for example\n\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/dsm npm run cluster -- --processes 2\n',
  );
  process.exit(2);
}
const processes = Number(args.processes);
const port = Number(args.port);
if (!Number.isInteger(processes) || processes < 1 || processes > 32) {
  process.stderr.write(`--processes must be a whole number from 1 to 32, not ${args.processes}\n`);
  process.exit(2);
}
if (!Number.isInteger(port) || port < 1 || port + processes > 65_535) {
  process.stderr.write(`--port must be a port with ${processes} free ports after it, not ${args.port}\n`);
  process.exit(2);
}

let isStopping = false;
let isRestarting = false;
const cluster = await startCluster({
  processes,
  databaseUrl,
  port,
  host: args.host,
  ...(args['public-url'] ? { publicUrl: args['public-url'] } : {}),
  runDir: path.resolve(args['run-dir']),
  onLine: (source, line) => process.stdout.write(`[${source}] ${line}\n`),
});
process.stdout.write(
  `\n${processes} processes behind HAProxy at ${cluster.publicUrl} (${cluster.processes.map((p) => `${p.name} :${p.port}`).join(', ')})\nSIGHUP restarts them one at a time; Ctrl-C stops.\n\n`,
);

// A process that ends without being asked (a crash, the OOM killer) is started again.
for (const member of cluster.processes) {
  const watch = async () => {
    for (;;) {
      await member.exited();
      if (isStopping) return;
      if (isRestarting || member.pid !== undefined) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        continue;
      }
      process.stdout.write(`[cluster] ${member.name} ended; starting it again in a second\n`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (isStopping || isRestarting || member.pid !== undefined) continue;
      await member.start().catch((error) => process.stderr.write(`[cluster] ${member.name}: ${error.message}\n`));
    }
  };
  void watch();
}

process.on('SIGHUP', () => {
  if (isRestarting || isStopping) return;
  isRestarting = true;
  process.stdout.write('[cluster] rolling restart\n');
  cluster.rollingRestart().then(
    () => {
      isRestarting = false;
      process.stdout.write('[cluster] rolling restart done\n');
    },
    (error) => {
      isRestarting = false;
      process.stderr.write(`[cluster] rolling restart failed: ${error.message}\n`);
    },
  );
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (isStopping) return;
    isStopping = true;
    process.stdout.write('[cluster] stopping: each process drains, then HAProxy stops\n');
    cluster.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
