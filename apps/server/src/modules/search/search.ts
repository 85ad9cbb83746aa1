/**
 * Search: the catalogue's search, one vertical module. The wiring (app.ts, server.ts, the CLI) takes what it needs
 * from here; `docs/search.md` has the details and the measurements.
 *
 * What it indexes. Each active offer once, in an SQLite FTS5 index derived from PostgreSQL (`index/`): its title,
 * keywords and description as analysed words (`analysis/`: NFKC, lower case, diacritics folded, stemmed by the
 * offer's language, Chinese, Japanese and Korean as character pairs), its facet values (categories, keywords,
 * formats, licences by their labels, publishers, payment model), its price and modification date, a key shared by
 * its federated copies (the same title and description from several catalogues), and whether the link checker last
 * found one of its endpoints online ('working endpoints only'). The offers themselves stay in PostgreSQL: a page of
 * results is read from there by id.
 *
 * How it ranks. Every word of the query is required (quoted phrases, -excluded words); a word no offer has is
 * corrected to the nearest words offers have unless the search is exact; when no offer has every word, the offers
 * with the most of them answer. The matches are scored by BM25 (title 10, keywords 4, description 1) over the newest
 * 2,000, and the best 100 ranked again: the exact title first, then titles holding more of the words, then those
 * holding them side by side as typed, then BM25, the newest, the offer id. Federated copies show as one result.
 * Other orders (newest, oldest, title, price) sort the matches.
 *
 * How it stays in step with the catalogue. Statement triggers on `offers`, `datasets`, `distributions` and
 * `link_checks` (when a check changes whether an endpoint is online) write the changed offers into `search_outbox`
 * in the change's own transaction (a harvest queues its offers itself); the index's writer thread applies the outbox
 * in batches every second, and at once after a request that changed data when few changes wait, so a search right
 * after an edit finds it. Every server process keeps its own index and its own cursor in the outbox
 * (`search_outbox_cursors`, read in transaction order below the oldest running transaction, migration 0030); rows go
 * once every live index has passed them, and an index not seen for SEARCH_CONSUMER_EXPIRY_SECONDS is forgotten. An index of another schema version or of another catalogue generation (a restore) is
 * built again from PostgreSQL before it serves; `npm run reindex` builds it on demand.
 *
 * Folders: `http/` the routes and use cases (search, suggestions, filter values, related offers, formats in use);
 * `analysis/` query understanding, the text analysis offers and queries share, query parsing, typo vocabulary;
 * `index/` the index behind `ISearchIndex` (files, outbox, search and writer threads, facets); `evaluation/` the
 * known-item evaluation and the judged relevance corpus (`npm run eval:search`, its regression floor in `npm test`).
 */

/** The judged relevance corpus's offers, which the demo catalogue loads first so that its judged queries work there. */
export { JUDGED_OFFERS } from './evaluation/judged-corpus';
export { searchRoutes } from './http/routes';
export { openTemporarySearchIndex, type TTemporarySearchIndex } from './index/open-temporary-search-index';
export { readIndexLag } from './index/read-index-lag';
export { registerIndexCatchUp } from './index/register-index-catch-up';
export { renewSearchGeneration } from './index/renew-search-generation';
export type { ISearchIndex } from './index/search-index';
export { indexOwner, SqliteSearchIndex } from './index/sqlite-search-index';
