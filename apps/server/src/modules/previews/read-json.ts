import { setImmediate } from 'node:timers/promises';
import { PREVIEW_ROW_LIMIT, type TPreviewFeature } from '@dsm/contracts';
import { JSONParser } from '@streamparser/json';
import { decodeChunks } from './decode-text';
import { PreviewFailure } from './preview-failure';
import type { TSource } from './read-source';
import { cellOf, type TTable, tableOf } from './table';

/** What a JSON source held: a table of records, or GeoJSON features with a table of their properties. */
export type TJsonPreview =
  | { kind: 'table'; table: TTable }
  | { kind: 'geojson'; table: TTable; features: TPreviewFeature[] };

/** The keys of an object a list of records is taken from, the first found winning. */
const LIST_KEYS = ['data', 'records', 'items', 'results', 'rows'] as const;

/** Characters handed to the parser at once: a few milliseconds of its work. */
const PARSE_PIECE_CHARS = 8 * 1024;
/** Milliseconds of parsing before the event loop gets a turn. */
const TURN_BUDGET_MS = 10;

/** Elements of a list kept: a header list, the rows shown, and one more to tell whether there are more. */
const KEPT = PREVIEW_ROW_LIMIT + 2;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The records of a list of objects, or of a list of lists whose first list names the columns. `isWhole` tells
 * whether the list was read to its end; otherwise it is its first elements.
 */
function tableOfList(list: readonly unknown[], isWhole: boolean): TTable {
  if (list.length > 0 && list.every(Array.isArray)) {
    const [header = [], ...rows] = list as unknown[][];
    const read = rows.slice(0, PREVIEW_ROW_LIMIT + 1);
    const shown = read.slice(0, PREVIEW_ROW_LIMIT).map((row) => row.map(cellOf));
    return {
      ...tableOf(header, shown),
      truncated: read.length > PREVIEW_ROW_LIMIT || !isWhole,
      totalRowsRead: read.length,
    };
  }
  const read = list.slice(0, PREVIEW_ROW_LIMIT + 1);
  if (!read.every(isRecord)) {
    throw new PreviewFailure(
      'unparseable',
      'The JSON list holds values other than objects; a preview shows a list of records',
    );
  }
  const shown = read.slice(0, PREVIEW_ROW_LIMIT);
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
  return {
    ...tableOf(names, rows),
    truncated: read.length > PREVIEW_ROW_LIMIT || !isWhole,
    totalRowsRead: read.length,
  };
}

function geojsonOf(all: readonly unknown[], isWhole: boolean): TJsonPreview {
  const read = all.slice(0, PREVIEW_ROW_LIMIT + 1);
  const features = read.slice(0, PREVIEW_ROW_LIMIT).map((feature): TPreviewFeature => {
    if (!isRecord(feature) || feature.type !== 'Feature') {
      throw new PreviewFailure('unparseable', 'The GeoJSON holds something other than features');
    }
    return {
      type: 'Feature',
      geometry: isRecord(feature.geometry) ? feature.geometry : null,
      properties: isRecord(feature.properties) ? feature.properties : null,
    };
  });
  const table = tableOfList(
    features.map((feature) => feature.properties ?? {}),
    true,
  );
  return {
    kind: 'geojson',
    features,
    table: { ...table, truncated: read.length > PREVIEW_ROW_LIMIT || !isWhole, totalRowsRead: read.length },
  };
}

/** What the parser gathered of a document: the first elements of the lists a preview may show, and its type. */
type TGathered = {
  /** The document's first character: '[' for a list, '{' for an object. */
  shape: string;
  /** The top-level `type` of an object, when read. */
  type: unknown;
  /** The first elements of the root list, or of each list under a top-level key of an object. */
  lists: Map<string, unknown[]>;
  /** A single Feature's geometry and properties. */
  geometry: unknown;
  properties: unknown;
};

/** The list whose elements the preview shows, once the gathered part of the document decides it. */
function chosenList(gathered: TGathered): { key: string; isGeo: boolean } | null {
  if (gathered.shape === '[') return { key: '$', isGeo: false };
  if (gathered.type === 'FeatureCollection') return { key: 'features', isGeo: true };
  if (gathered.type === 'Feature') return null;
  const key = LIST_KEYS.find((name) => gathered.lists.has(name));
  return key ? { key, isGeo: false } : null;
}

/** True once enough of the chosen list is read that the rest of the document cannot change the preview. */
function isDecided(gathered: TGathered): boolean {
  const chosen = chosenList(gathered);
  return chosen !== null && (gathered.lists.get(chosen.key)?.length ?? 0) >= KEPT;
}

/**
 * A JSON source read as a stream, up to the rows shown: GeoJSON (a FeatureCollection or one Feature) becomes
 * features; a list of objects, a list of lists with a header first, or an object holding such a list in `data` (or
 * `records`, `items`, `results`, `rows`) becomes a table. Reading stops, and the connection closes, once one
 * element past the shown ones is parsed, so a large file costs only its first rows; only a list reached after
 * the byte limit (or a single Feature larger than it) is too large. Keys are taken in the order the document has
 * them, so a FeatureCollection's `type` after a `data` list of 102 elements is not seen.
 */
export async function readJson(source: TSource): Promise<TJsonPreview> {
  const gathered: TGathered = { shape: '', type: undefined, lists: new Map(), geometry: null, properties: null };
  let isWhole = false;
  try {
    const { first, rest } = await decodeChunks(source.chunks);
    gathered.shape = first.trimStart().charAt(0);
    if (gathered.shape !== '[' && gathered.shape !== '{') {
      throw new PreviewFailure('unparseable', 'The file is not valid JSON');
    }
    const active = new JSONParser({
      // The paths a preview reads; the parser drops each value once handed over (keepStack), so no list is kept.
      paths:
        gathered.shape === '['
          ? ['$.*']
          : ['$.type', '$.geometry', '$.properties', ...['features', ...LIST_KEYS].map((key) => `$.${key}.*`)],
      keepStack: false,
    });
    active.onValue = ({ value, key, stack }) => {
      if (stack.length === 1) {
        if (gathered.shape === '[') push('$', value);
        else if (key === 'type') gathered.type = value;
        else if (key === 'geometry') gathered.geometry = value;
        else if (key === 'properties') gathered.properties = value;
        return;
      }
      const list = stack[1]?.key;
      if (typeof list === 'string') push(list, value);
    };
    const push = (key: string, value: unknown) => {
      const list = gathered.lists.get(key) ?? [];
      gathered.lists.set(key, list);
      if (list.length < KEPT) list.push(value);
    };
    let ended = false;
    active.onEnd = () => {
      ended = true;
    };
    let turnStarted = performance.now();
    // The parser takes 20-40 ms for a chunk of 128 KB: fed in pieces, it lets the event loop turn between them.
    const write = async (text: string) => {
      for (let at = 0; at < text.length && !isDecided(gathered); at += PARSE_PIECE_CHARS) {
        active.write(text.slice(at, at + PARSE_PIECE_CHARS));
        if (performance.now() - turnStarted > TURN_BUDGET_MS) {
          await setImmediate();
          turnStarted = performance.now();
        }
      }
    };
    await write(first);
    if (!isDecided(gathered)) {
      for await (const text of rest) {
        await write(text);
        if (isDecided(gathered)) break;
      }
    }
    if (!isDecided(gathered) && !source.hitLimit) {
      // A document cut short fails here.
      if (!ended) active.end();
      isWhole = true;
    }
  } catch (error) {
    if (error instanceof PreviewFailure) throw error;
    throw new PreviewFailure('unparseable', 'The file is not valid JSON');
  } finally {
    source.close();
  }
  return previewOf(gathered, isWhole, source.hitLimit);
}

function previewOf(gathered: TGathered, isWhole: boolean, hitLimit: boolean): TJsonPreview {
  // A FeatureCollection whose `type` would come after its features, past the byte limit, is taken as one.
  const chosen =
    chosenList(gathered) ??
    (hitLimit && gathered.type === undefined && gathered.lists.has('features')
      ? { key: 'features', isGeo: true }
      : null);
  if (gathered.type === 'Feature') {
    if (!isWhole) throw new PreviewFailure('too-large', 'Not even the first feature fits in the bytes a preview reads');
    const feature = { type: 'Feature', geometry: gathered.geometry, properties: gathered.properties };
    return geojsonOf([feature], true);
  }
  if (!chosen) {
    if (hitLimit) throw new PreviewFailure('too-large', 'Not even the first row fits in the bytes a preview reads');
    throw new PreviewFailure('unparseable', 'The JSON is neither a list of records, nor {"data": [...]}, nor GeoJSON');
  }
  const list = gathered.lists.get(chosen.key) ?? [];
  if (list.length === 0 && hitLimit) {
    throw new PreviewFailure('too-large', 'Not even the first row fits in the bytes a preview reads');
  }
  return chosen.isGeo ? geojsonOf(list, isWhole) : { kind: 'table', table: tableOfList(list, isWhole) };
}
