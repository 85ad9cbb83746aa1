// `npx tsx bench/typo-vocabulary.ts [--words 800000] [--lookups 2000] [--seed 1] [--mmap MiB]`: builds the typo vocabulary
// from the realistic corpus's word list (its real German and English words by rank, then the generated tail,
// as the corpus draws them) with Zipf document counts, into a fresh SQLite file, then times lookups of known
// words, words with one typo (at least 5 letters) and with two (at least 9), and says how often the intended
// word came back; CPU time, beside wall time, leaves out the waits of a busy machine. Lookups are timed after as many others have warmed the caches; `--mmap` maps that many MiB of
// the file (SQLite's mmap_size) instead of reading pages through its 2 MiB page cache. Prints a Markdown table.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { mulberry32, type TRandom } from '../apps/server/src/modules/catalogue/generate-offers';
import { splitWords } from '../apps/server/src/modules/search/analysis/split-words';
import {
  addWords,
  createVocabularySchema,
  findCorrections,
  hasWord,
  isCorrectableWord,
  typoBudget,
} from '../apps/server/src/modules/search/analysis/typo-vocabulary';
import { machineLine, percentile } from './lib/bench-server';
import { corpusVocabulary } from './lib/realistic-corpus/corpus-vocabulary';
import { wordAt } from './lib/realistic-corpus/generate-realistic-offers';

const { values: args } = parseArgs({
  options: {
    words: { type: 'string', default: '800000' },
    lookups: { type: 'string', default: '2000' },
    seed: { type: 'string', default: '1' },
    mmap: { type: 'string', default: '0' },
  },
});
const wordTarget = Number(args.words);
const lookupCount = Number(args.lookups);
const random = mulberry32(Number(args.seed));

/** The corpus's words by rank, English and German in turn; the word of rank r is in about N/(r+1) documents. */
function corpusWordCounts(target: number): Map<string, number> {
  const vocabulary = corpusVocabulary();
  const counts = new Map<string, number>();
  for (let rank = 0; counts.size < target; rank++) {
    const documents = Math.max(1, Math.round(target / (rank + 1)));
    for (const language of ['en', 'de'] as const) {
      for (const word of splitWords(wordAt(vocabulary, language, rank))) {
        if (word.isCjk || !isCorrectableWord(word.text)) continue;
        counts.set(word.text, (counts.get(word.text) ?? 0) + documents);
      }
    }
  }
  return counts;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const letter = (rng: TRandom) => LETTERS[Math.floor(rng() * LETTERS.length)]!;

/** One typo at a random place: an insertion, a deletion, a replacement or a swap of neighbours. */
function typo(word: string, rng: TRandom): string {
  const at = Math.floor(rng() * word.length);
  switch (Math.floor(rng() * 4)) {
    case 0:
      return word.slice(0, at) + letter(rng) + word.slice(at);
    case 1:
      return word.slice(0, at) + word.slice(at + 1);
    case 2:
      return word.slice(0, at) + letter(rng) + word.slice(at + 1);
    default: {
      const i = Math.min(at, word.length - 2);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
  }
}

const directory = mkdtempSync(path.join(os.tmpdir(), 'typo-vocabulary-'));
const file = path.join(directory, 'vocabulary.sqlite');
try {
  let started = performance.now();
  const counts = corpusWordCounts(wordTarget);
  const listSeconds = (performance.now() - started) / 1000;

  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma(`mmap_size = ${Number(args.mmap) * 2 ** 20}`);
  started = performance.now();
  createVocabularySchema(db);
  addWords(db, counts);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const buildSeconds = (performance.now() - started) / 1000;
  const keyRows = (db.prepare('select count(*) as n from vocab_keys').get() as { n: number }).n;
  const bytes = statSync(file).size;
  let tables = '';
  try {
    const rows = db
      .prepare(
        "select name, sum(pgsize) as bytes from dbstat where name like 'vocab%' or name like 'sqlite_autoindex_vocab%' group by name",
      )
      .all() as { name: string; bytes: number }[];
    tables = rows.map((row) => `${row.name} ${(row.bytes / 2 ** 20).toFixed(1)} MiB`).join(', ');
  } catch {
    tables = 'dbstat not compiled in';
  }

  const words = [...counts.keys()];
  const pickWord = (minLength: number) => {
    for (;;) {
      const word = words[Math.floor(random() * words.length)]!;
      if (word.length >= minLength) return word;
    }
  };
  const classes = [
    {
      name: 'known word (>= 5 letters)',
      budget: 0,
      make: () => ({ typed: pickWord(5), intended: null as string | null }),
    },
    {
      name: 'one typo (>= 5 letters)',
      budget: 1,
      make: () => {
        const intended = pickWord(5);
        return { typed: typo(intended, random), intended };
      },
    },
    {
      name: 'two typos (>= 9 letters)',
      budget: 2,
      make: () => {
        const intended = pickWord(10);
        return { typed: typo(typo(intended, random), random), intended };
      },
    },
  ];
  const lines = [
    `mmap_size ${args.mmap} MiB. ${counts.size.toLocaleString('en')} words (${keyRows.toLocaleString('en')} key rows): list ${listSeconds.toFixed(1)} s, build ${buildSeconds.toFixed(1)} s, file ${(bytes / 2 ** 20).toFixed(1)} MiB (${tables})`,
    '',
    '| lookup | queries | p50 ms | p99 ms | max ms | CPU p99 ms | intended word returned | returned first |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const queryClass of classes) {
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let asked = 0;
    let returned = 0;
    let first = 0;
    for (let warm = 0; warm < lookupCount; warm++) findCorrections(db, queryClass.make().typed);
    while (times.length < lookupCount) {
      const { typed, intended } = queryClass.make();
      if (intended !== null && (hasWord(db, typed) || typoBudget(typed.length) < queryClass.budget)) continue;
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const corrections = findCorrections(db, typed);
      times.push(performance.now() - start);
      const cpu = process.cpuUsage(cpuStart);
      cpuTimes.push((cpu.user + cpu.system) / 1000);
      if (intended === null) continue;
      asked++;
      if (corrections.some((correction) => correction.word === intended)) returned++;
      if (corrections[0]?.word === intended) first++;
    }
    times.sort((a, b) => a - b);
    cpuTimes.sort((a, b) => a - b);
    const share = (n: number) => (asked === 0 ? '-' : `${((100 * n) / asked).toFixed(1)} %`);
    lines.push(
      `| ${queryClass.name} | ${times.length} | ${percentile(times, 50).toFixed(3)} | ${percentile(times, 99).toFixed(3)} | ${times[times.length - 1]!.toFixed(3)} | ${percentile(cpuTimes, 99).toFixed(3)} | ${share(returned)} | ${share(first)} |`,
    );
  }
  lines.push('', `${machineLine()}, load average ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(lines.join('\n'));
  db.close();
} finally {
  rmSync(directory, { recursive: true, force: true });
}
