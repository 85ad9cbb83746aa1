import type { Database, Statement } from 'better-sqlite3';
import { foldWord } from './split-words';
import { typoDistance } from './typo-distance';

// The vocabulary behind typo correction, as Meilisearch and Algolia tolerate typos: one in a word of at least
// 5 letters, two from 9 letters; an inserted, dropped or replaced letter or two neighbouring letters swapped is
// one typo. Lookups use symmetric deletion (SymSpell): every word of 4 letters or more is stored under itself
// and under each spelling with one letter dropped; a typed word is looked up under the same keys, so a word one
// typo away always shares a key with it (a replacement or a swap drops the same letter on both sides), and
// buckets hold only words that nearly agree, however dense the vocabulary (series of generated names, German
// compounds). Keys are 32-bit hashes in a WITHOUT ROWID table; a collision only adds a candidate, and every
// candidate is checked with `typoDistance`.
//
// Two typos: the typed word is also looked up with two letters dropped, and with each swap of neighbours undone
// (then as for one typo). That finds every word two typos away in which one typo is a letter too many in the
// typed word or a swap; two dropped or replaced letters, or one of each, would need every word stored with two
// letters dropped as well, about 50 rows per long word (tens of millions at a real vocabulary), far beyond the
// size this table is worth. Words found one typo away rank before them: when there is one, words two typos
// away are not looked for.

/** One candidate correction of a typed word. */
export type TCorrection = {
  /** The vocabulary word, folded. */
  word: string;
  /** Typos between it and the typed word: 1 or 2. */
  distance: number;
  /** Documents holding the word. */
  documents: number;
};

/** Typos tolerated in a word of this length. */
export function typoBudget(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/** Folded words of Latin letters only: codes, numbers and CJK runs are not corrected. */
const CORRECTABLE = /^\p{Script=Latin}+$/u;
/** Shortest vocabulary word reachable with one typo from a 5-letter word. */
const SHORTEST_STORED = 4;
/** Longer words are neither stored under keys nor corrected (German compounds reach 40 letters and more). */
const LONGEST_CORRECTED = 64;
/** Longer typed words are not looked up two typos away: their spellings two typos away grow with the square. */
const LONGEST_TWO_TYPOS = 24;
/** Longer typed words are not looked up with swaps undone, the more expensive half of those spellings. */
const LONGEST_SWAPS_UNDONE = 16;
/** Keys per lookup statement; a lookup runs it as often as its keys need, the last run padded. */
const LOOKUP_BATCH = 64;
const INSERT_BATCH = 64;

/** A 32-bit FNV-1a hash of a spelling, signed so SQLite stores it in four bytes. */
function spellingKey(letters: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < letters.length; i++) hash = Math.imul(hash ^ letters.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** The spellings of a word with one letter dropped. */
function oneDropped(word: string): string[] {
  const spellings: string[] = [];
  for (let i = 0; i < word.length; i++) spellings.push(word.slice(0, i) + word.slice(i + 1));
  return spellings;
}

/** The keys a vocabulary word is stored under: itself and its spellings with one letter dropped. */
function storedKeys(word: string): number[] {
  if (word.length < SHORTEST_STORED || word.length > LONGEST_CORRECTED) return [];
  return [...new Set([word, ...oneDropped(word)].map(spellingKey))];
}

/** The keys of a typed word's spellings one typo away in the stored keys: itself and with one letter dropped. */
function oneTypoKeys(typed: string): number[] {
  return [...new Set([typed, ...oneDropped(typed)].map(spellingKey))];
}

/**
 * The keys of a typed word's spellings two typos away in the stored keys, less those of `oneTypoKeys`: with two
 * letters dropped (one of the typos was a letter too many), and each swap of neighbours undone, itself and with
 * one letter dropped (one of the typos was a swap; words up to 16 letters).
 */
function twoTypoKeys(typed: string): number[] {
  const spellings = new Set<string>();
  for (const shorter of oneDropped(typed)) for (const shortest of oneDropped(shorter)) spellings.add(shortest);
  for (let i = 0; typed.length <= LONGEST_SWAPS_UNDONE && i + 1 < typed.length; i++) {
    if (typed[i] === typed[i + 1]) continue;
    const unswapped = `${typed.slice(0, i)}${typed[i + 1]}${typed[i]}${typed.slice(i + 2)}`;
    spellings.add(unswapped);
    for (const shorter of oneDropped(unswapped)) spellings.add(shorter);
  }
  const known = new Set(oneTypoKeys(typed));
  return [...new Set([...spellings].map(spellingKey))].filter((key) => !known.has(key));
}

type TStatements = {
  find: Statement<[string], { id: number; documents: number }>;
  insertWord: Statement<[string, number], unknown>;
  setDocuments: Statement<[number, number], unknown>;
  deleteWord: Statement<[number], unknown>;
  insertKeys: Statement<number[], unknown>;
  insertKey: Statement<[number, number], unknown>;
  deleteKey: Statement<[number, number], unknown>;
  has: Statement<[string], { found: number }>;
  candidates: Statement<number[], [string, number]>;
};

const statementsByDatabase = new WeakMap<Database, TStatements>();

function statements(db: Database): TStatements {
  let prepared = statementsByDatabase.get(db);
  if (prepared) return prepared;
  const keyRows = Array.from({ length: INSERT_BATCH }, () => '(?, ?)').join(', ');
  const keyParameters = Array.from({ length: LOOKUP_BATCH }, () => '?').join(', ');
  prepared = {
    find: db.prepare('select id, documents from vocab_words where word = ?'),
    insertWord: db.prepare('insert into vocab_words (word, documents) values (?, ?)'),
    setDocuments: db.prepare('update vocab_words set documents = ? where id = ?'),
    deleteWord: db.prepare('delete from vocab_words where id = ?'),
    insertKeys: db.prepare(`insert or ignore into vocab_keys (key, word_id) values ${keyRows}`),
    insertKey: db.prepare('insert or ignore into vocab_keys (key, word_id) values (?, ?)'),
    deleteKey: db.prepare('delete from vocab_keys where key = ? and word_id = ?'),
    has: db.prepare('select 1 as found from vocab_words where word = ?'),
    candidates: db
      .prepare(
        `select w.word, w.documents from vocab_keys k join vocab_words w on w.id = k.word_id where k.key in (${keyParameters})`,
      )
      .raw() as Statement<number[], [string, number]>,
  };
  statementsByDatabase.set(db, prepared);
  return prepared;
}

/** Creates the vocabulary's tables (`vocab_words`, `vocab_keys`) if they are missing. */
export function createVocabularySchema(db: Database): void {
  db.exec(`
    create table if not exists vocab_words (
      id integer primary key,
      word text not null unique,
      documents integer not null
    );
    create table if not exists vocab_keys (
      key integer not null,
      word_id integer not null,
      primary key (key, word_id)
    ) without rowid;
  `);
}

/** Whether a folded word can be corrected and stored: Latin letters only. */
export function isCorrectableWord(word: string): boolean {
  return CORRECTABLE.test(word);
}

/**
 * Adds document counts to the vocabulary: at a full build with every word's count, and as offers arrive with the
 * counts of their words. Words that are not Latin letters only (codes, numbers, CJK) are skipped. Keys of new
 * words are written sorted, which keeps a full build's B-tree writes sequential.
 */
export function addWords(db: Database, counts: Iterable<[word: string, documentCount: number]>): void {
  const sql = statements(db);
  db.transaction(() => {
    const newKeys: number[] = [];
    const newIds: number[] = [];
    for (const [word, count] of counts) {
      if (count <= 0 || !CORRECTABLE.test(word)) continue;
      const existing = sql.find.get(word);
      if (existing) {
        sql.setDocuments.run(existing.documents + count, existing.id);
        continue;
      }
      const id = Number(sql.insertWord.run(word, count).lastInsertRowid);
      for (const key of storedKeys(word)) {
        newKeys.push(key);
        newIds.push(id);
      }
    }
    // Key and word id packed in one 64-bit number sort natively: a comparator over 12 million rows takes 20 s.
    // The key's sign bit is flipped so unsigned order is SQLite's signed order.
    const rows = new BigUint64Array(newKeys.length);
    for (let i = 0; i < rows.length; i++) {
      rows[i] = (BigInt((newKeys[i]! ^ 0x80000000) >>> 0) << 32n) | BigInt(newIds[i]!);
    }
    rows.sort();
    const keyOf = (row: bigint) => Number(row >> 32n) ^ 0x80000000;
    const idOf = (row: bigint) => Number(row & 0xffffffffn);
    const batch: number[] = [];
    let row = 0;
    for (; row + INSERT_BATCH <= rows.length; row += INSERT_BATCH) {
      batch.length = 0;
      for (let i = row; i < row + INSERT_BATCH; i++) batch.push(keyOf(rows[i]!), idOf(rows[i]!));
      sql.insertKeys.run(...batch);
    }
    for (; row < rows.length; row++) sql.insertKey.run(keyOf(rows[row]!), idOf(rows[row]!));
  })();
}

/** Subtracts document counts, as offers leave or change; a word no document holds any more leaves the vocabulary. */
export function removeWords(db: Database, counts: Iterable<[word: string, documentCount: number]>): void {
  const sql = statements(db);
  db.transaction(() => {
    for (const [word, count] of counts) {
      const existing = sql.find.get(word);
      if (!existing || count <= 0) continue;
      const documents = existing.documents - count;
      if (documents > 0) {
        sql.setDocuments.run(documents, existing.id);
        continue;
      }
      for (const key of storedKeys(word)) sql.deleteKey.run(key, existing.id);
      sql.deleteWord.run(existing.id);
    }
  })();
}

/** Whether some document holds the folded word. */
export function hasWord(db: Database, word: string): boolean {
  return statements(db).has.get(word) !== undefined;
}

/**
 * The vocabulary words the typed word may be a typo of, nearest first, then those in most documents, at most
 * `limit`. Empty when the word is too short for a typo (under 5 letters), is a known word, or is not made of
 * Latin letters.
 */
export function findCorrections(db: Database, word: string, limit = 3): TCorrection[] {
  const typed = foldWord(word.toLowerCase());
  const budget = typoBudget(typed.length);
  if (budget === 0 || typed.length > LONGEST_CORRECTED || !CORRECTABLE.test(typed)) return [];
  const sql = statements(db);
  if (sql.has.get(typed)) return [];
  const found = new Map<string, TCorrection>();
  const collect = (keys: number[]) => {
    for (let start = 0; start < keys.length; start += LOOKUP_BATCH) {
      const batch = keys.slice(start, start + LOOKUP_BATCH);
      // Unused parameters repeat a key: the statement keeps one shape and is prepared once.
      while (batch.length < LOOKUP_BATCH) batch.push(batch[0]!);
      for (const [candidate, documents] of sql.candidates.all(...batch)) {
        if (found.has(candidate)) continue;
        const distance = typoDistance(typed, candidate, budget);
        if (distance <= budget) found.set(candidate, { word: candidate, distance, documents });
      }
    }
  };
  collect(oneTypoKeys(typed));
  // Words two typos away are searched for only when none is one typo away: they would rank after it anyway, and
  // the typed word's spellings two typos away are many (a 16-letter word has about 370).
  const hasOneTypo = [...found.values()].some((correction) => correction.distance === 1);
  if (budget === 2 && !hasOneTypo && typed.length <= LONGEST_TWO_TYPOS) {
    collect(twoTypoKeys(typed));
  }
  const corrections = [...found.values()];
  return corrections
    .sort(
      (a, b) =>
        a.distance - b.distance || b.documents - a.documents || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    )
    .slice(0, limit);
}
