import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runScript } from '../../test/run-cli';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('createWorkerPool', () => {
  it('lets a command line tool exit when its work is done: an idle thread does not keep the process alive', async () => {
    // Before, the thread's message listener referenced it again, and the process waited for the idle thread to
    // end (a minute) before it exited; this test then ran into its time limit. While the task runs, the thread
    // keeps the process alive: the answer comes.
    const { code, output } = await runScript(path.join(here, 'test-fixtures', 'run-echo.ts'));
    expect(output).toContain('answered hello');
    expect(code).toBe(0);
  }, 20_000);
});
