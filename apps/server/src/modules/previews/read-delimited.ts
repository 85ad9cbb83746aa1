import { Readable } from 'node:stream';
import { PREVIEW_ROW_LIMIT } from '@dsm/contracts';
import { CsvError, parse } from 'csv-parse';
import { decodeChunks } from './decode-text';
import { PreviewFailure } from './preview-failure';
import type { TSource } from './read-source';
import { type TTable, tableOf } from './table';

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * The delimiter of delimited text from its first lines: the candidate that splits the most lines into as many
 * fields as the first line, with the most fields on a tie. Quoted fields are skipped over, so a comma inside
 * quotes does not count. `preferred` (the tab of a TSV) wins a tie.
 */
export function sniffDelimiter(sample: string, preferred?: string): string {
  const lines = sample
    .replace(/"(?:[^"]|"")*"/g, '""')
    .split(/\r\n|\n|\r/)
    .filter((line) => line.trim() !== '')
    .slice(0, 20);
  // The last line of a sample may be cut off.
  if (lines.length > 2) lines.pop();
  let best = preferred ?? ',';
  let bestScore = -1;
  for (const delimiter of DELIMITERS) {
    const counts = lines.map((line) => line.split(delimiter).length - 1);
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const agreeing = counts.filter((count) => count === first).length;
    const score = agreeing * 1000 + first + (delimiter === preferred ? 0.5 : 0);
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The first rows of CSV, TSV or other delimited text (comma, semicolon, tab, pipe), read as a stream: reading and
 * parsing stop as soon as one row past the limit is parsed, so a large file costs only its first rows, and a
 * file broken further down still shows them. The first row names the columns.
 */
export async function readDelimited(source: TSource, options: { isTsv: boolean }): Promise<TTable> {
  const { first: firstText, rest } = await decodeChunks(source.chunks);
  const delimiter = sniffDelimiter(firstText, options.isTsv ? '\t' : undefined);

  async function* text(): AsyncGenerator<string> {
    yield firstText;
    yield* rest;
  }

  const wanted = PREVIEW_ROW_LIMIT + 2; // the header, the rows shown, and one more to tell whether there are more
  const records: string[][] = [];
  const input = Readable.from(text(), { objectMode: false });
  const parser = parse({
    delimiter,
    // The parser parses every chunk it is given in one go: a first chunk of 64 KB and more is hundreds of rows
    // past the preview, which held the event loop for tens of milliseconds. It stops at the rows shown instead.
    to: wanted,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    bom: true,
  });
  // A failure of the source (a timeout, a broken connection) ends the parse too, instead of leaving it waiting.
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      records.push(record);
      if (records.length >= wanted) break;
    }
  } catch (error) {
    if (error instanceof PreviewFailure) throw error;
    // A quote left open at the byte limit is a row cut off there, not a broken file.
    if (!(error instanceof CsvError) || !source.hitLimit) {
      throw new PreviewFailure('unparseable', 'The file could not be read as delimited text (CSV or TSV)');
    }
  } finally {
    input.destroy();
    parser.destroy();
    source.close();
  }
  // The last row read at the byte limit may be cut off.
  if (source.hitLimit && records.length < wanted) records.pop();
  const [header, ...rows] = records;
  if (!header) {
    if (source.hitLimit)
      throw new PreviewFailure('too-large', 'Not even the first row fits in the bytes a preview reads');
    return tableOf([], []);
  }
  const truncated = rows.length > PREVIEW_ROW_LIMIT || source.hitLimit;
  return { ...tableOf(header, rows.slice(0, PREVIEW_ROW_LIMIT)), truncated, totalRowsRead: rows.length };
}
