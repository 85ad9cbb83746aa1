import type { Database } from 'better-sqlite3';
import { analyzeText } from './analysis/analyze-text';
import { titleKey } from './analysis/title-key';
import { addWords } from './analysis/typo-vocabulary';

/** What the index reads of an active offer. */
export type TIndexSource = {
  id: string;
  title: string;
  description: string;
  language: string;
  keywords: string[];
  categories: string[];
  price: number;
  modified: Date | null;
};

/** An offer analysed for the index: its tokens per column and its distinct words for typo correction. */
export type TIndexDocument = {
  offerId: string;
  title: string;
  titleKey: string;
  modified: number | null;
  price: number;
  categories: string[];
  keywords: string[];
  titleTokens: string;
  keywordTokens: string;
  descriptionTokens: string;
  words: string[];
};

/** Analyses an offer: stemmed by its language for matching, unstemmed for the typo vocabulary. */
export function toIndexDocument(source: TIndexSource): TIndexDocument {
  const keywordText = source.keywords.join(' ; ');
  const words = new Set<string>();
  for (const text of [source.title, keywordText, source.description]) {
    for (const word of titleKey(text).split(' ')) if (word) words.add(word);
  }
  return {
    offerId: source.id,
    title: source.title,
    titleKey: titleKey(source.title),
    modified: source.modified ? source.modified.getTime() : null,
    price: source.price,
    categories: source.categories,
    keywords: source.keywords,
    titleTokens: analyzeText(source.title, source.language).join(' '),
    keywordTokens: analyzeText(keywordText, source.language).join(' '),
    descriptionTokens: analyzeText(source.description, source.language).join(' '),
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
  insertCategory: (category: string, rowid: number) => void;
  insertKeyword: (keyword: string, rowid: number) => void;
  deleteFacets: (rowid: number) => void;
};

const writers = new WeakMap<Database, TWriter>();

function writerOf(db: Database): TWriter {
  const cached = writers.get(db);
  if (cached) return cached;
  const find = db.prepare('select rowid from docs where offer_id = ?').pluck();
  const insertDoc = db.prepare(
    'insert into docs (offer_id, title, title_key, modified, price) values (@offerId, @title, @titleKey, @modified, @price)',
  );
  const updateDoc = db.prepare(
    'update docs set title = @title, title_key = @titleKey, modified = @modified, price = @price where rowid = @rowid',
  );
  const deleteDoc = db.prepare('delete from docs where rowid = ?');
  const insertText = db.prepare('insert into docs_fts (rowid, title, keywords, description) values (?, ?, ?, ?)');
  const deleteText = db.prepare('delete from docs_fts where rowid = ?');
  const insertCategory = db.prepare('insert or ignore into doc_categories (category, doc) values (?, ?)');
  const insertKeyword = db.prepare('insert or ignore into doc_keywords (keyword, doc) values (?, ?)');
  const deleteCategories = db.prepare('delete from doc_categories where doc = ?');
  const deleteKeywords = db.prepare('delete from doc_keywords where doc = ?');
  const writer: TWriter = {
    find: (offerId) => find.get(offerId) as number | undefined,
    insertDoc: (document) => Number(insertDoc.run(row(document)).lastInsertRowid),
    updateDoc: (rowid, document) => void updateDoc.run({ ...row(document), rowid }),
    deleteDoc: (rowid) => void deleteDoc.run(rowid),
    insertText: (rowid, document) =>
      void insertText.run(rowid, document.titleTokens, document.keywordTokens, document.descriptionTokens),
    deleteText: (rowid) => void deleteText.run(rowid),
    insertCategory: (category, rowid) => void insertCategory.run(category, rowid),
    insertKeyword: (keyword, rowid) => void insertKeyword.run(keyword, rowid),
    deleteFacets: (rowid) => {
      deleteCategories.run(rowid);
      deleteKeywords.run(rowid);
    },
  };
  writers.set(db, writer);
  return writer;
}

const row = (document: TIndexDocument) => ({
  offerId: document.offerId,
  title: document.title,
  titleKey: document.titleKey,
  modified: document.modified,
  price: document.price,
});

/**
 * Writes offers into the index and removes others, in one transaction. An offer already indexed keeps
 * its rowid. With `countWords`, the documents' words are added to the typo vocabulary (a full build counts
 * them once at the end instead); words of removed or changed offers stay counted until the next build.
 */
export function writeDocuments(
  db: Database,
  documents: TIndexDocument[],
  removedOfferIds: string[],
  options: { countWords: boolean },
): void {
  const writer = writerOf(db);
  db.transaction(() => {
    for (const offerId of removedOfferIds) {
      const rowid = writer.find(offerId);
      if (rowid === undefined) continue;
      writer.deleteText(rowid);
      writer.deleteFacets(rowid);
      writer.deleteDoc(rowid);
    }
    const counts = new Map<string, number>();
    for (const document of documents) {
      let rowid = writer.find(document.offerId);
      if (rowid === undefined) {
        rowid = writer.insertDoc(document);
      } else {
        writer.deleteText(rowid);
        writer.deleteFacets(rowid);
        writer.updateDoc(rowid, document);
      }
      writer.insertText(rowid, document);
      for (const category of document.categories) writer.insertCategory(category, rowid);
      for (const keyword of document.keywords) writer.insertKeyword(keyword, rowid);
      if (options.countWords) for (const word of document.words) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    if (counts.size > 0) addWords(db, counts);
  })();
}
