// `npm start`: builds the web app when needed, then runs the server (which starts the embedded
// PostgreSQL, migrates, seeds and listens). Signals go to the server, which shuts down cleanly.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// START_WEB_BUILD=skip serves whatever web build there is (or the API alone): for tests of the process.
if (process.env.START_WEB_BUILD !== 'skip') ensureWebBuild();

// The server runs in a process group of its own. Ctrl-C signals the terminal's whole group: in it, the server
// would hear the signal from the terminal and again from this wrapper (and npm), and a second signal forces its
// exit; the embedded PostgreSQL it starts would hear it too and end every connection at once, while the job
// queues still hold theirs. Out of the group, the server hears one signal, from here, and stops its queues and
// pools before it stops PostgreSQL.
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
  detached: true,
});
/** One Ctrl-C reaches this wrapper from the terminal and again through npm: both are one signal to the server. */
const ECHO_MS = 1000;
let forwardedAt = Number.NEGATIVE_INFINITY;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode !== null || Date.now() - forwardedAt < ECHO_MS) return;
    forwardedAt = Date.now();
    // A second signal a moment later is the user's, and forces the server's exit.
    server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
// Should this wrapper end first (an error), the server in its own group is not left running.
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
