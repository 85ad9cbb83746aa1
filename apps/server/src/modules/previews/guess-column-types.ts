import type { TPreviewCell, TPreviewColumnType } from '@dsm/contracts';

const INTEGER = /^[+-]?\d{1,15}$/;
const NUMBER = /^[+-]?(\d+|\d*[.,]\d+)([eE][+-]?\d+)?$/;
const BOOLEAN = /^(true|false|yes|no|ja|nein)$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DOTTED_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

const isDayOfYear = (year: number, month: number, day: number): boolean => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** The type one value reads as; null for an empty one, which fits every type. */
export function typeOfValue(value: TPreviewCell): TPreviewColumnType | null {
  if (value === null) return null;
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  const text = value.trim();
  if (text === '') return null;
  // A leading zero (postal codes, ids) is kept as written: such a column is text.
  if (INTEGER.test(text)) return /^[+-]?0\d/.test(text) ? 'text' : 'integer';
  if (NUMBER.test(text)) return 'number';
  if (BOOLEAN.test(text)) return 'boolean';
  const iso = ISO_DATE.exec(text);
  if (iso && isDayOfYear(Number(iso[1]), Number(iso[2]), Number(iso[3]))) return 'date';
  const dotted = DOTTED_DATE.exec(text);
  if (dotted && isDayOfYear(Number(dotted[3]), Number(dotted[2]), Number(dotted[1]))) return 'date';
  return 'text';
}

/**
 * The type of each column from the rows' values: the one type all non-empty values share, `number` for whole and
 * decimal numbers mixed, and `text` for anything else, for a column without values too.
 */
export function guessColumnTypes(
  columnCount: number,
  rows: readonly (readonly TPreviewCell[])[],
): TPreviewColumnType[] {
  const types: TPreviewColumnType[] = [];
  for (let column = 0; column < columnCount; column++) {
    let type: TPreviewColumnType | null = null;
    for (const row of rows) {
      const found = typeOfValue(row[column] ?? null);
      if (found === null || found === type) continue;
      if (type === null) type = found;
      else if ((type === 'integer' && found === 'number') || (type === 'number' && found === 'integer'))
        type = 'number';
      else {
        type = 'text';
        break;
      }
    }
    types.push(type ?? 'text');
  }
  return types;
}
