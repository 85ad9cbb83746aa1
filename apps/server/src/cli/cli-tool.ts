import { type ParseArgsConfig, parseArgs } from 'node:util';
import { ConfigError, loadConfig, type TConfig } from '../config/config';

/** Prints a line of a tool's output. */
export const printLine = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

/** A command line the tool cannot run: the message is shown with the usage. */
export class UsageError extends Error {}

/**
 * Parses the command line and loads the configuration; on a usage or configuration error it
 * prints the reason (and the usage) and exits with 2, and on `--help` prints the usage and
 * answers null.
 */
export function startCliTool<TArguments>(options: {
  usage: string;
  parse: (argv: string[]) => TArguments | 'help';
}): { args: TArguments; config: TConfig } | null {
  let args: TArguments | 'help';
  let config: TConfig;
  try {
    args = options.parse(process.argv.slice(2));
    config = loadConfig();
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n${error instanceof UsageError ? `${options.usage}\n` : ''}`);
      process.exit(2);
    }
    throw error;
  }
  if (args === 'help') {
    process.stdout.write(`${options.usage}\n`);
    return null;
  }
  return { args, config };
}

/**
 * Runs a command line tool: reads its command line and configuration as startCliTool does, runs it, and exits
 * with the code it answers (0 when none). A failure is printed after `failure` ("Backup failed") and exits with 1.
 */
export function runCliTool<TArguments>(options: {
  usage: string;
  parse: (argv: string[]) => TArguments | 'help';
  /** What failed, shown before the error's message; a function picks it by the error. */
  failure: string | ((error: unknown) => string);
  /** Answers the exit code, or nothing for 0. */
  run: (args: TArguments, config: TConfig) => Promise<unknown>;
}): void {
  const running = async () => {
    const invocation = startCliTool(options);
    return invocation ? options.run(invocation.args, invocation.config) : 0;
  };
  running().then(
    (code) => process.exit(typeof code === 'number' ? code : 0),
    (error: unknown) => {
      const failure = typeof options.failure === 'string' ? options.failure : options.failure(error);
      process.stderr.write(`${failure}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}

/**
 * Node's `parseArgs` for a tool's command line (strict by default: unknown options are refused); a line it
 * cannot read becomes a UsageError, shown with the usage.
 */
export function parseCliArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
