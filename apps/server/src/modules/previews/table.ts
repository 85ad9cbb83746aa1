import type { TPreviewCell, TPreviewColumn } from '@dsm/contracts';
import { guessColumnTypes } from './guess-column-types';

/** A preview's table before it is presented: named, typed columns and rows of cells in column order. */
export type TTable = {
  columns: TPreviewColumn[];
  rows: TPreviewCell[][];
  truncated: boolean;
  totalRowsRead: number;
};

/** Columns named by a header (blank names become 'column N') with types guessed from the rows, which are squared off. */
export function tableOf(header: readonly unknown[], rows: readonly (readonly TPreviewCell[])[]): TTable {
  const width = Math.max(header.length, ...rows.map((row) => row.length));
  const names = Array.from({ length: width }, (_, index) => {
    const name = header[index];
    const text = name === null || name === undefined ? '' : String(name).trim();
    return text === '' ? `column ${index + 1}` : text;
  });
  const squared = rows.map((row) => Array.from({ length: width }, (_, index) => row[index] ?? null));
  const types = guessColumnTypes(width, squared);
  return {
    columns: names.map((name, index) => ({ name, type: types[index] ?? 'text' })),
    rows: squared,
    truncated: false,
    totalRowsRead: rows.length,
  };
}

/** A value of any shape as a cell: nested objects and lists as their JSON text. */
export function cellOf(value: unknown): TPreviewCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  return JSON.stringify(value);
}
