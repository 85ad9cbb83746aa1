import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFixtureCatalogues } from '../../test/fixture-catalogue';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { scanText, type TToken } from './scan-text';

let database: TTestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** PostgreSQL's default parser's tokens of each text, blanks and tags left out. */
async function parsedByPostgres(texts: readonly string[]): Promise<TToken[][]> {
  const result = await database.pool.query<{ i: string; alias: string; token: string }>(
    `select t.i, tt.alias, p.token
       from unnest($1::text[]) with ordinality as t(text, i),
            ts_parse('default', t.text) with ordinality as p(tokid, token, n),
            ts_token_type('default') as tt
      where tt.tokid = p.tokid and tt.alias not in ('blank', 'tag')
      order by t.i, p.n`,
    [texts],
  );
  const tokens: TToken[][] = texts.map(() => []);
  for (const row of result.rows)
    tokens[Number(row.i) - 1]!.push({ type: row.alias as TToken['type'], text: row.token });
  return tokens;
}

/** The scanner's tokens of the texts it splits itself; undefined where it leaves any chunk to PostgreSQL. */
function scannedTokens(text: string): TToken[] | undefined {
  const pieces = scanText(text);
  if (!pieces || pieces.some((piece) => 'chunk' in piece)) return undefined;
  return pieces as TToken[];
}

// Characters of every class the scanner tells apart, and some it leaves to PostgreSQL.
const ALPHABET = [
  ...'aZq',
  ...'07',
  ...'éÜßłŒ',
  ...'漢字台灣あカ한',
  ...'.:-',
  ...'()[]{}"\',;!?*%',
  ...'’“—–•…«»·°©§≥、。，：「」（）',
  ...'/@_&~+=#$\\|<>^`',
  ...'²ªＡ１ー・',
];

/** A small deterministic generator, so a failure can be reproduced. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

describe('scanText', () => {
  it('splits random chunks exactly as PostgreSQL does, wherever it splits them itself', async () => {
    const next = random(20261124);
    const chunks = new Set<string>();
    // One to three chunks, so that each shape is also seen after whitespace and before another chunk.
    while (chunks.size < 40_000) {
      const count = 1 + Math.floor(next() * 3);
      const parts: string[] = [];
      for (let c = 0; c < count; c++) {
        const length = 1 + Math.floor(next() * 6);
        let chunk = '';
        for (let i = 0; i < length; i++) chunk += ALPHABET[Math.floor(next() * ALPHABET.length)];
        parts.push(chunk);
      }
      chunks.add((next() < 0.2 ? ' ' : '') + parts.join(next() < 0.5 ? ' ' : '\n'));
    }
    const texts = [...chunks];
    const expected = await parsedByPostgres(texts);
    const mismatches: string[] = [];
    let scanned = 0;
    let multiChunk = 0;
    texts.forEach((text, i) => {
      const tokens = scannedTokens(text);
      if (!tokens) return;
      if (text.trim().split(/\s+/).length > 1) multiChunk++;
      scanned++;
      if (JSON.stringify(tokens) !== JSON.stringify(expected[i]))
        mismatches.push(`${JSON.stringify(text)}: ${JSON.stringify(tokens)} != ${JSON.stringify(expected[i])}`);
    });
    expect(mismatches.slice(0, 20)).toEqual([]);
    // The scanner must take on a good share, or it saves PostgreSQL nothing.
    expect(scanned).toBeGreaterThan(3_000);
    expect(multiChunk).toBeGreaterThan(500);
  });

  it('splits the fixture catalogues exactly as PostgreSQL does, chunks it leaves included', async () => {
    const texts = (await readFixtureCatalogues()).flatMap((r) => [r.title, r.keywords.join(' '), r.description]);
    const expected = await parsedByPostgres(texts);
    const pieces = texts.map(scanText);
    const chunks = [...new Set(pieces.flatMap((list) => (list ?? []).flatMap((p) => ('chunk' in p ? [p.chunk] : []))))];
    const chunkTokens = new Map((await parsedByPostgres(chunks)).map((tokens, i) => [chunks[i]!, tokens]));
    const mismatches: string[] = [];
    let tokenCount = 0;
    let fromChunks = 0;
    texts.forEach((text, i) => {
      const list = pieces[i];
      if (!list) return;
      const tokens = list.flatMap((piece) => ('chunk' in piece ? chunkTokens.get(piece.chunk)! : [piece]));
      tokenCount += tokens.length;
      fromChunks += list.filter((piece) => 'chunk' in piece).length;
      const at = tokens.findIndex((token, n) => JSON.stringify(token) !== JSON.stringify(expected[i]![n]));
      if (at >= 0 || tokens.length !== expected[i]!.length)
        mismatches.push(
          `${JSON.stringify(tokens.slice(at, at + 3))} != ${JSON.stringify(expected[i]!.slice(at, at + 3))}`,
        );
    });
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(fromChunks / tokenCount).toBeLessThan(0.1);
  });
});
