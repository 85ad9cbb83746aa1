import { FACET_NAMES, type TKeywordFacetCount, type TKeywordVariant, type TSearchFacets } from '@dsm/contracts';
import type { Database, Statement } from 'better-sqlite3';
import { titleKey } from '../analysis/title-key';
import { OFFER_ROW, readFacetSnapshot, type TFacetSnapshot, type TOfferRows } from './facet-snapshot';
import { foldKeyword, type TKeywordTranslation } from './fold-keywords';
import { FACET_KINDS } from './index-schema';
import type { TIndexFilter } from './search-index';

/** Values listed per facet. */
const FACET_VALUES = 20;
/**
 * Listing an offer of a facet value from `doc_facets` and sorting it is weighed as testing this many offers in the
 * copy in memory (measured about 3, the walk's length is an estimate): the offers passing a filter are listed when
 * there are few enough for that to cost less than walking the copy down until the offers wanted pass.
 */
const LISTING_COST = 6;
/** A value counted on its own (not a keyword folded with others). */
const UNFOLDED = -1;

/** Keywords counted as one facet entry: translations of one keyword, or spellings of one word. */
type TKeywordFold = { translation: TKeywordTranslation | null; ids: number[] };

/** An offer written since the copy was read: its value ids and what `TOfferRows` keeps of its row. */
type TChangedOffer = { values: Int32Array; price: number; modified: number; flags: number };

/**
 * The conditions on an offer's `docs` row a filter beside words makes: the price range (bounds inclusive), the
 * modification time from `modifiedFrom` (inclusive) to `modifiedBefore` (exclusive), in ms since the epoch (an
 * offer of unknown time passes no bound), and a working endpoint. Null or false: no such condition.
 */
export type TRowConditions = {
  minPrice: number | null;
  maxPrice: number | null;
  modifiedFrom: number | null;
  modifiedBefore: number | null;
  hasWorkingEndpoint: boolean;
};

/** No condition on an offer's row. */
export const ANY_ROW: Readonly<TRowConditions> = Object.freeze({
  minPrice: null,
  maxPrice: null,
  modifiedFrom: null,
  modifiedBefore: null,
  hasWorkingEndpoint: false,
});

const emptyRows = (length: number): TOfferRows => ({
  prices: new Float64Array(length),
  modified: new Float64Array(length).fill(Number.NaN),
  flags: new Uint8Array(length),
});

/** What `TOfferRows` keeps of a `docs` row (price, modified, has_working_endpoint); of no row, a removed offer. */
function offerRowOf(row: [number, number | null, number] | undefined): Omit<TChangedOffer, 'values'> {
  if (!row) return { price: Number.NaN, modified: Number.NaN, flags: 0 };
  const [price, modified, hasWorkingEndpoint] = row;
  return {
    price,
    modified: modified ?? Number.NaN,
    flags: OFFER_ROW.exists | (hasWorkingEndpoint === 1 ? OFFER_ROW.hasWorkingEndpoint : 0),
  };
}

export const emptyFacets = (): TSearchFacets => ({
  categories: [],
  keywords: [],
  formats: [],
  licences: [],
  publishers: [],
  paymentModels: [],
});

/**
 * Counts facet values over a set of matches from a copy of `doc_facets` held in memory as arrays (each
 * offer's value numbers), since counting in SQL over 10,000 matches took tens of milliseconds a query.
 * Beside them it keeps what filters read of each offer's `docs` row (price, modification time, working
 * endpoint), so that a filter beside words tests each match without reading its row.
 * The copy is read when first needed and follows the writer through `doc_changes`: the offers written
 * since are read again before the next count.
 */
export class FacetCounter {
  private readonly valueIds = FACET_NAMES.map(() => new Map<string, number>());
  private readonly kinds: number[] = [];
  private readonly texts: string[] = [];
  private offsets = new Int32Array(1);
  private values = new Int32Array(0);
  private rows: TOfferRows = emptyRows(0);
  private readonly changed = new Map<number, TChangedOffer>();
  private lastChange = -1;
  private dataVersion = -1;
  private counts = new Uint32Array(0);
  /** Offers per value at the time the copy was read. */
  private totals = new Uint32Array(0);
  /** Keyword value ids in the order of their folded text, for completing a typed prefix. */
  private keywordOrder: { key: string; id: number }[] | null = null;
  /**
   * Per value id, the id its count goes to: that of the first keyword met of its fold (`foldKeyword`), or
   * UNFOLDED for every other value, which counts on its own.
   */
  private fold: number[] = [];
  /** Per fold key, the id counts of the fold go to; per such id, the fold. */
  private readonly foldIds = new Map<string, number>();
  private readonly folds = new Map<number, TKeywordFold>();
  /** Per counting id, the offer it was last counted for: an offer with two keywords of one fold counts once. */
  private countedFor = new Uint32Array(0);
  private offerStamp = 0;
  private listFacet: Statement | null = null;

  constructor(private readonly db: Database) {}

  private valueId(kind: number, text: string): number {
    const ids = this.valueIds[kind] as Map<string, number>;
    let id = ids.get(text);
    if (id === undefined) {
      id = this.kinds.length;
      ids.set(text, id);
      this.kinds.push(kind);
      this.texts.push(text);
      this.fold.push(kind === FACET_KINDS.keywords ? this.foldInto(id, text) : UNFOLDED);
    }
    return id;
  }

  /** Where a new keyword's count goes: a translation always folds (to be named in the reader's language). */
  private foldInto(id: number, text: string): number {
    const { key, translation } = foldKeyword(text);
    const into = this.foldIds.get(key);
    if (into === undefined) {
      this.foldIds.set(key, id);
      this.folds.set(id, { translation, ids: [id] });
      return translation ? id : UNFOLDED;
    }
    (this.folds.get(into) as TKeywordFold).ids.push(id);
    this.fold[into] = into;
    return into;
  }

  private forgetValues(): void {
    for (const ids of this.valueIds) ids.clear();
    this.kinds.length = 0;
    this.texts.length = 0;
    this.fold = [];
    this.foldIds.clear();
    this.folds.clear();
  }

  /** A keyword facet entry: a fold is named by its translation's English form and lists what it stands for. */
  private keywordEntry(id: number, count: number): TKeywordFacetCount {
    const text = this.texts[id] as string;
    const fold = this.fold[id] === id ? this.folds.get(id) : undefined;
    if (!fold) return { value: text, count };
    const variants: TKeywordVariant[] = fold.translation ? [...fold.translation.forms] : [];
    const listed = new Set(variants.map((variant) => variant.value));
    for (const member of fold.ids) {
      const value = this.texts[member] as string;
      if (listed.has(value)) continue;
      listed.add(value);
      const language = fold.translation?.forms.find((form) => titleKey(form.value) === titleKey(value))?.language;
      variants.push({ value, language: language ?? null });
    }
    return { value: fold.translation?.value ?? text, count, variants };
  }

  /**
   * Reads the copy: from the snapshot a full build leaves in the file when there is one (a million offers'
   * facets are 10 million rows, which took a search thread 15-35 s to read row by row; the snapshot's
   * arrays take well under a second), then the changes since; otherwise from `doc_facets`.
   */
  private load(): void {
    const snapshot = readFacetSnapshot(this.db);
    if (snapshot === null) {
      this.loadRows();
      return;
    }
    this.forgetValues();
    for (const [id, text] of snapshot.texts.entries()) this.valueId(snapshot.kinds[id] as number, text);
    this.offsets = snapshot.offsets;
    this.values = snapshot.values;
    // A file built before the rows were kept: they are read as they are now, the changes since read again after.
    this.rows = snapshot.rows ?? this.readRows(snapshot.offsets.length - 2);
    this.lastChange = snapshot.lastChange;
    this.afterLoad();
  }

  /** The copy as arrays, for a snapshot kept in the index file. */
  snapshot(): TFacetSnapshot {
    this.sync();
    if (this.changed.size > 0) this.loadRows();
    return {
      offsets: this.offsets,
      values: this.values,
      kinds: this.kinds,
      texts: this.texts,
      rows: this.rows,
      lastChange: this.lastChange,
    };
  }

  /** The `docs` rows up to `lastRowid` as arrays (0.4-0.7 s of CPU at 300,000 offers, several times the snapshot's). */
  private readRows(lastRowid: number): TOfferRows {
    const rows = emptyRows(lastRowid + 1);
    const read = this.db
      .prepare('select rowid, price, modified, has_working_endpoint from docs where rowid <= ?')
      .raw()
      .iterate(lastRowid);
    for (const row of read) {
      const [rowid, price, modified, hasWorkingEndpoint] = row as [number, number, number | null, number];
      rows.prices[rowid] = price;
      rows.modified[rowid] = modified ?? Number.NaN;
      rows.flags[rowid] = OFFER_ROW.exists | (hasWorkingEndpoint === 1 ? OFFER_ROW.hasWorkingEndpoint : 0);
    }
    return rows;
  }

  private loadRows(): void {
    const lastRowid = Number(this.db.prepare('select coalesce(max(rowid), 0) from docs').pluck().get());
    this.lastChange = Number(this.db.prepare('select coalesce(max(seq), 0) from doc_changes').pluck().get());
    const offsets = new Int32Array(lastRowid + 2);
    let values = new Int32Array(1 << 16);
    let length = 0;
    let current = 0;
    for (const row of this.db.prepare('select doc, kind, value from doc_facets order by doc').raw().iterate()) {
      const [doc, kind, text] = row as [number, number, string];
      while (current < doc) offsets[++current] = length;
      if (length === values.length) {
        const grown = new Int32Array(values.length * 2);
        grown.set(values);
        values = grown;
      }
      values[length++] = this.valueId(kind, text);
    }
    while (current <= lastRowid) offsets[++current] = length;
    this.offsets = offsets;
    this.values = values.subarray(0, length);
    this.rows = this.readRows(lastRowid);
    this.afterLoad();
  }

  private afterLoad(): void {
    this.changed.clear();
    this.totals = new Uint32Array(this.kinds.length);
    for (const id of this.values) this.totals[id] = (this.totals[id] as number) + 1;
    this.keywordOrder = null;
  }

  /** The keywords whose folded text starts with the folded prefix, those most offers carry first. */
  completeKeyword(foldedPrefix: string, limit: number): string[] {
    this.sync();
    if (!this.keywordOrder) {
      this.keywordOrder = [...(this.valueIds[1] as Map<string, number>)]
        .map(([text, id]) => ({ key: titleKey(text), id }))
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    }
    const order = this.keywordOrder;
    let low = 0;
    let high = order.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((order[middle] as { key: string }).key < foldedPrefix) low = middle + 1;
      else high = middle;
    }
    const found: number[] = [];
    for (let at = low; at < order.length && at < low + 5_000; at++) {
      const entry = order[at] as { key: string; id: number };
      if (!entry.key.startsWith(foldedPrefix)) break;
      found.push(entry.id);
    }
    found.sort((a, b) => (this.totals[b] ?? 0) - (this.totals[a] ?? 0));
    return found.slice(0, limit).map((id) => this.texts[id] as string);
  }

  /**
   * A test of an offer against the facet filters (any of the values named within a facet, every facet named) and
   * the conditions on its row, read from the copy in memory: beside a text match, looking each match up in
   * `doc_facets` cost a few microseconds a match, tens of milliseconds for a common word, and reading its `docs`
   * row for a price range about as much. Null when no facet value and no row condition is named.
   */
  filterTest(
    filter: Pick<TIndexFilter, (typeof FACET_NAMES)[number]>,
    row: TRowConditions = ANY_ROW,
  ): ((rowid: number) => boolean) | null {
    // One sync for both tests (the facets' syncs when a value is named): each holds arrays of the same read.
    const facets = this.facetTest(filter);
    const testsPrice = row.minPrice !== null || row.maxPrice !== null;
    const testsModified = row.modifiedFrom !== null || row.modifiedBefore !== null;
    if (!testsPrice && !testsModified && !row.hasWorkingEndpoint) return facets;
    if (!facets) this.sync();
    const rows = this.rowTest(row, testsPrice, testsModified);
    if (!facets) return rows;
    return (rowid: number) => rows(rowid) && facets(rowid);
  }

  /** The test of `filterTest` on an offer's row, from the arrays as last synced. */
  private rowTest(row: TRowConditions, testsPrice: boolean, testsModified: boolean): (rowid: number) => boolean {
    const minPrice = row.minPrice ?? Number.NEGATIVE_INFINITY;
    const maxPrice = row.maxPrice ?? Number.POSITIVE_INFINITY;
    const from = row.modifiedFrom ?? Number.NEGATIVE_INFINITY;
    const before = row.modifiedBefore ?? Number.POSITIVE_INFINITY;
    const required = OFFER_ROW.exists | (row.hasWorkingEndpoint ? OFFER_ROW.hasWorkingEndpoint : 0);
    const { prices, modified, flags } = this.rows;
    const { changed } = this;
    return (rowid: number) => {
      const own = changed.size > 0 ? changed.get(rowid) : undefined;
      let price: number;
      let time: number;
      if (own) {
        if ((own.flags & required) !== required) return false;
        price = own.price;
        time = own.modified;
      } else {
        if (rowid >= flags.length || ((flags[rowid] as number) & required) !== required) return false;
        price = prices[rowid] as number;
        time = modified[rowid] as number;
      }
      // An unknown time (NaN) passes no bound, as SQL's null does.
      return (
        (!testsPrice || (price >= minPrice && price <= maxPrice)) && (!testsModified || (time >= from && time < before))
      );
    };
  }

  /** The test of `filterTest` on an offer's facet values; null when no facet value is named. */
  private facetTest(filter: Pick<TIndexFilter, (typeof FACET_NAMES)[number]>): ((rowid: number) => boolean) | null {
    const wanted = this.wanted(filter);
    if (!wanted) return null;
    const { satisfies, required } = wanted;
    const { offsets, values, changed } = this;
    return (rowid: number) => {
      let covered = 0;
      const own = changed.size > 0 ? changed.get(rowid) : undefined;
      if (own) {
        for (const id of own.values) covered |= satisfies[id] ?? 0;
      } else if (rowid + 1 < offsets.length) {
        const end = offsets[rowid + 1] as number;
        for (let at = offsets[rowid] as number; at < end && covered !== required; at++)
          covered |= satisfies[values[at] as number] as number;
      }
      return covered === required;
    };
  }

  /**
   * Per value id, the bits of the filtered facets it satisfies (an offer passes when its values cover them all),
   * and the bits required. Null when no facet value is named.
   */
  private wanted(
    filter: Pick<TIndexFilter, (typeof FACET_NAMES)[number]>,
  ): { satisfies: Uint8Array; required: number } | null {
    const named = FACET_NAMES.filter((name) => filter[name].length > 0);
    if (named.length === 0) return null;
    this.sync();
    const satisfies = new Uint8Array(this.kinds.length);
    let required = 0;
    for (const [bit, name] of named.entries()) {
      required |= 1 << bit;
      const ids = this.valueIds[FACET_KINDS[name]] as Map<string, number>;
      for (const text of filter[name]) {
        const id = ids.get(text);
        if (id !== undefined) satisfies[id] = (satisfies[id] as number) | (1 << bit);
      }
    }
    return { satisfies, required };
  }

  /**
   * The offers passing the facet filters, the highest rowids first, up to `limit`: what `doc_facets` lists. A
   * filter of few offers lists those of its smallest facet from `doc_facets`' index (tested for the others); one
   * of many walks the copy in memory down from the last offer until `limit` pass (tens of nanoseconds an offer,
   * where listing costs a few hundred per offer listed). Null when no facet value is named.
   */
  newestPassing(filter: Pick<TIndexFilter, (typeof FACET_NAMES)[number]>, limit: number): number[] | null {
    const passes = this.filterTest(filter);
    if (!passes) return null;
    const { offsets, changed } = this;
    const smallest = this.smallestFacet(filter);
    const offers = offsets.length - 1;
    if (smallest !== null && smallest.offers * smallest.offers * LISTING_COST <= limit * offers) {
      this.listFacet ??= this.db.prepare(
        'select doc from doc_facets where kind = ? and value in (select value from json_each(?))',
      );
      const listed = this.listFacet
        .pluck()
        .all(FACET_KINDS[smallest.name], JSON.stringify(filter[smallest.name])) as number[];
      // Ascending, then read from the end: an offer listed twice (two of the values named) is kept once.
      const sorted = Int32Array.from(listed).sort();
      const othersNamed = FACET_NAMES.some((name) => name !== smallest.name && filter[name].length > 0);
      const found: number[] = [];
      for (let at = sorted.length - 1; at >= 0 && found.length < limit; at--) {
        const rowid = sorted[at] as number;
        if (rowid !== sorted[at + 1] && (!othersNamed || passes(rowid))) found.push(rowid);
      }
      return found;
    }
    let top = offsets.length - 2;
    for (const rowid of changed.keys()) top = Math.max(top, rowid);
    const found: number[] = [];
    for (let rowid = top; rowid >= 0 && found.length < limit; rowid--) if (passes(rowid)) found.push(rowid);
    return found;
  }

  /**
   * How many offers at most pass the facet filters: per named facet, the offers having any of its named values
   * (as counted when the copy was read), the smallest facet's. Null when no facet value is named.
   */
  filterSize(filter: Pick<TIndexFilter, (typeof FACET_NAMES)[number]>): number | null {
    return this.smallestFacet(filter)?.offers ?? null;
  }

  /** The named facet whose named values the fewest offers have (as counted when the copy was read), and how many. */
  private smallestFacet(
    filter: Pick<TIndexFilter, (typeof FACET_NAMES)[number]>,
  ): { name: (typeof FACET_NAMES)[number]; offers: number } | null {
    const named = FACET_NAMES.filter((name) => filter[name].length > 0);
    if (named.length === 0) return null;
    this.sync();
    let smallest: { name: (typeof FACET_NAMES)[number]; offers: number } | null = null;
    for (const name of named) {
      const ids = this.valueIds[FACET_KINDS[name]] as Map<string, number>;
      let offers = 0;
      for (const text of new Set(filter[name])) {
        const id = ids.get(text);
        if (id !== undefined) offers += this.totals[id] ?? 0;
      }
      if (smallest === null || offers < smallest.offers) smallest = { name, offers };
    }
    return smallest;
  }

  /** Reads the facets now rather than at the first count (a search thread opening an index). */
  warm(): void {
    this.sync();
  }

  /** Reads the offers the writer changed since the last count (all of them the first time). */
  private sync(): void {
    const version = Number(this.db.pragma('data_version', { simple: true }));
    if (version === this.dataVersion && this.lastChange >= 0) return;
    this.dataVersion = version;
    // The first time: the whole copy (then the changes it does not hold yet, after a snapshot).
    if (this.lastChange < 0) this.load();
    const oldest = this.db.prepare('select min(seq) from doc_changes').pluck().get() as number | null;
    // The writer forgot changes this copy has not read: read everything again.
    if (oldest !== null && oldest > this.lastChange + 1) {
      this.loadRows();
      return;
    }
    this.readChanges();
  }

  /**
   * The offers written since `lastChange`, as they are now: three statements in one read transaction however many
   * changed (one offer written twice is read once), so that a thread catching up with thousands of changes (a
   * harvest, or the link checker's first round) does not run two statements for each.
   */
  private readChanges(): void {
    const since = this.lastChange;
    const [last, facets, rows] = this.db.transaction(
      () =>
        [
          this.db.prepare('select max(seq) from doc_changes where seq > ?').pluck().get(since) as number | null,
          this.db
            .prepare(
              'select f.doc, f.kind, f.value from doc_facets f where f.doc in (select doc from doc_changes where seq > ?) order by f.doc',
            )
            .raw()
            .all(since) as [number, number, string][],
          this.db
            .prepare(
              `select c.doc, d.price, d.modified, d.has_working_endpoint
               from (select distinct doc from doc_changes where seq > ?) c left join docs d on d.rowid = c.doc`,
            )
            .raw()
            .all(since) as [number, number | null, number | null, number | null][],
        ] as const,
    )();
    if (last === null) return;
    const valuesOf = new Map<number, number[]>();
    for (const [doc, kind, text] of facets) {
      let values = valuesOf.get(doc);
      if (!values) {
        values = [];
        valuesOf.set(doc, values);
      }
      values.push(this.valueId(kind, text));
    }
    for (const [doc, price, modified, hasWorkingEndpoint] of rows) {
      this.changed.set(doc, {
        values: Int32Array.from(valuesOf.get(doc) ?? []),
        ...offerRowOf(price === null ? undefined : [price, modified, hasWorkingEndpoint as number]),
      });
    }
    this.lastChange = last;
  }

  /** The facet values of the given offers with their counts, the most frequent first. */
  count(rowids: number[]): TSearchFacets {
    const facets = emptyFacets();
    if (rowids.length === 0) return facets;
    this.sync();
    if (this.counts.length < this.kinds.length) this.counts = new Uint32Array(this.kinds.length * 2);
    if (this.countedFor.length < this.kinds.length) {
      this.countedFor = new Uint32Array(this.kinds.length * 2);
      this.offerStamp = 0;
    }
    const { counts, offsets, values, changed, fold, countedFor } = this;
    const touched: number[] = [];
    let stamp = this.offerStamp;
    const add = (value: number) => {
      let id = value;
      const into = fold[value] as number;
      if (into !== UNFOLDED) {
        if (countedFor[into] === stamp) return;
        countedFor[into] = stamp;
        id = into;
      }
      if (counts[id] === 0) touched.push(id);
      counts[id] = (counts[id] as number) + 1;
    };
    if (stamp + rowids.length >= 0xffffffff) {
      countedFor.fill(0);
      stamp = 0;
    }
    for (const rowid of rowids) {
      stamp++;
      const own = changed.size > 0 ? changed.get(rowid) : undefined;
      if (own) {
        for (const id of own.values) add(id);
      } else if (rowid + 1 < offsets.length) {
        const end = offsets[rowid + 1] as number;
        for (let at = offsets[rowid] as number; at < end; at++) add(values[at] as number);
      }
    }
    // The most frequent values of each facet, kept in order as they are met: no sort of every value.
    const best: number[][] = FACET_NAMES.map(() => []);
    const before = (a: number, b: number) =>
      (counts[a] as number) > (counts[b] as number) ||
      (counts[a] === counts[b] && (this.texts[a] as string) < (this.texts[b] as string));
    for (const id of touched) {
      const list = best[this.kinds[id] as number] as number[];
      if (list.length === FACET_VALUES && !before(id, list[FACET_VALUES - 1] as number)) continue;
      let at = Math.min(list.length, FACET_VALUES - 1);
      if (list.length < FACET_VALUES) list.push(id);
      while (at > 0 && before(id, list[at - 1] as number)) {
        list[at] = list[at - 1] as number;
        at--;
      }
      list[at] = id;
    }
    this.offerStamp = stamp;
    FACET_NAMES.forEach((name, kind) => {
      facets[name] = (best[kind] as number[]).map((id) =>
        kind === FACET_KINDS.keywords
          ? this.keywordEntry(id, counts[id] as number)
          : { value: this.texts[id] as string, count: counts[id] as number },
      );
    });
    for (const id of touched) counts[id] = 0;
    return facets;
  }
}

const counters = new WeakMap<Database, FacetCounter>();

/** The facet counter of an open index connection. */
export function facetCounterOf(db: Database): FacetCounter {
  let counter = counters.get(db);
  if (!counter) {
    counter = new FacetCounter(db);
    counters.set(db, counter);
  }
  return counter;
}
