import { PREVIEW_ROW_LIMIT, type TPreviewFeature } from '@dsm/contracts';
import { detectEncoding } from './decode-text';
import { PreviewFailure } from './preview-failure';
import { cellOf, type TTable, tableOf } from './table';

/** What a JSON source held: a table of records, or GeoJSON features with a table of their properties. */
export type TJsonPreview =
  | { kind: 'table'; table: TTable }
  | { kind: 'geojson'; table: TTable; features: TPreviewFeature[] };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The records of a list of objects, or of a list of lists whose first list names the columns. */
function tableOfList(list: readonly unknown[]): TTable {
  if (list.length > 0 && list.every(Array.isArray)) {
    const [header = [], ...rows] = list as unknown[][];
    const shown = rows.slice(0, PREVIEW_ROW_LIMIT).map((row) => row.map(cellOf));
    return { ...tableOf(header, shown), truncated: rows.length > PREVIEW_ROW_LIMIT, totalRowsRead: rows.length };
  }
  if (!list.every(isRecord)) {
    throw new PreviewFailure(
      'unparseable',
      'The JSON list holds values other than objects; a preview shows a list of records',
    );
  }
  const shown = list.slice(0, PREVIEW_ROW_LIMIT);
  const names: string[] = [];
  const seen = new Set<string>();
  for (const record of shown) {
    for (const name of Object.keys(record)) {
      if (!seen.has(name)) {
        seen.add(name);
        names.push(name);
      }
    }
  }
  const rows = shown.map((record) => names.map((name) => cellOf(record[name])));
  return { ...tableOf(names, rows), truncated: list.length > PREVIEW_ROW_LIMIT, totalRowsRead: list.length };
}

function geojsonOf(document: Record<string, unknown>): TJsonPreview {
  const all: unknown[] =
    document.type === 'FeatureCollection' ? (Array.isArray(document.features) ? document.features : []) : [document];
  const features = all.slice(0, PREVIEW_ROW_LIMIT).map((feature): TPreviewFeature => {
    if (!isRecord(feature) || feature.type !== 'Feature') {
      throw new PreviewFailure('unparseable', 'The GeoJSON holds something other than features');
    }
    return {
      type: 'Feature',
      geometry: isRecord(feature.geometry) ? feature.geometry : null,
      properties: isRecord(feature.properties) ? feature.properties : null,
    };
  });
  const table = tableOfList(features.map((feature) => feature.properties ?? {}));
  return {
    kind: 'geojson',
    features,
    table: { ...table, truncated: all.length > PREVIEW_ROW_LIMIT, totalRowsRead: all.length },
  };
}

/**
 * A JSON source read whole: GeoJSON (a FeatureCollection or one Feature) becomes features; a list of objects, a
 * list of lists with a header first, or an object holding such a list in `data` (or `records`, `items`, `results`,
 * `rows`) becomes a table.
 */
export function readJson(bytes: Uint8Array): TJsonPreview {
  let document: unknown;
  try {
    document = JSON.parse(new TextDecoder(detectEncoding(bytes)).decode(bytes));
  } catch {
    throw new PreviewFailure('unparseable', 'The file is not valid JSON');
  }
  if (isRecord(document) && (document.type === 'FeatureCollection' || document.type === 'Feature')) {
    return geojsonOf(document);
  }
  if (Array.isArray(document)) return { kind: 'table', table: tableOfList(document) };
  if (isRecord(document)) {
    for (const key of ['data', 'records', 'items', 'results', 'rows']) {
      const list = document[key];
      if (Array.isArray(list)) return { kind: 'table', table: tableOfList(list) };
    }
  }
  throw new PreviewFailure('unparseable', 'The JSON is neither a list of records, nor {"data": [...]}, nor GeoJSON');
}
