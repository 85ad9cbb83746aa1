import type { Database, Statement } from 'better-sqlite3';
import { foldWord } from './split-words';
import { typoDistance } from './typo-distance';

// The vocabulary behind typo correction, as Meilisearch and Algolia tolerate typos: one in a word of at least
// 5 letters, two from 9 letters; an inserted, dropped or replaced letter or two neighbouring letters swapped is
// one typo. Words are looked up through pieces they must share exactly with the typed word (the pigeonhole
// principle), so a lookup reads a few small buckets instead of the whole vocabulary:
//
// - one typo: a word of length L is cut into two halves at L/2. One typo leaves one half intact, and in place:
//   the first half at the start of the typed word, the second at its end. Only a swap across the cut touches
//   both halves; that word is the typed word with the swap undone, looked up directly.
// - two typos: a word of 7 letters or more is also cut into thirds. Two typos leave one third intact: the first
//   at the start, the last at the end, the middle one shifted by at most two letters.
//
// Each piece is stored as one integer key (a hash of length, piece number and letters) in a WITHOUT ROWID table,
// five rows per word; a hash collision only adds a candidate, and every candidate is checked with `typoDistance`.
// Two swaps across both cuts, or a swap across one cut and another typo in the third piece, escape the thirds:
// a miss on one word in thousands of two-typo words, accepted for a small table.

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
/** Shortest vocabulary word reachable with one typo from a 5-letter word, and with two from a 9-letter one. */
const SHORTEST_ONE_TYPO = 4;
const SHORTEST_TWO_TYPOS = 7;
/** Keys looked up per word: 3 lengths x 2 halves, then 5 lengths x (first, last, 5 middle thirds). */
const LOOKUP_KEYS = 6 + 5 * 7;
const INSERT_BATCH = 64;

/** A 52-bit hash of a piece: two 32-bit FNV-1a passes with different seeds, exact in a JavaScript number. */
function pieceKey(length: number, piece: number, letters: string): number {
  let h1 = (0x811c9dc5 ^ (length * 8 + piece)) >>> 0;
  let h2 = (0x01000193 ^ (length * 131 + piece * 7 + 0x9e3779b9)) >>> 0;
  for (let i = 0; i < letters.length; i++) {
    const code = letters.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 0x01000193);
    h2 = Math.imul(h2 ^ code, 0x5bd1e995);
    h2 ^= h2 >>> 15;
  }
  return (h1 >>> 0) * 0x100000 + ((h2 >>> 0) & 0xfffff);
}

const half = (length: number) => length >> 1;
const firstThird = (length: number) => Math.floor(length / 3);
const secondThird = (length: number) => Math.floor((2 * length) / 3);

/** The keys a vocabulary word is stored under: its halves, and its thirds when it is long enough for two typos. */
function storedKeys(word: string): number[] {
  const length = word.length;
  if (length < SHORTEST_ONE_TYPO) return [];
  const keys = [pieceKey(length, 0, word.slice(0, half(length))), pieceKey(length, 1, word.slice(half(length)))];
  if (length >= SHORTEST_TWO_TYPOS) {
    const cut1 = firstThird(length);
    const cut2 = secondThird(length);
    keys.push(
      pieceKey(length, 2, word.slice(0, cut1)),
      pieceKey(length, 3, word.slice(cut1, cut2)),
      pieceKey(length, 4, word.slice(cut2)),
    );
  }
  return [...new Set(keys)];
}

/** The keys under which a word within `budget` typos of the typed word must be stored. */
function lookupKeys(typed: string, budget: number): number[] {
  const n = typed.length;
  const keys: number[] = [];
  for (let length = n - 1; length <= n + 1; length++) {
    if (length < SHORTEST_ONE_TYPO) continue;
    keys.push(pieceKey(length, 0, typed.slice(0, half(length))));
    keys.push(pieceKey(length, 1, typed.slice(n - (length - half(length)))));
  }
  if (budget < 2) return keys;
  for (let length = n - 2; length <= n + 2; length++) {
    if (length < SHORTEST_TWO_TYPOS) continue;
    const cut1 = firstThird(length);
    const cut2 = secondThird(length);
    keys.push(pieceKey(length, 2, typed.slice(0, cut1)));
    keys.push(pieceKey(length, 4, typed.slice(n - (length - cut2))));
    for (let shift = -2; shift <= 2; shift++) {
      const start = cut1 + shift;
      const end = start + cut2 - cut1;
      if (start >= 0 && end <= n) keys.push(pieceKey(length, 3, typed.slice(start, end)));
    }
  }
  return keys;
}

/** The typed word with two letters swapped back where a swap across the halves' cut would have put them. */
function unswappedAtCut(typed: string): string {
  const cut = half(typed.length);
  return `${typed.slice(0, cut - 1)}${typed[cut]}${typed[cut - 1]}${typed.slice(cut + 1)}`;
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
  candidates: Statement<number[], { word: string; documents: number }>;
  documents: Statement<[string], { documents: number }>;
};

const statementsByDatabase = new WeakMap<Database, TStatements>();

function statements(db: Database): TStatements {
  let prepared = statementsByDatabase.get(db);
  if (prepared) return prepared;
  const keyRows = Array.from({ length: INSERT_BATCH }, () => '(?, ?)').join(', ');
  const keyParameters = Array.from({ length: LOOKUP_KEYS }, () => '?').join(', ');
  prepared = {
    find: db.prepare('select id, documents from vocab_words where word = ?'),
    insertWord: db.prepare('insert into vocab_words (word, documents) values (?, ?)'),
    setDocuments: db.prepare('update vocab_words set documents = ? where id = ?'),
    deleteWord: db.prepare('delete from vocab_words where id = ?'),
    insertKeys: db.prepare(`insert or ignore into vocab_keys (key, word_id) values ${keyRows}`),
    insertKey: db.prepare('insert or ignore into vocab_keys (key, word_id) values (?, ?)'),
    deleteKey: db.prepare('delete from vocab_keys where key = ? and word_id = ?'),
    has: db.prepare('select 1 as found from vocab_words where word = ?'),
    candidates: db.prepare(
      `select distinct w.word, w.documents from vocab_keys k join vocab_words w on w.id = k.word_id where k.key in (${keyParameters})`,
    ),
    documents: db.prepare('select documents from vocab_words where word = ?'),
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
    const order = Array.from(newKeys.keys()).sort((a, b) => newKeys[a]! - newKeys[b]! || newIds[a]! - newIds[b]!);
    const batch: number[] = [];
    let row = 0;
    for (; row + INSERT_BATCH <= order.length; row += INSERT_BATCH) {
      batch.length = 0;
      for (let i = row; i < row + INSERT_BATCH; i++) batch.push(newKeys[order[i]!]!, newIds[order[i]!]!);
      sql.insertKeys.run(...batch);
    }
    for (; row < order.length; row++) sql.insertKey.run(newKeys[order[row]!]!, newIds[order[row]!]!);
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
  if (budget === 0 || !CORRECTABLE.test(typed)) return [];
  const sql = statements(db);
  if (sql.has.get(typed)) return [];
  const keys = lookupKeys(typed, budget);
  // Unused parameters repeat a key: the statement keeps one shape and is prepared once.
  while (keys.length < LOOKUP_KEYS) keys.push(keys[0]!);
  const corrections: TCorrection[] = [];
  for (const candidate of sql.candidates.all(...keys)) {
    const distance = typoDistance(typed, candidate.word, budget);
    if (distance <= budget) corrections.push({ word: candidate.word, distance, documents: candidate.documents });
  }
  const swapped = unswappedAtCut(typed);
  if (!corrections.some((correction) => correction.word === swapped)) {
    const found = sql.documents.get(swapped);
    if (found) corrections.push({ word: swapped, distance: 1, documents: found.documents });
  }
  return corrections
    .sort(
      (a, b) =>
        a.distance - b.distance || b.documents - a.documents || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0),
    )
    .slice(0, limit);
}
