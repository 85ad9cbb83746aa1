import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const cliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../cli');

export type TCliRun = { code: number | null; output: string };

/** Runs a TypeScript file in a Node process of its own (with tsx), with its output (standard and error) as one text. */
export function runScript(
  file: string,
  args: string[] = [],
  env: Record<string, string | undefined> = process.env,
): Promise<TCliRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], { env, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** Runs a command line tool of `src/cli` as `npm run` does, with its output (standard and error) as one text. */
export function runCli(tool: string, args: string[], env: Record<string, string>): Promise<TCliRun> {
  return runScript(path.join(cliDir, `${tool}.ts`), args, {
    ...process.env,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    ...env,
  });
}
