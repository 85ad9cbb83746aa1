// `npm run seed -- --datasets 1000000 [--database-url URL] [--reset]`: loads the demo catalogue into the
// database the server would use (DATABASE_URL, or the embedded PostgreSQL in DATA_DIR), with a progress
// bar on a terminal and plain lines otherwise. Bad arguments exit with 2, failures with 1.
import cliProgress from 'cli-progress';
import type { TConfig } from '../config/config';
import { createDatabase, migrateToLatest, type TDatabaseHandle } from '../db/database';
import type { TEmbeddedPostgres } from '../db/embedded-postgres';
import { countOffers, deleteAllOffers } from '../modules/catalogue/empty-catalogue';
import { seedCatalogue } from '../modules/catalogue/seed-catalogue';
import { JUDGED_OFFERS } from '../modules/search/search';
import { openEmbeddedDatabase } from '../server';
import { DATABASE_TOOL_OPTIONS, databaseUrlOption } from './cli-database';
import { parseCliArgs, printLine, runCliTool, UsageError } from './cli-tool';

const USAGE = `Usage: npm run seed -- [--datasets N] [--database-url URL] [--reset] [--seed N]
                       [--batch-size N] [--concurrency N]

  --datasets N        offers to load, the judged demo offers included (default: SEED_DATASETS, 20000)
  --database-url URL  PostgreSQL to load into (default: DATABASE_URL, else the embedded one in DATA_DIR)
  --reset             delete the offers already there first (otherwise a catalogue with offers is kept)
  --seed N            seed of the generated offers (default 1)
  --batch-size N      offers per transaction (default 10000)
  --concurrency N     batches loading at once (default 2)`;

type TArguments = {
  datasets: number | null;
  databaseUrl: string | null;
  reset: boolean;
  seed: number;
  batchSize: number | null;
  concurrency: number | null;
};

function positiveInteger(name: string, value: string | undefined, max: number): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new UsageError(`--${name} must be a positive integer`);
  const parsed = Number(value);
  if (parsed > max) throw new UsageError(`--${name} must be at most ${max.toLocaleString('en-US')}`);
  return parsed;
}

/** Reads the command line; throws UsageError with one line saying what is wrong. */
function parseSeedArguments(argv: string[]): TArguments | 'help' {
  const { values } = parseCliArgs({
    args: argv,
    options: {
      datasets: { type: 'string' },
      reset: { type: 'boolean', default: false },
      seed: { type: 'string' },
      'batch-size': { type: 'string' },
      concurrency: { type: 'string' },
      ...DATABASE_TOOL_OPTIONS,
    },
  });
  if (values.help) return 'help';
  return {
    datasets: positiveInteger('datasets', values.datasets, 100_000_000),
    databaseUrl: databaseUrlOption(values['database-url']) ?? null,
    reset: values.reset === true,
    seed: positiveInteger('seed', values.seed, 2 ** 31) ?? 1,
    batchSize: positiveInteger('batch-size', values['batch-size'], 1_000_000),
    concurrency: positiveInteger('concurrency', values.concurrency, 16),
  };
}

const count = (value: number): string => value.toLocaleString('en-US');

type TProgress = { update(loaded: number): void; stop(): void };

function progressReporter(total: number, started: number): TProgress {
  const rate = (loaded: number) => Math.round(loaded / Math.max(0.001, (performance.now() - started) / 1000));
  if (process.stdout.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: 'Seeding |{bar}| {percentage}% | {value}/{total} offers | {rate} offers/s | ETA {eta_formatted}',
        formatValue: (value, _options, type) => (type === 'value' || type === 'total' ? count(value) : String(value)),
        hideCursor: true,
        etaBuffer: 20,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { rate: '0' });
    return {
      update: (loaded) => bar.update(loaded, { rate: count(rate(loaded)) }),
      stop: () => bar.stop(),
    };
  }
  let lastShown = 0;
  let lastShownAt = performance.now();
  return {
    update: (loaded) => {
      const isStep = loaded - lastShown >= total / 10 || performance.now() - lastShownAt >= 10_000;
      if (!isStep && loaded !== total) return;
      lastShown = loaded;
      lastShownAt = performance.now();
      process.stdout.write(`Seeded ${count(loaded)} / ${count(total)} offers (${count(rate(loaded))} offers/s)\n`);
    },
    stop: () => {},
  };
}

async function run(args: TArguments, config: TConfig): Promise<void> {
  const datasets = args.datasets ?? config.seedDatasets;
  let opened: { embedded: TEmbeddedPostgres; url: string } | null = null;
  let database: TDatabaseHandle | null = null;
  const cleanUp = async () => {
    await database?.close().catch(() => {});
    await opened?.embedded.stop().catch(() => {});
  };
  process.once('SIGINT', () => {
    process.stderr.write('\nInterrupted: stopping the database...\n');
    void cleanUp().finally(() => process.exit(130));
  });
  try {
    opened = await openEmbeddedDatabase({ ...config, databaseUrl: args.databaseUrl ?? config.databaseUrl }, printLine);
    const url = opened?.url ?? args.databaseUrl ?? config.databaseUrl!;
    const concurrency = args.concurrency ?? 2;
    database = createDatabase({ url, maxConnections: concurrency + 2, applicationName: 'dsm-seed' });
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) printLine(`Applied migrations: ${applied.join(', ')}`);
    if (args.reset) printLine(`Deleted ${count(await deleteAllOffers(database.pool))} offers`);

    const started = performance.now();
    let loadedAt = started;
    const progress = progressReporter(datasets, started);
    let seeded: { offers: number };
    try {
      seeded = await seedCatalogue({
        db: database.db,
        pool: database.pool,
        datasets,
        firstOffers: JUDGED_OFFERS,
        seed: args.seed,
        ...(args.batchSize ? { batchSize: args.batchSize } : {}),
        concurrency,
        onProgress: (loaded) => {
          progress.update(loaded);
          loadedAt = performance.now();
        },
      });
    } finally {
      progress.stop();
    }
    const finished = performance.now();
    if (seeded.offers === 0) {
      printLine(
        `The catalogue already holds ${count(await countOffers(database.pool))} offers; nothing loaded (--reset replaces them).`,
      );
      return;
    }
    const loadSeconds = (loadedAt - started) / 1000;
    printLine(
      `Loaded ${count(seeded.offers)} offers in ${loadSeconds.toFixed(1)} s ` +
        `(${count(Math.round(seeded.offers / Math.max(loadSeconds, 0.001)))} offers/s); ` +
        `index clean-up and analyze ${((finished - loadedAt) / 1000).toFixed(1)} s; ` +
        `total ${((finished - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await cleanUp();
  }
}

runCliTool({ usage: USAGE, parse: parseSeedArguments, run, failure: 'Seeding failed' });
