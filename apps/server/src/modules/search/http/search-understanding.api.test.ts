import type { TSearchResponse } from '@dsm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { makeOffer } from '../../../test/factories';
import { request, startTestApp, type TTestApp } from '../../../test/test-app';
import { insertOffers } from '../../catalogue/load-offers';

let testApp: TTestApp;
let auth: Record<string, string>;

const id = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;
const ids = {
  county: id(1),
  farmers: id(2),
  farmersCsv: id(3),
  covid: id(4),
  otherOutcomes: id(5),
  outcomes: id(6),
  taiwan: id(7),
  sewage: id(8),
  old: id(9),
  cheap: id(10),
  campaign: id(11),
};

/** Sends the search bar's terms (joined with '|') and a body. */
function search(terms: string[], body: Record<string, unknown> = {}) {
  const query = terms.length > 0 ? `?query=${encodeURIComponent(terms.join('|'))}` : '';
  return request<TSearchResponse>(
    testApp.baseUrl,
    'POST',
    `/api/search${query}`,
    { index: 0, pageSize: 10, ...body },
    auth,
  );
}
const idsOf = (response: { body: TSearchResponse }) => response.body.data.map((offer) => offer['@id']);

beforeAll(async () => {
  testApp = await startTestApp();
  auth = (await signIn(testApp)).headers;
  await insertOffers(testApp.database.db, [
    makeOffer({
      id: ids.county,
      title: 'US County Boundaries',
      description: 'Polygons of every county.',
      keywords: ['Census tracts'],
      price: 30,
    }),
    makeOffer({
      id: ids.farmers,
      title: 'Farmers Markets - Shape',
      description: 'Locations of markets.',
      modified: new Date('2019-05-01T00:00:00Z'),
      price: 12,
    }),
    makeOffer({
      id: ids.farmersCsv,
      title: 'Farmers Markets - CSV',
      description: 'Locations of markets as a table.',
      modified: new Date('2023-05-01T00:00:00Z'),
      price: 12,
    }),
    makeOffer({
      id: ids.covid,
      title: 'Provisional COVID-19 Deaths by State',
      description: 'Weekly counts of deaths involving COVID-19.',
      price: 5,
    }),
    makeOffer({ id: ids.otherOutcomes, title: 'Other Outcomes', description: 'Outcomes of other programmes.' }),
    makeOffer({
      id: ids.outcomes,
      title: 'Programme outcomes and outcomes reports',
      description: 'Outcomes, outcomes and more outcomes of every programme.',
      modified: new Date('2025-06-01T00:00:00Z'),
    }),
    makeOffer({ id: ids.taiwan, title: '臺灣地區人口統計', description: '各縣市人口。', language: 'zh' }),
    makeOffer({ id: ids.sewage, title: '污水處理廠放流水質', description: '水質監測資料。', language: 'zh' }),
    makeOffer({
      id: ids.old,
      title: 'Aardvark sightings',
      description: 'Markets of old.',
      price: 3,
      modified: new Date('2001-01-01T00:00:00Z'),
    }),
    makeOffer({ id: ids.cheap, title: 'Zebra crossings', description: 'Markets and crossings.', price: 1 }),
    makeOffer({ id: ids.campaign, title: 'Campaign Finance - Data Key', description: 'Keys to the finance data.' }),
  ]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('typo tolerance', () => {
  it('finds a title with a misspelled word and says what it searched instead', async () => {
    const response = await search(['US', 'Counyt', 'Boundaries']);
    expect(response.status).toBe(200);
    expect(idsOf(response)[0]).toBe(ids.county);
    expect(response.body.correctedQuery).toBe('US|County|Boundaries');
    expect(response.body.matchedAllTerms).toBe(true);
  });

  it('corrects two typos in a long word and none in a short one', async () => {
    const long = await search(['Provisoinal', 'Daeths']);
    expect(idsOf(long)).toContain(ids.covid);
    expect(long.body.correctedQuery).toBe('Provisional|Deaths');
    // "Shpe" has four letters: too short to be corrected, so no offer has every word.
    const short = await search(['Farmers', 'Shpe']);
    expect(short.body.correctedQuery).toBeNull();
    expect(short.body.matchedAllTerms).toBe(false);
  });

  it('searches the words as typed when asked for exactly that', async () => {
    const response = await search(['US', 'Counyt', 'Boundaries'], { exact: true });
    expect(response.body.correctedQuery).toBeNull();
    expect(response.body.matchedAllTerms).toBe(false);
    expect(idsOf(response)[0]).toBe(ids.county);
  });

  it('does not correct a word the catalogue has', async () => {
    const response = await search(['markets']);
    expect(response.body.correctedQuery).toBeNull();
    expect(response.body.total).toBe(4);
  });
});

describe('punctuation', () => {
  it('reads a dash inside pasted text as punctuation, not as an exclusion', async () => {
    const pasted = await search(['Farmers Markets - Shape']);
    expect(idsOf(pasted)[0]).toBe(ids.farmers);
    const split = await search(['Campaign', 'Finance', '-', 'Data', 'Key']);
    expect(idsOf(split)[0]).toBe(ids.campaign);
  });

  it('excludes with a dash that starts a term', async () => {
    const response = await search(['Farmers', 'Markets', '-Shape']);
    expect(idsOf(response)).toEqual([ids.farmersCsv]);
  });

  it('treats query syntax characters as text', async () => {
    const response = await search(['farmers & (markets) | "shape" <-> !csv*']);
    expect(response.status).toBe(200);
  });
});

describe('when no offer has every word', () => {
  it('ranks the offers by how many of the words they have and says so', async () => {
    const response = await search(['covid', 'deaths', 'by', 'state', 'chicago']);
    expect(response.body.matchedAllTerms).toBe(false);
    expect(idsOf(response)[0]).toBe(ids.covid);
  });

  it('finds nothing, with every word required, for words the catalogue lacks entirely', async () => {
    const response = await search(['qwxzyv'], { exact: true });
    expect(response.body.total).toBe(0);
    expect(response.body.matchedAllTerms).toBe(true);
  });
});

describe('ranking', () => {
  it('puts an exact title first even when its words are stop words and common', async () => {
    const response = await search(['Other', 'Outcomes']);
    expect(idsOf(response)[0]).toBe(ids.otherOutcomes);
  });
});

describe('Chinese', () => {
  it('finds traditional text with simplified or variant characters, and a two-character word inside a run', async () => {
    for (const query of ['臺灣', '台灣', '台湾']) {
      expect(idsOf(await search([query])), query).toEqual([ids.taiwan]);
    }
    expect(idsOf(await search(['污水处理']))).toEqual([ids.sewage]);
    expect(idsOf(await search(['人口']))).toEqual([ids.taiwan]);
  });
});

describe('sorting', () => {
  const markets = ['markets'];
  it('orders by modification date, title and price', async () => {
    // Zebra crossings has the factory's date, 2024-01-01.
    expect(idsOf(await search(markets, { sort: 'newest' }))).toEqual([ids.cheap, ids.farmersCsv, ids.farmers, ids.old]);
    expect(idsOf(await search(markets, { sort: 'oldest' }))[0]).toBe(ids.old);
    expect(idsOf(await search(markets, { sort: 'title' }))).toEqual([ids.old, ids.farmersCsv, ids.farmers, ids.cheap]);
    const byPrice = await search(markets, { sort: 'price' });
    expect(byPrice.body.data.map((offer) => offer.price)).toEqual(
      [...byPrice.body.data.map((offer) => offer.price)].sort((a, b) => Number(a) - Number(b)),
    );
    expect(idsOf(byPrice)).toEqual([ids.cheap, ids.old, ids.farmersCsv, ids.farmers]);
  });

  it('orders the whole catalogue when there is no text', async () => {
    const oldest = await search([], { sort: 'oldest' });
    expect(idsOf(oldest)[0]).toBe(ids.old);
  });

  it('refuses an unknown order with a message naming it', async () => {
    const response = await search(markets, { sort: 'random' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('sort');
  });
});

describe('freshness', () => {
  it('finds an offer by its new title right after it changed, and no longer after it is gone', async () => {
    const db = testApp.database.db;
    await sql`update offers set title = 'Quokka census' where id = ${ids.cheap}`.execute(db);
    expect(idsOf(await search(['quokka']))).toEqual([ids.cheap]);
    expect(idsOf(await search(['zebra']))).toEqual([]);
    await sql`update offers set state = 'INACTIVE' where id = ${ids.cheap}`.execute(db);
    expect(idsOf(await search(['quokka']))).toEqual([]);
    await sql`update offers set state = 'ACTIVE' where id = ${ids.cheap}`.execute(db);
    expect(idsOf(await search(['quokka']))).toEqual([ids.cheap]);
  });

  it('answers a search it answered before anew once the catalogue changed', async () => {
    const db = testApp.database.db;
    const before = await search(['aardvark']);
    expect(idsOf(await search(['aardvark']))).toEqual(idsOf(before));
    await sql`update offers set title = 'Aardvark and pangolin sightings' where id = ${ids.old}`.execute(db);
    const after = await search(['aardvark']);
    expect(idsOf(after)).toEqual([ids.old]);
    expect((await search(['pangolin'])).body.total).toBe(1);
    await sql`update offers set state = 'INACTIVE' where id = ${ids.old}`.execute(db);
    expect((await search(['aardvark'])).body.total).toBe(0);
    await sql`update offers set state = 'ACTIVE', title = 'Aardvark sightings' where id = ${ids.old}`.execute(db);
  });

  it('queues no index work for a change search does not read', async () => {
    const db = testApp.database.db;
    await search(['quokka']);
    // Rows queued before may still wait for another index to pass them: the queue's numbering tells what was added.
    const lastQueued = async () => {
      const { rows } = await sql<{ n: string }>`
        select last_value::text as n from pg_sequences where sequencename = 'search_outbox_id_seq'`.execute(db);
      return rows[0]?.n;
    };
    const before = await lastQueued();
    await sql`update offers set likes = likes + 1 where id = ${ids.county}`.execute(db);
    expect(await lastQueued()).toBe(before);
  });
});

describe('facets and their filters', () => {
  it('counts the values of the matches, and filters by format, licence, publisher, payment model and date', async () => {
    const response = await search(['markets']);
    const { facets, areFacetCountsEstimated } = response.body;
    expect(areFacetCountsEstimated).toBe(false);
    expect(facets.categories).toEqual([{ value: 'OTHERS', count: 4 }]);
    expect(facets.paymentModels).toEqual([{ value: 'FREE_OF_CHARGE', count: 4 }]);
    expect(facets.publishers[0]?.count).toBe(4);
    const format = facets.formats[0];
    expect(format?.count).toBe(4);
    const byFormat = await search(['markets'], { filter: { formats: [format?.value] } });
    expect(byFormat.body.total).toBe(4);
    const none = await search(['markets'], { filter: { formats: ['NO-SUCH-FORMAT'] } });
    expect(none.body.total).toBe(0);
    const recent = await search(['markets'], { filter: { modifiedFrom: '2020-01-01', modifiedTo: '2023-12-31' } });
    expect(idsOf(recent)).toEqual([ids.farmersCsv]);
    const oneDay = await search(['markets'], { filter: { modifiedFrom: '2019-05-01', modifiedTo: '2019-05-01' } });
    expect(idsOf(oneDay)).toEqual([ids.farmers]);
    const paid = await search(['markets'], { filter: { paymentModels: ['PAY_PER_USE_DOWNLOAD'] } });
    expect(paid.body.total).toBe(0);
  });

  it('refuses a date range that ends before it starts, and a date that is not one', async () => {
    const reversed = await search(['markets'], { filter: { modifiedFrom: '2024-01-02', modifiedTo: '2024-01-01' } });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('modifiedFrom');
    const notADate = await search(['markets'], { filter: { modifiedFrom: '2024-13-45' } });
    expect(notADate.status).toBe(400);
  });
});

describe('suggestions', () => {
  const suggest = (prefix: string) =>
    request<{ suggestions: { kind: string; text: string }[] }>(
      testApp.baseUrl,
      'GET',
      `/api/search/suggest?prefix=${encodeURIComponent(prefix)}`,
      undefined,
      auth,
    );

  it('completes titles from their words and the last word typed in part', async () => {
    const response = await suggest('farmers mark');
    expect(response.status).toBe(200);
    const titles = response.body.suggestions.filter((s) => s.kind === 'title').map((s) => s.text);
    expect(titles.sort()).toEqual(['Farmers Markets - CSV', 'Farmers Markets - Shape']);
    expect((await suggest('Provisio')).body.suggestions.map((s) => s.text)).toContain(
      'Provisional COVID-19 Deaths by State',
    );
  });

  it('puts keywords starting with what is typed first', async () => {
    const response = await suggest('cens');
    expect(response.body.suggestions[0]).toEqual({ kind: 'keyword', text: 'Census tracts' });
  });

  it('refuses an empty prefix with a message', async () => {
    const response = await suggest('  ');
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('prefix');
  });
});

describe('the correction line', () => {
  it('writes a corrected word with the accents the titles give it', async () => {
    await insertOffers(testApp.database.db, [makeOffer({ title: 'Verkehrszählungen Köln', language: 'de' })]);
    const response = await search(['Verkehrszählngen']);
    expect(response.body.correctedQuery).toBe('Verkehrszählungen');
    expect(response.body.total).toBe(1);
  });
});

describe('federated copies', () => {
  it('shows the copies of one dataset from several catalogues as one result naming the others', async () => {
    const text = {
      title: 'Wombat burrow survey',
      description: 'Counts of wombat burrows along every walking trail of the national park, by season.',
    };
    const copyIn = (publisher: string, modified: string) => {
      const offer = makeOffer({ ...text, modified: new Date(modified) });
      const dataset = offer.datasets[0];
      if (dataset)
        dataset.publisher = {
          id: `https://dsm.example/agents/${publisher}`,
          type: 'foaf:Organization',
          name: publisher,
        };
      return offer;
    };
    const original = copyIn('Park Authority', '2024-03-01T00:00:00Z');
    const copies = [copyIn('State Portal', '2024-03-02T00:00:00Z'), copyIn('EU Portal', '2024-03-03T00:00:00Z')];
    // The same title over another text is another dataset.
    const namesake = makeOffer({ title: text.title, description: 'Burrows near the visitor centre only.' });
    await insertOffers(testApp.database.db, [original, ...copies, namesake]);

    const response = await search(['wombat burrow survey']);
    expect(response.status).toBe(200);
    // Three copies shown as one, and the namesake: two results, on one page.
    expect(response.body.total).toBe(2);
    const shown = idsOf(response);
    expect(shown).toContain(namesake.id);
    const shownCopies = shown.filter((offerId) => [original.id, ...copies.map((copy) => copy.id)].includes(offerId));
    expect(shownCopies).toHaveLength(1);
    const entry = response.body.copies.find((copy) => copy.offerId === shownCopies[0]);
    expect(entry?.total).toBe(2);
    expect(entry?.copies.map((copy) => copy.publisher).sort()).toEqual(
      ['EU Portal', 'Park Authority', 'State Portal'].filter((name) => name !== publisherOf(shownCopies[0])).sort(),
    );
    expect(response.body.copies.some((copy) => copy.offerId === namesake.id)).toBe(false);

    function publisherOf(offerId: string | undefined): string {
      const offer = [original, ...copies].find((candidate) => candidate.id === offerId);
      return offer?.datasets[0]?.publisher?.name ?? '';
    }
  });

  it('lists every copy when sorted by another order than relevance', async () => {
    const response = await search(['wombat burrow survey'], { sort: 'newest' });
    expect(response.body.total).toBe(4);
    expect(idsOf(response)).toHaveLength(4);
  });
});
