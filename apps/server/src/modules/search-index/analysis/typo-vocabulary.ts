// Placeholder until the measured vocabulary lands: exact lookups and a scan of words of similar length.
import type { Database } from 'better-sqlite3';

export function createVocabularySchema(db: Database): void {
  db.exec('create table if not exists vocab_words (word text primary key, documents integer not null) without rowid');
}

export function addWords(db: Database, counts: Iterable<[string, number]>): void {
  const add = db.prepare(
    'insert into vocab_words (word, documents) values (?, ?) on conflict (word) do update set documents = documents + excluded.documents',
  );
  for (const [word, count] of counts) if (/^\p{Script=Latin}+$/u.test(word)) add.run(word, count);
}

export function hasWord(db: Database, word: string): boolean {
  return db.prepare('select 1 from vocab_words where word = ?').get(word) !== undefined;
}

function distance(a: string, b: string): number {
  const width = b.length + 1;
  const d = new Int32Array((a.length + 1) * width);
  for (let i = 0; i <= a.length; i++) d[i * width] = i;
  for (let j = 0; j <= b.length; j++) d[j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[(i - 1) * width + j]! + 1, d[i * width + j - 1]! + 1, d[(i - 1) * width + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, d[(i - 2) * width + j - 2]! + 1);
      d[i * width + j] = value;
    }
  return d[a.length * width + b.length]!;
}

export function findCorrections(db: Database, word: string, limit = 3) {
  if (word.length < 5 || !/^\p{Script=Latin}+$/u.test(word) || hasWord(db, word)) return [];
  const max = word.length >= 9 ? 2 : 1;
  const rows = db
    .prepare('select word, documents from vocab_words where length(word) between ? and ?')
    .all(word.length - max, word.length + max) as { word: string; documents: number }[];
  return rows
    .map((row) => ({ word: row.word, distance: distance(word, row.word), documents: row.documents }))
    .filter((row) => row.distance <= max)
    .sort((a, b) => a.distance - b.distance || b.documents - a.documents)
    .slice(0, limit);
}
