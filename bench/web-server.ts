// The server of `npm run bench:web`: the production server with the web build copied to a folder of
// the benchmark's own (WEB_DIST_DIR), so a build running meanwhile in apps/web/dist cannot take the
// measured files away mid-run.
import { loadConfig } from '../apps/server/src/config/config';
import { startServer } from '../apps/server/src/server';

const webDistDir = process.env.WEB_DIST_DIR;
if (!webDistDir) throw new Error('WEB_DIST_DIR names the web build to serve');
const server = await startServer({ config: loadConfig(), webDistDir });
process.on('SIGTERM', () => {
  void server.stop().finally(() => process.exit(0));
});
