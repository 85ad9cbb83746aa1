import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import ExcelJS from 'exceljs';
import type { TDemoRow, TDemoTable } from './demo-tables';

/** The formats every demo kind is written in, with the extension and media type each file is served with. */
export const DEMO_FORMATS = {
  CSV: { extension: 'csv', mediaType: 'text/csv' },
  JSON: { extension: 'json', mediaType: 'application/json' },
  GeoJSON: { extension: 'geojson', mediaType: 'application/geo+json' },
  XLSX: { extension: 'xlsx', mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
} as const;
export type TDemoFormat = keyof typeof DEMO_FORMATS;

/** The timestamp written into spreadsheets' document properties, so a new generation differs only in zip dates. */
const WORKBOOK_DATE = new Date(Date.UTC(2026, 9, 1));

const csvCell = (value: TDemoRow[number]): string => {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Writes text in chunks of about a megabyte, waiting when the stream is full. */
async function writeLines(file: string, lines: Iterable<string>): Promise<void> {
  const stream = createWriteStream(file);
  let buffer = '';
  for (const line of lines) {
    buffer += line;
    if (buffer.length >= 1 << 20) {
      if (!stream.write(buffer)) await once(stream, 'drain');
      buffer = '';
    }
  }
  stream.end(buffer);
  await once(stream, 'finish');
}

function* csvLines(table: TDemoTable): Generator<string> {
  // RFC 4180: comma-separated, CRLF line ends, a header row.
  yield `${table.columns.map((column) => column.key).join(',')}\r\n`;
  for (const row of table.rows) yield `${row.map(csvCell).join(',')}\r\n`;
}

const jsonValue = (value: TDemoRow[number]) => (value === '' ? null : value);

function recordOf(table: TDemoTable, row: TDemoRow, skip: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  table.columns.forEach((column, index) => {
    if (!skip.has(column.key)) record[column.key] = jsonValue(row[index]!);
  });
  return record;
}

function* jsonLines(table: TDemoTable): Generator<string> {
  yield '[\n';
  for (const [index, row] of table.rows.entries()) {
    yield `${JSON.stringify(recordOf(table, row))}${index < table.rows.length - 1 ? ',' : ''}\n`;
  }
  yield ']\n';
}

const POINT_COLUMNS = new Set(['latitude', 'longitude']);

function* geoJsonLines(table: TDemoTable): Generator<string> {
  const lat = table.columns.findIndex((column) => column.key === 'latitude');
  const lon = table.columns.findIndex((column) => column.key === 'longitude');
  yield `{"type":"FeatureCollection","name":${JSON.stringify(table.kind)},"features":[\n`;
  for (const [index, row] of table.rows.entries()) {
    const feature = {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [row[lon], row[lat]] },
      properties: recordOf(table, row, POINT_COLUMNS),
    };
    yield `${JSON.stringify(feature)}${index < table.rows.length - 1 ? ',' : ''}\n`;
  }
  yield ']}\n';
}

async function writeWorkbook(file: string, table: TDemoTable): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  workbook.creator = 'Datenmarkt Demo';
  workbook.created = WORKBOOK_DATE;
  workbook.modified = WORKBOOK_DATE;
  const sheet = workbook.addWorksheet(table.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((column) => ({
    header: column.key,
    key: column.key,
    width: Math.max(12, column.key.length + 2),
    ...(column.type === 'date' ? { style: { numFmt: 'yyyy-mm-dd hh:mm' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const dates = table.columns.map((column) => column.type === 'date');
  for (const row of table.rows) {
    sheet
      .addRow(row.map((value, index) => (value === '' ? null : dates[index] ? new Date(value as string) : value)))
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

/** Writes one demo table as a file of `format`. */
export async function writeDemoFile(file: string, table: TDemoTable, format: TDemoFormat): Promise<void> {
  switch (format) {
    case 'CSV':
      return writeLines(file, csvLines(table));
    case 'JSON':
      return writeLines(file, jsonLines(table));
    case 'GeoJSON':
      return writeLines(file, geoJsonLines(table));
    case 'XLSX':
      return writeWorkbook(file, table);
  }
}
