// `npm run eval:search [-- --sample 500 --seed 1 --demo 5000 --json]`: the known-item evaluation of the catalogue
// search. Loads the two real catalogues of ../shared/fixtures/catalog through the harvest and the demo catalogue
// through its seed into a fresh embedded PostgreSQL, samples `--sample` distinct titles per source, searches each
// as it is, with one typo and as a three-word fragment, plus the hand-written natural queries and the judged
// relevance queries, all through the product's searchOffers, and prints hit@10, MRR@10 and the zero-result rate
// per query class and source as a Markdown table (or everything, each query's outcome included, as JSON).
// The evaluation itself lives in apps/server/src/modules/search/evaluation, shared with its regression test.

import { parseArgs } from 'node:util';
import { createDatabase, migrateToLatest } from '../apps/server/src/db/database';
import { configureHarvestLocations } from '../apps/server/src/modules/harvest/harvest-location-policy';
import { evaluateSearch, formatEvaluationTable } from '../apps/server/src/modules/search/evaluation/evaluate-search';
import {
  DEFAULT_DEMO_OFFERS,
  loadEvaluationCorpus,
} from '../apps/server/src/modules/search/evaluation/load-evaluation-corpus';
import { openTemporarySearchIndex } from '../apps/server/src/modules/search/index/open-temporary-search-index';
import { machineLine, openScratchDatabase } from './lib/bench-server';
import { numberOption } from './lib/number-option';

// The fixture catalogues are harvested from local files, as the command line does.
configureHarvestLocations({ allowedHosts: [], files: 'anywhere' });

const { values: args } = parseArgs({
  options: {
    sample: { type: 'string', default: '500' },
    seed: { type: 'string', default: '1' },
    demo: { type: 'string', default: String(DEFAULT_DEMO_OFFERS) },
    json: { type: 'boolean', default: false },
  },
});
const sample = numberOption(args, 'sample', { min: 1 });
const seed = Number(args.seed);
const demo = numberOption(args, 'demo', { min: 0 });
if (!Number.isInteger(seed)) throw new Error('--seed must be an integer');

const log = (line: string) => process.stderr.write(`${line}\n`);
const scratch = await openScratchDatabase({ name: 'dsm_eval_search', prefix: 'dsm-eval-search-' });
try {
  const database = createDatabase({
    url: scratch.url,
    maxConnections: 4,
    applicationName: 'dsm-eval-search',
  });
  try {
    await migrateToLatest(database.db);
    const loadStarted = performance.now();
    const corpus = await loadEvaluationCorpus({ db: database.db, pool: database.pool, demoOffers: demo });
    log(
      `corpus: ${Object.entries(corpus)
        .map(([source, offers]) => `${source} ${offers}`)
        .join(', ')} offers, loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`,
    );
    const indexStarted = performance.now();
    const searchIndex = await openTemporarySearchIndex(database);
    log(`search index built in ${((performance.now() - indexStarted) / 1000).toFixed(1)} s`);
    const started = performance.now();
    let shown = 0;
    const { rows, outcomes } = await evaluateSearch({
      db: database.db,
      searchIndex,
      sample,
      seed,
      onProgress: (done, of) => {
        if (done - shown >= of / 10 || done === of) {
          shown = done;
          log(`  ${done} / ${of} queries`);
        }
      },
    });
    const seconds = (performance.now() - started) / 1000;
    if (args.json) {
      process.stdout.write(
        `${JSON.stringify({ sample, seed, demo, corpus, machine: machineLine(), seconds, rows, outcomes }, null, 2)}\n`,
      );
    } else {
      process.stdout.write(
        `\n\`npm run eval:search -- --sample ${sample} --seed ${seed} --demo ${demo}\`: ${outcomes.length} queries in ${seconds.toFixed(0)} s\n`,
      );
      process.stdout.write(
        `Corpus: ${corpus.cdc} data.cdc.gov, ${corpus.depositar} depositar, ${corpus.demo} demo offers. ${machineLine()}\n\n`,
      );
      process.stdout.write(formatEvaluationTable(rows));
    }
    await searchIndex.remove();
  } finally {
    await database.close();
  }
} finally {
  await scratch.stop();
}
