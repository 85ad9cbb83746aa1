import { createWorkerPool } from '../worker-pool';

// A command line tool that uses the pool once and then has nothing left to do: it must exit on its own.
const pool = createWorkerPool({ entry: new URL('./echo-task.ts', import.meta.url), size: 1, name: 'echo' });
const answer = await pool.run<{ word: string }>({ word: 'hello' });
process.stdout.write(`answered ${answer.word}\n`);
