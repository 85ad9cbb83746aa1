import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { TOfferText } from '../../catalogue/catalogue-rows';
import { analyzeWords } from '../analysis/analyze-text';
import { splitWords, type TWord } from '../analysis/split-words';
import { addWords } from '../analysis/typo-vocabulary';
import { facetTokensOf } from './facet-tokens';
import { FACET_KINDS } from './index-schema';
import { countUnmergedChanges } from './merge-index-segments';

/** What the index reads of an active offer. */
export type TIndexSource = TOfferText & {
  price: number;
  modified: Date | null;
  paymentModel: string;
  /** Formats, licences and publishers of its distributions and datasets. */
  formats: string[];
  licences: string[];
  publishers: string[];
  /** One of its distributions was last found online by the link checker ('working endpoints only'). */
  hasWorkingEndpoint: boolean;
};

/** An offer analysed for the index: its tokens per column and its distinct words for typo correction. */
export type TIndexDocument = {
  offerId: string;
  title: string;
  titleKey: string;
  /** Shared by the federated copies of one dataset; null when the text is too short to tell copies apart. */
  copyKey: string | null;
  modified: number | null;
  price: number;
  hasWorkingEndpoint: boolean;
  /** [facet kind, value] pairs (FACET_KINDS). */
  facets: [number, string][];
  titleTokens: string;
  keywordTokens: string;
  descriptionTokens: string;
  /** The facet values as words of the `facets` column (facet-tokens.ts). */
  facetTokens: string;
  words: string[];
};

function facetsOf(source: TIndexSource): [number, string][] {
  const pairs = new Map<string, [number, string]>();
  const add = (kind: number, values: string[]) => {
    for (const value of values) if (value) pairs.set(`${kind}\u0000${value}`, [kind, value]);
  };
  add(FACET_KINDS.categories, source.categories);
  add(FACET_KINDS.keywords, source.keywords);
  add(FACET_KINDS.formats, source.formats);
  add(FACET_KINDS.licences, source.licences);
  add(FACET_KINDS.publishers, source.publishers);
  add(FACET_KINDS.paymentModels, [source.paymentModel]);
  return [...pairs.values()];
}

/** Fewest description words for two offers of the same title to count as copies of one dataset. */
const MIN_COPY_DESCRIPTION_WORDS = 5;

/**
 * The key federated copies share: the same title and description as a reader sees them. Titles alone
 * are not enough ("Haushaltsplan 2024" of two towns are different datasets), so an offer with a short
 * description has none.
 */
function copyKeyOf(titleText: string, descriptionWords: string[]): string | null {
  if (descriptionWords.length < MIN_COPY_DESCRIPTION_WORDS) return null;
  return createHash('sha1')
    .update(`${titleText}\n${descriptionWords.join(' ')}`)
    .digest('base64url')
    .slice(0, 16);
}

/** The folded, unstemmed words of split text, as `titleKey` joins them. */
const textsOf = (words: TWord[]): string[] => words.map((word) => word.text);

/**
 * Analyses an offer: stemmed by its language for matching, unstemmed for the typo vocabulary. Each text is
 * split once (splitting is most of the analysis): `titleKey` and `analyzeText` of it are read from the same words.
 */
export function toIndexDocument(source: TIndexSource): TIndexDocument {
  const keywordText = source.keywords.join(' ; ');
  const titleWords = splitWords(source.title);
  const keywordWords = splitWords(keywordText);
  const descriptionSplit = splitWords(source.description);
  const titleText = textsOf(titleWords).join(' ');
  const descriptionWords = textsOf(descriptionSplit).filter((word) => word.length > 0);
  const facets = facetsOf(source);
  const words = new Set<string>(descriptionWords);
  for (const split of [titleWords, keywordWords]) {
    for (const word of split) if (word.text) words.add(word.text);
  }
  return {
    offerId: source.id,
    title: source.title,
    titleKey: titleText,
    copyKey: copyKeyOf(titleText, descriptionWords),
    modified: source.modified ? source.modified.getTime() : null,
    price: source.price,
    hasWorkingEndpoint: source.hasWorkingEndpoint,
    facets,
    facetTokens: facetTokensOf(facets),
    titleTokens: analyzeWords(titleWords, source.language).join(' '),
    keywordTokens: analyzeWords(keywordWords, source.language).join(' '),
    descriptionTokens: analyzeWords(descriptionSplit, source.language).join(' '),
    words: [...words],
  };
}

type TWriter = {
  find: (offerId: string) => number | undefined;
  insertDoc: (document: TIndexDocument) => number;
  updateDoc: (rowid: number, document: TIndexDocument) => void;
  deleteDoc: (rowid: number) => void;
  insertText: (rowid: number, document: TIndexDocument) => void;
  deleteText: (rowid: number) => void;
  insertFacet: (rowid: number, kind: number, value: string) => void;
  deleteFacets: (rowid: number) => void;
  recordChange: (rowid: number) => void;
  forgetOldChanges: () => void;
};

/** Changes kept for the search threads; one further behind reads all facets again. */
const KEPT_CHANGES = 200_000;

const writers = new WeakMap<Database, TWriter>();

function writerOf(db: Database): TWriter {
  const cached = writers.get(db);
  if (cached) return cached;
  const find = db.prepare('select rowid from docs where offer_id = ?').pluck();
  const insertDoc = db.prepare(
    'insert into docs (offer_id, title, title_key, copy_key, modified, price, has_working_endpoint) values (@offerId, @title, @titleKey, @copyKey, @modified, @price, @hasWorkingEndpoint)',
  );
  const updateDoc = db.prepare(
    'update docs set title = @title, title_key = @titleKey, copy_key = @copyKey, modified = @modified, price = @price, has_working_endpoint = @hasWorkingEndpoint where rowid = @rowid',
  );
  const deleteDoc = db.prepare('delete from docs where rowid = ?');
  const insertText = db.prepare(
    'insert into docs_fts (rowid, title, keywords, description, facets) values (?, ?, ?, ?, ?)',
  );
  const deleteText = db.prepare('delete from docs_fts where rowid = ?');
  const insertFacet = db.prepare('insert or ignore into doc_facets (doc, kind, value) values (?, ?, ?)');
  const deleteFacets = db.prepare('delete from doc_facets where doc = ?');
  const recordChange = db.prepare('insert into doc_changes (doc) values (?)');
  const forgetOldChanges = db.prepare(
    `delete from doc_changes where seq <= (select max(seq) from doc_changes) - ${KEPT_CHANGES}`,
  );
  const writer: TWriter = {
    find: (offerId) => find.get(offerId) as number | undefined,
    insertDoc: (document) => Number(insertDoc.run(row(document)).lastInsertRowid),
    updateDoc: (rowid, document) => void updateDoc.run({ ...row(document), rowid }),
    deleteDoc: (rowid) => void deleteDoc.run(rowid),
    insertText: (rowid, document) =>
      void insertText.run(
        rowid,
        document.titleTokens,
        document.keywordTokens,
        document.descriptionTokens,
        document.facetTokens,
      ),
    deleteText: (rowid) => void deleteText.run(rowid),
    insertFacet: (rowid, kind, value) => void insertFacet.run(rowid, kind, value),
    deleteFacets: (rowid) => void deleteFacets.run(rowid),
    recordChange: (rowid) => void recordChange.run(rowid),
    forgetOldChanges: () => void forgetOldChanges.run(),
  };
  writers.set(db, writer);
  return writer;
}

const row = (document: TIndexDocument) => ({
  offerId: document.offerId,
  title: document.title,
  titleKey: document.titleKey,
  copyKey: document.copyKey,
  modified: document.modified,
  price: document.price,
  hasWorkingEndpoint: document.hasWorkingEndpoint ? 1 : 0,
});

/** The analysed words of an offer as its text columns hold them. */
export type TIndexTexts = Pick<TIndexDocument, 'titleTokens' | 'keywordTokens' | 'descriptionTokens'>;

/**
 * What a write changed: the rowid of its first new offer (every rowid from it on is new: rowids are given in order)
 * or null when it added none, whether it changed or removed offers the index held, the copy keys of the new offers
 * and their texts (for the writer's own checks: touched-searches.ts; not sent on).
 */
export type TWrittenDocuments = {
  firstNew: number | null;
  isRewrite: boolean;
  newCopyKeys: string[];
  newTexts?: TIndexTexts[];
};

/**
 * Writes offers into the index and removes others, in one transaction. An offer already indexed keeps
 * its rowid. With `countWords` (changes after a build), the documents' words are added to the typo
 * vocabulary (a full build counts them once at the end instead; words of removed or changed offers stay
 * counted until the next build), the offers are listed in `doc_changes` and the text writes counted towards the
 * next merge of the index's lists (merge-index-segments.ts).
 */
export function writeDocuments(
  db: Database,
  documents: TIndexDocument[],
  removedOfferIds: string[],
  options: { countWords: boolean },
): TWrittenDocuments {
  const writer = writerOf(db);
  const newTexts: TIndexTexts[] = [];
  const written: TWrittenDocuments = { firstNew: null, isRewrite: false, newCopyKeys: [], newTexts };
  db.transaction(() => {
    let textWrites = 0;
    for (const offerId of removedOfferIds) {
      const rowid = writer.find(offerId);
      if (rowid === undefined) continue;
      written.isRewrite = true;
      writer.deleteText(rowid);
      textWrites += 1;
      writer.deleteFacets(rowid);
      writer.deleteDoc(rowid);
      if (options.countWords) writer.recordChange(rowid);
    }
    const counts = new Map<string, number>();
    for (const document of documents) {
      let rowid = writer.find(document.offerId);
      if (rowid === undefined) {
        rowid = writer.insertDoc(document);
        written.firstNew ??= rowid;
        if (document.copyKey !== null) written.newCopyKeys.push(document.copyKey);
        newTexts.push(document);
      } else {
        written.isRewrite = true;
        writer.deleteText(rowid);
        writer.deleteFacets(rowid);
        writer.updateDoc(rowid, document);
        textWrites += 1;
      }
      writer.insertText(rowid, document);
      textWrites += 1;
      for (const [kind, value] of document.facets) writer.insertFacet(rowid, kind, value);
      if (options.countWords) writer.recordChange(rowid);
      if (options.countWords) for (const word of document.words) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    if (counts.size > 0) addWords(db, counts);
    if (options.countWords) {
      writer.forgetOldChanges();
      countUnmergedChanges(db, textWrites);
    }
  })();
  return written;
}
