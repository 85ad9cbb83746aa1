import type { TKeywordFacetCount, TSearchResponse } from '@dsm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { makeOffer } from '../../../test/factories';
import { request, startTestApp, type TTestApp } from '../../../test/test-app';
import { insertOffers } from '../../catalogue/load-offers';

let testApp: TTestApp;
let auth: Record<string, string>;

/** Sends one search word and a body. */
function search(word: string, body: Record<string, unknown> = {}) {
  return request<TSearchResponse>(
    testApp.baseUrl,
    'POST',
    `/api/search?query=${encodeURIComponent(word)}`,
    { index: 0, pageSize: 10, ...body },
    auth,
  );
}

const entryOf = (keywords: TKeywordFacetCount[], value: string) => keywords.find((entry) => entry.value === value);

beforeAll(async () => {
  testApp = await startTestApp();
  auth = (await signIn(testApp)).headers;
  // Every offer has the word 'kwfacet', the search of these tests; each is tagged as the catalogue tags them.
  const tagged = (title: string, keywords: string[], language = 'en') =>
    makeOffer({ title: `${title} kwfacet`, description: 'Keyword facet test offer.', keywords, language });
  await insertOffers(testApp.database.db, [
    tagged('Lost property office', ['miscellaneous', 'directory']),
    tagged('Fundbüro', ['Sonstiges', 'Verzeichnis'], 'de'),
    tagged('Markttermine', ['Sonstiges'], 'de'),
    tagged('Both languages', ['Sonstiges', 'miscellaneous']),
    tagged('Air one', ['Airquality']),
    tagged('Air two', ['AIRQUALITY']),
    tagged('Plain', ['kwplain']),
  ]);
});

afterAll(async () => {
  await testApp?.close();
});

describe('the keyword facet', () => {
  it('counts a keyword and its translation as one entry, each offer once', async () => {
    const { facets } = (await search('kwfacet')).body;
    const miscellaneous = entryOf(facets.keywords, 'miscellaneous');
    // Four offers carry it: in English, in German, in German, and in both (counted once).
    expect(miscellaneous?.count).toBe(4);
    expect(miscellaneous?.variants).toEqual(
      expect.arrayContaining([
        { value: 'miscellaneous', language: 'en' },
        { value: 'Sonstiges', language: 'de' },
      ]),
    );
    expect(entryOf(facets.keywords, 'Sonstiges')).toBeUndefined();
    expect(entryOf(facets.keywords, 'directory')).toMatchObject({ count: 2 });
    expect(entryOf(facets.keywords, 'Verzeichnis')).toBeUndefined();
    // The facet lists it first: the most frequent entry.
    expect(facets.keywords[0]?.value).toBe('miscellaneous');
  });

  it('counts spellings that differ only in case as one entry', async () => {
    const { facets } = (await search('kwfacet')).body;
    const air = facets.keywords.filter((entry) => entry.value.toLowerCase() === 'airquality');
    expect(air).toHaveLength(1);
    expect(air[0]?.count).toBe(2);
    expect(air[0]?.variants?.map((variant) => variant.value).sort()).toEqual(['AIRQUALITY', 'Airquality']);
  });

  it('lists a keyword without translation or other spelling as it is, without variants', async () => {
    const { facets } = (await search('kwfacet')).body;
    expect(entryOf(facets.keywords, 'kwplain')).toEqual({ value: 'kwplain', count: 1 });
  });

  it('finds as many offers as an entry counts when filtered by its variants', async () => {
    const { facets } = (await search('kwfacet')).body;
    const miscellaneous = entryOf(facets.keywords, 'miscellaneous');
    const keywords = miscellaneous?.variants?.map((variant) => variant.value) ?? [];
    const filtered = await search('kwfacet', { filter: { keywords } });
    expect(filtered.status).toBe(200);
    expect(filtered.body.total).toBe(miscellaneous?.count);
    // Counted among the filtered results, the entry has every one of them.
    expect(entryOf(filtered.body.facets.keywords, 'miscellaneous')?.count).toBe(filtered.body.total);
  });

  it('keeps the keywords filter exact: one spelling finds only the offers tagged with it', async () => {
    const filtered = await search('kwfacet', { filter: { keywords: ['Sonstiges'] } });
    expect(filtered.body.total).toBe(3);
  });
});
