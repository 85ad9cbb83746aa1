import { PREVIEW_ROW_LIMIT, type TPreviewCell } from '@dsm/contracts';
import ExcelJS from 'exceljs';
import { PreviewFailure } from './preview-failure';
import { type TTable, tableOf } from './table';

/** A date cell as an ISO date, with the time only when it has one. */
const dateText = (date: Date): string => {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
};

/** An ExcelJS cell value as a preview cell: formulas by their result, rich text and links by their text. */
function cellOfValue(value: ExcelJS.CellValue): TPreviewCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    if ('result' in value) return cellOfValue((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('error' in value) return String(value.error);
  }
  return String(value);
}

/** The first rows of the first worksheet of an XLSX workbook; its first row names the columns. */
export async function readXlsx(bytes: Uint8Array): Promise<TTable> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new PreviewFailure('unparseable', 'The file is not an XLSX workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount === 0) return tableOf([], []);
  const rows: TPreviewCell[][] = [];
  let total = 0;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    total++;
    if (rows.length > PREVIEW_ROW_LIMIT) return;
    // ExcelJS's row values start at index 1.
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(Array.from({ length: values.length }, (_, index) => cellOfValue(values[index] as ExcelJS.CellValue)));
  });
  const [header = [], ...body] = rows;
  const dataRows = total - 1;
  return {
    ...tableOf(header, body.slice(0, PREVIEW_ROW_LIMIT)),
    truncated: dataRows > PREVIEW_ROW_LIMIT,
    totalRowsRead: dataRows,
  };
}
