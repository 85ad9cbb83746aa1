import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOffer } from '../../test/factories';
import { createTestDatabase, type TTestDatabase } from '../../test/test-database';
import { insertOffer } from './load-offers';
import { loadOfferDocuments, loadOfferDocumentsInOneStatement, ONE_STATEMENT_UP_TO } from './offer-documents';
import { loadOfferDocumentsFromRows } from './offer-documents-from-rows';
import { SUPPLIER_AGENT_PREFIX } from './supplier-agent';

let database: TTestDatabase;

const organisation = { id: `https://dsm.example/agents/org-${randomUUID()}`, type: 'foaf:Organization' as const };
const unnamed = { id: `https://dsm.example/agents/unnamed-${randomUUID()}`, type: 'foaf:Organization' as const };
const person = {
  id: `https://dsm.example/agents/person-${randomUUID()}`,
  type: 'foaf:Person' as const,
  firstName: 'Zoë "Z"',
  lastName: '',
  email: 'zoe@example.org',
};
const supplier = {
  id: `${SUPPLIER_AGENT_PREFIX}${randomUUID()}`,
  type: 'foaf:Organization' as const,
  name: 'Supplier\nwith a line break',
  email: 'signin@example.org',
};
/** Named by a dataset but never stored (an agent row deleted behind the catalogue's back). */
const missingAgentId = `https://dsm.example/agents/missing-${randomUUID()}`;

const several = makeOffer({
  title: 'Several datasets ✓',
  keywords: ['Luft', 'air "quality"', 'émissions'],
  categories: ['ENVIRONMENT', 'TRANSPORT'],
  paymentModel: 'PAY_PER_USE_DOWNLOAD',
  price: 12.5,
  isSellable: true,
  byteSizes: [1024, null, 9_007_199_254_740_000],
});
several.datasets[0] = { ...several.datasets[0]!, publisher: { ...organisation, name: 'Org' }, custodian: person };
several.datasets.push({
  id: `${several.id}/dataset/1`,
  issued: null,
  modified: new Date('1999-12-31T23:59:59.999Z'),
  publisher: supplier,
  creator: unnamed,
  custodian: null,
  themes: [],
  distributions: [],
});
const unpublished = makeOffer({ title: 'Unpublished', isSellable: true, price: 3 });
const bare = makeOffer({ title: 'No datasets', keywords: [] });
bare.datasets = [];
const orphaned = makeOffer({ title: 'Publisher missing' });

beforeAll(async () => {
  database = await createTestDatabase();
  for (const offer of [several, unpublished, bare, orphaned]) await insertOffer(database.db, offer);
  await sql`update offers set state = 'INACTIVE' where id = ${unpublished.id}`.execute(database.db);
  // Microseconds, which both readings cut to milliseconds, and a date PostgreSQL calls infinite.
  await sql`update datasets set issued = '2021-03-04 05:06:07.891234+02', modified = 'infinity'
    where id = ${several.datasets[0]!.id}`.execute(database.db);
  await database.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`update datasets set publisher_id = ${missingAgentId}, custodian_id = ${missingAgentId}
      where offer_id = ${orphaned.id}`.execute(trx);
  });
}, 120_000);

afterAll(async () => {
  await database?.drop();
});

describe('offer documents read in one statement', () => {
  it('are the documents the rows made, key for key, in the order asked', async () => {
    const ids = [orphaned.id, randomUUID(), several.id, unpublished.id, bare.id, several.id.toUpperCase()];
    const fromRows = await loadOfferDocumentsFromRows(database.db, ids);
    const inOneStatement = await loadOfferDocumentsInOneStatement(database.db, ids);
    expect(fromRows.map((offer) => offer.title)).toEqual([
      'Publisher missing',
      'Several datasets ✓',
      'Unpublished',
      'No datasets',
    ]);
    // The same text, so the same keys in the same order, and the same values to the millisecond.
    expect(JSON.stringify(inOneStatement)).toEqual(JSON.stringify(fromRows));
    expect(inOneStatement).toEqual(fromRows);
  });

  it('present agents, dates and sizes as a search page shows them', async () => {
    const [offer] = await loadOfferDocuments(database.db, [several.id]);
    const [first, second] = offer!.datasets;
    expect(first!['dcterms:issued']).toBe('2021-03-04T03:06:07.891Z');
    expect(first!['dcterms:modified']).toBeNull();
    expect(first!['geodcatp:custodian']).toEqual({
      '@id': person.id,
      '@type': 'foaf:Person',
      'foaf:firstName': 'Zoë "Z"',
      'foaf:mbox': 'mailto:zoe@example.org',
    });
    expect(first!['dcat:distribution'].map((distribution) => distribution['dcat:byteSize'])).toEqual([
      1024,
      null,
      9_007_199_254_740_000,
    ]);
    // A supplier's sign-in address is not the offer's contact.
    expect(second!['dcterms:publisher']).toEqual({
      '@id': supplier.id,
      '@type': 'foaf:Organization',
      'foaf:name': 'Supplier\nwith a line break',
    });
    expect(second!['dcterms:creator']).toEqual({ '@id': unnamed.id, '@type': 'foaf:Organization' });
    expect(second!['dcat:keyword']).toBe(offer!.keywords);
    const [orphan] = await loadOfferDocuments(database.db, [orphaned.id]);
    expect(orphan!.datasets[0]!['dcterms:publisher']).toEqual({ '@id': missingAgentId, '@type': 'foaf:Organization' });
    const [hidden] = await loadOfferDocuments(database.db, [unpublished.id]);
    expect(hidden!.isSellable).toBe(false);
  });

  it('are read by a statement each connection prepares once', async () => {
    const prepared = await database.db.connection().execute(async (connection) => {
      for (let run = 0; run < 3; run++) await loadOfferDocumentsInOneStatement(connection, [several.id]);
      return sql<{ name: string }>`select name from pg_prepared_statements
        where statement like '%json_agg%' and statement like '%wanted%'`.execute(connection);
    });
    expect(prepared.rows).toHaveLength(1);
  });

  it('are the same documents when more offers are asked than one statement reads', async () => {
    const unknown = Array.from({ length: ONE_STATEMENT_UP_TO }, () => randomUUID());
    const many = await loadOfferDocuments(database.db, [several.id, ...unknown, unpublished.id]);
    expect(many).toEqual(await loadOfferDocuments(database.db, [several.id, unpublished.id]));
    expect(many.map((offer) => offer.title)).toEqual(['Several datasets ✓', 'Unpublished']);
  });

  it('answer nothing for no ids or unknown ones', async () => {
    expect(await loadOfferDocuments(database.db, [])).toEqual([]);
    expect(await loadOfferDocumentsInOneStatement(database.db, [randomUUID()])).toEqual([]);
  });
});
