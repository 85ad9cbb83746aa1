// The thread that writes the demo files (see prepare-demo-files.ts); started through worker-boot.mjs.
import { parentPort, workerData } from 'node:worker_threads';
import { ensureDemoFiles } from './ensure-demo-files';

const files = await ensureDemoFiles({
  dataDir: (workerData as { dataDir: string }).dataDir,
  log: (line) => parentPort?.postMessage({ log: line }),
});
parentPort?.postMessage({ files });
