import { randomUUID } from 'node:crypto';
import type { TRelatedOffersResponse } from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/auth';
import { makeOffer } from '../../../test/factories';
import { useTestApp } from '../../../test/lifecycle';
import { request } from '../../../test/test-app';
import { insertOffer } from '../../catalogue/load-offers';

type TError = { statusCode: number; code: string };

const testApp = useTestApp();
let auth: Record<string, string>;

const ids = {
  tides: randomUUID(),
  tidesCopy: randomUUID(),
  sharesKeyword: randomUUID(),
  sharesCategory: randomUUID(),
  unrelated: randomUUID(),
  crowded: randomUUID(),
};
const crowd: string[] = Array.from({ length: 8 }, () => randomUUID());

const related = (id: string) =>
  request<TRelatedOffersResponse & TError>(testApp.baseUrl, 'GET', `/api/search/related/${id}`, undefined, auth);
const titles = (response: { body: TRelatedOffersResponse }) => response.body.data.map((offer) => offer.title);

beforeAll(async () => {
  auth = (await signIn(testApp)).headers;
  const db = testApp.database.db;
  const tides = { title: 'Tide tables of the Elbe', description: 'High and low water at Cuxhaven.' };
  const offers = [
    makeOffer({ id: ids.tides, ...tides, keywords: ['tides', 'harbour'], categories: ['TRANSPORT'] }),
    // The same dataset published in another catalogue: a federated copy, never "related".
    makeOffer({
      id: ids.tidesCopy,
      ...tides,
      keywords: ['tides'],
      categories: ['TRANSPORT'],
      modified: new Date('2025-06-01T00:00:00Z'),
    }),
    makeOffer({
      id: ids.sharesKeyword,
      title: 'Harbour berths',
      keywords: ['harbour'],
      categories: ['ECONOMY_AND_FINANCE'],
      modified: new Date('2023-01-01T00:00:00Z'),
    }),
    makeOffer({
      id: ids.sharesCategory,
      title: 'Ferry timetables',
      keywords: ['ferries'],
      categories: ['TRANSPORT'],
      modified: new Date('2025-01-01T00:00:00Z'),
    }),
    makeOffer({ id: ids.unrelated, title: 'Hospital beds', keywords: ['health'], categories: ['HEALTH'] }),
    makeOffer({ id: ids.crowded, title: 'Crowded topic', keywords: ['crowd'], categories: ['ENERGY'] }),
    ...crowd.map((id, n) =>
      makeOffer({
        id,
        title: `Crowd member ${n}`,
        description: `Member ${n}.`,
        keywords: ['crowd'],
        categories: ['ENERGY'],
      }),
    ),
  ];
  for (const offer of offers) await insertOffer(db, offer);
  await testApp.app.searchIndex.refresh();
}, 60_000);

describe('GET /api/search/related/{id}', () => {
  it('lists offers sharing a keyword first, then a category, without the offer itself or its federated copies', async () => {
    const response = await related(ids.tides);
    expect(response.status).toBe(200);
    expect(titles(response)).toEqual(['Harbour berths', 'Ferry timetables']);
    const shown = response.body.data.map((offer) => offer['@id']);
    expect(shown).not.toContain(ids.tides);
    expect(shown).not.toContain(ids.tidesCopy);
  });

  it('answers at most six offers, none twice', async () => {
    const response = await related(ids.crowded);
    expect(response.body.data).toHaveLength(6);
    expect(new Set(response.body.data.map((offer) => offer['@id'])).size).toBe(6);
    expect(response.body.data.every((offer) => crowd.includes(offer['@id']))).toBe(true);
  });

  it('answers an empty list for an offer that shares nothing', async () => {
    const response = await related(ids.unrelated);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([]);
  });

  it('is 404 for an unknown offer and 400 for an id that is not a UUID', async () => {
    expect((await related(randomUUID())).status).toBe(404);
    const bad = await related('not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('VALIDATION_FAILED');
  });
});
