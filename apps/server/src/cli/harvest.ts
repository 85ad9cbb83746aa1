// `npm run harvest -- add|list|run|remove`: manages the catalogue's harvest sources in the database the
// server uses (DATABASE_URL, the running server's embedded PostgreSQL, or the embedded one in DATA_DIR).
// `run` shows a progress bar on a terminal and one JSON line per event otherwise. Bad arguments exit
// with 2, a failed run or another failure with 1.
import path from 'node:path';
import { HARVEST_FORMATS, type THarvestFormat, ZHarvestSourceCreateRequest } from '@dsm/contracts';
import cliProgress from 'cli-progress';
import type { TConfig } from '../config/config';
import { addSource } from '../modules/harvest/add-source';
import { configureHarvestLocations } from '../modules/harvest/harvest-location-policy';
import { listSources } from '../modules/harvest/list-sources';
import { removeSource } from '../modules/harvest/remove-source';
import { runHarvest, type THarvestLogEvent } from '../modules/harvest/run-harvest';
import { DATABASE_TOOL_OPTIONS, withCliDatabase } from './cli-database';
import { parseCliArgs, printLine, runCliTool, UsageError } from './cli-tool';

const USAGE = `Usage: npm run harvest -- <command> [options]

  add --name NAME --location URL|FILE --format FORMAT [--schedule CRON]
                      register a source; FORMAT is one of ${HARVEST_FORMATS.join(', ')}
  list                the sources with their last run
  run NAME|ID         harvest a source now (an interrupted run is resumed)
  remove NAME|ID      remove a source; its offers leave the catalogue (soft delete)

  --database-url URL  PostgreSQL to use (default: DATABASE_URL, else the embedded one in DATA_DIR)`;

type TCommand =
  | { name: 'add'; source: { name: string; location: string; format: THarvestFormat; schedule: string | null } }
  | { name: 'list' }
  | { name: 'run' | 'remove'; source: string };

function parseCommand(argv: string[]): { command: TCommand; databaseUrl: string | null } | 'help' {
  const { values, positionals } = parseCliArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      location: { type: 'string' },
      format: { type: 'string' },
      schedule: { type: 'string' },
      ...DATABASE_TOOL_OPTIONS,
    },
  });
  if (values.help || positionals.length === 0) return 'help';
  const databaseUrl = typeof values['database-url'] === 'string' ? values['database-url'] : null;
  const [name, target] = positionals;
  if (name === 'list') return { command: { name }, databaseUrl };
  if (name === 'run' || name === 'remove') {
    if (!target) throw new UsageError(`${name} needs the source's name or id`);
    return { command: { name, source: target }, databaseUrl };
  }
  if (name === 'add') {
    const location = typeof values.location === 'string' ? values.location : '';
    const request = ZHarvestSourceCreateRequest.safeParse({
      name: values.name,
      // A file is stored with its absolute path, so the server finds it whatever its working folder.
      location: /^https?:\/\//i.test(location) || location === '' ? location : path.resolve(location),
      format: values.format,
      schedule: values.schedule ?? null,
    });
    if (!request.success) {
      throw new UsageError(
        request.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'),
      );
    }
    return { command: { name, source: { ...request.data, schedule: request.data.schedule ?? null } }, databaseUrl };
  }
  throw new UsageError(`Unknown command ${name}`);
}

const count = (value: number): string => value.toLocaleString('en-US');

function reporter(): { onEvent: (event: THarvestLogEvent) => void; stop: () => void } {
  if (!process.stdout.isTTY) {
    return {
      onEvent: (event) => process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), ...event })}\n`),
      stop: () => {},
    };
  }
  const started = performance.now();
  const bar = new cliProgress.SingleBar(
    {
      format:
        'Harvesting {value} records | {rate} records/s | created {created} updated {updated} unchanged {unchanged} failed {failed}',
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(0, 0, { rate: '0', created: 0, updated: 0, unchanged: 0, failed: 0 });
  return {
    onEvent: (event) => {
      if (event.event === 'progress') {
        const rate = Math.round(event.processed / Math.max(0.001, (performance.now() - started) / 1000));
        bar.setTotal(event.processed);
        bar.update(event.processed, { rate: count(rate), ...event.counts });
      } else if (event.event === 'record-failed') {
        bar.stop();
        process.stderr.write(`skipped ${event.identifier ?? '(no identifier)'}: ${event.reason}\n`);
        bar.start(0, 0);
      } else {
        process.stderr.write(`retry ${event.attempt}: ${event.reason}\n`);
      }
    },
    stop: () => bar.stop(),
  };
}

async function execute(command: TCommand, databaseUrl: string | null, config: TConfig): Promise<number> {
  // Whoever runs the command line can read the files anyway; addresses follow the server's rule.
  configureHarvestLocations({ allowedHosts: config.harvest.allowedHosts, files: 'anywhere' });
  // A harvest writes three batches at once and looks up the next one's stored records meanwhile.
  const options = {
    config,
    databaseUrl: databaseUrl ?? undefined,
    maxConnections: 4,
    applicationName: 'dsm-harvest',
    log: () => {},
  };
  return withCliDatabase(options, async ({ db }) => {
    if (command.name === 'add') {
      const source = await addSource(db, command.source);
      printLine(`Added ${source.name} (${source.id}). Scheduled runs start with the server.`);
    } else if (command.name === 'list') {
      const sources = await listSources(db);
      if (sources.length === 0) printLine('No harvest sources yet: npm run harvest -- add --help');
      for (const source of sources) {
        const counts = source.lastCounts
          ? Object.entries(source.lastCounts)
              .map(([key, value]) => `${key} ${value}`)
              .join(', ')
          : 'never run';
        printLine(
          `${source.name}\t${source.format}\t${source.location}\t${source.schedule ?? 'on demand'}\t${source.lastStatus ?? '-'}\t${counts}${source.lastError ? `\t${source.lastError}` : ''}`,
        );
      }
    } else if (command.name === 'remove') {
      await removeSource(db, command.source);
      printLine(`Removed ${command.source}; its offers left the catalogue.`);
    } else {
      const progress = reporter();
      const started = performance.now();
      const run = await runHarvest({ db, source: command.source, onEvent: progress.onEvent }).finally(() =>
        progress.stop(),
      );
      const seconds = (performance.now() - started) / 1000;
      const c = run.counts;
      printLine(
        `${run.status === 'succeeded' ? 'Harvested' : 'Stopped'} ${command.source}${run.isResumed ? ' (resumed)' : ''} in ${seconds.toFixed(1)} s: ` +
          `created ${count(c.created)}, updated ${count(c.updated)}, unchanged ${count(c.unchanged)}, removed ${count(c.removed)}, ` +
          `failed ${count(c.failed)}, duplicates ${count(c.duplicates)}, identifier collisions ${count(c.identifierCollisions)}`,
      );
      if (run.error) {
        process.stderr.write(`${run.error}\nRun the same command again to resume.\n`);
        return 1;
      }
    }
    return 0;
  });
}

runCliTool({
  usage: USAGE,
  parse: parseCommand,
  run: (args, config) => execute(args.command, args.databaseUrl, config),
  failure: 'Harvest failed',
});
