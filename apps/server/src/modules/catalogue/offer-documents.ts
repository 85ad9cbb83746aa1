import type { TOffer } from '@dsm/contracts';
import { CompiledQuery } from 'kysely';
import type { TDb } from '../../db/database';
import { preparedStatement } from '../../db/prepared-statements';
import { loadOfferDocumentsFromRows } from './offer-documents-from-rows';
import { SUPPLIER_AGENT_PREFIX } from './supplier-agent';

const supplierPrefix = `'${SUPPLIER_AGENT_PREFIX.replaceAll("'", "''")}'`;

/**
 * The agent named by `idColumn` as JSON, as `presentAgent` (offer-documents-from-rows.ts) presents it: an agent
 * not stored is an organisation known by its id; `json_strip_nulls` leaves out the names and address an agent lacks
 * and keeps the order of the keys (json, unlike jsonb, keeps what it is given). A supplier's agent holds the user's
 * sign-in address, which was never published: the offer's contacts are the ones the supplier chose to show.
 */
const agentJson = (idColumn: string): string => `coalesce((
        select json_strip_nulls(json_build_object(
          '@id', a.id,
          '@type', a.type,
          'foaf:name', case when a.type = 'foaf:Organization' then nullif(a.name, '') end,
          'foaf:firstName', case when a.type <> 'foaf:Organization' then nullif(a.first_name, '') end,
          'foaf:lastName', case when a.type <> 'foaf:Organization' then nullif(a.last_name, '') end,
          'foaf:mbox', case when a.email <> '' and left(a.id, ${SUPPLIER_AGENT_PREFIX.length}) <> ${supplierPrefix}
            then 'mailto:' || a.email end))
        from agents a where a.id = ${idColumn}),
      json_build_object('@id', ${idColumn}, '@type', 'foaf:Organization'))`;

/** A timestamp as `Date.toISOString` writes it (milliseconds, UTC); null for none and for ±infinity. */
const isoJson = (column: string): string =>
  `case when isfinite(${column}) then to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`;

/**
 * The documents of the offers $1 (ids as text), in its order, as one JSON array. The offers are found by uuid and
 * kept only where asked as the id is written (lower case), as the rows' reading keeps them.
 */
const DOCUMENTS = preparedStatement(`
  select json_agg(json_build_object(
    '@id', o.id,
    'title', o.title,
    'description', json_build_object('@value', o.description, '@language', o.language),
    'paymentModel', o.payment_model,
    'price', o.price,
    'isSellable', o.is_sellable and o.state = 'ACTIVE',
    'likes', o.likes,
    'keywords', o.keywords,
    'categories', o.categories,
    'datasets', coalesce((
      select json_agg(json_build_object(
        '@id', d.id,
        'dcterms:issued', ${isoJson('d.issued')},
        'dcterms:modified', ${isoJson('d.modified')},
        'dcterms:publisher', ${agentJson('d.publisher_id')},
        'dcterms:creator', case when d.creator_id is not null then ${agentJson('d.creator_id')} end,
        'geodcatp:custodian', case when d.custodian_id is not null then ${agentJson('d.custodian_id')} end,
        'dcat:theme', coalesce((
          select json_agg(json_build_object('@id', theme, 'label', theme) order by n)
          from unnest(d.themes) with ordinality as t(theme, n)), '[]'),
        'dcat:keyword', '[]'::json,
        'dcat:distribution', coalesce((
          select json_agg(json_build_object(
            '@id', s.id,
            'dcterms:title', s.title,
            'dcat:mediaType', s.media_type,
            'dcterms:format', s.format,
            'dcterms:license', s.licence,
            'dcat:accessURL', s.access_url,
            'dcat:byteSize', s.byte_size,
            'isAccessRestricted', false,
            'isPublicSample', s.is_public_sample) order by s.position)
          from distributions s where s.dataset_id = d.id), '[]')
      ) order by d.position)
      from datasets d where d.offer_id = o.id), '[]')
  ) order by wanted.n)::text as documents
  from unnest($1::text[]) with ordinality as wanted(id, n)
  join offers o on o.id = wanted.id::uuid and o.id::text = wanted.id`);

/**
 * The most offers read in one statement: building JSON costs PostgreSQL about 70 µs an offer where sending rows
 * costs 40 µs, which the planning and the presenting saved outweigh up to about 60 offers (docs/performance.md,
 * "A search page's offers, read in one statement"). More are read as rows.
 */
export const ONE_STATEMENT_UP_TO = 50;

/**
 * Loads offers by id with their datasets, distributions and agents and presents them in the catalogue's
 * JSON-LD-like shape, in the order of `ids`; unknown ids are left out. Access URLs are all there: an answer for a
 * user passes the offers through `presentAccessUrlsFor` (entitlements).
 *
 * Up to ONE_STATEMENT_UP_TO offers (a search page's, a detail page's) in one statement, more (the catalogue
 * export's hundred, a long list) as rows (offer-documents-from-rows.ts): the same documents either way.
 */
export async function loadOfferDocuments(db: TDb, ids: readonly string[]): Promise<TOffer[]> {
  return ids.length > ONE_STATEMENT_UP_TO
    ? loadOfferDocumentsFromRows(db, ids)
    : loadOfferDocumentsInOneStatement(db, ids);
}

/**
 * `loadOfferDocuments` in one prepared statement that PostgreSQL answers with the documents as one JSON text, which
 * JSON.parse turns into objects natively: the four statements of rows (offers and datasets, then distributions and
 * agents) cost PostgreSQL a parse and a plan each and the server a JavaScript object per row and its presenting.
 */
export async function loadOfferDocumentsInOneStatement(db: TDb, ids: readonly string[]): Promise<TOffer[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.executeQuery<{ documents: string | null }>(CompiledQuery.raw(DOCUMENTS, [[...ids]]));
  const text = rows[0]?.documents;
  if (!text) return [];
  const documents = JSON.parse(text) as TOffer[];
  // One array per offer, shared by its datasets as the offer's keywords are theirs: a kept page holds it once.
  for (const document of documents) {
    for (const dataset of document.datasets) dataset['dcat:keyword'] = document.keywords;
  }
  return documents;
}
