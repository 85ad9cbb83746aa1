import { Worker } from 'node:worker_threads';
import type { TDemoFiles } from './ensure-demo-files';

export type TDemoFilesPreparation = {
  /** Resolves with the files once they are all written; rejects when the thread fails or is stopped. */
  ready: Promise<TDemoFiles>;
  /** Ends the thread if it is still writing (a stop during the first start); the next start writes them again. */
  stop(): Promise<void>;
};

/**
 * `ensureDemoFiles` on a thread of its own: writing the spreadsheets takes a few seconds of CPU on the first start,
 * which then runs beside the start of PostgreSQL, the migrations and the seed instead of adding to them.
 */
export function prepareDemoFiles(options: { dataDir: string; log?: (line: string) => void }): TDemoFilesPreparation {
  // The search index's boot file registers tsx in the thread, so the entry may be TypeScript.
  const worker = new Worker(new URL('../search/index/worker-boot.mjs', import.meta.url), {
    workerData: { entry: new URL('./demo-files-worker.ts', import.meta.url).href, dataDir: options.dataDir },
  });
  let isDone = false;
  const ready = new Promise<TDemoFiles>((resolve, reject) => {
    let result: TDemoFiles | null = null;
    worker.on('message', (message: { log: string } | { files: TDemoFiles }) => {
      if ('log' in message) options.log?.(message.log);
      else result = message.files;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      isDone = true;
      if (result) resolve(result);
      else reject(new Error(`the demo files could not be written (thread exited with code ${code})`));
    });
  });
  // Callers may never wait for it (a start that failed before); the failure is theirs to report when they do.
  ready.catch(() => {});
  return {
    ready,
    async stop() {
      if (!isDone) await worker.terminate();
    },
  };
}
