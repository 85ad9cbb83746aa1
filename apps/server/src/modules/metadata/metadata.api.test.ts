import {
  ErrorCode,
  MAX_BATCH_IDS,
  type TErrorResponse,
  type TMetadataItem,
  type TMetadataPage,
  ZMetadataBatchResponse,
  ZMetadataItem,
  ZMetadataPage,
} from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { insertOffer } from '../catalogue/load-offers';

let auth: Record<string, string>;

/** Ids in ascending order, so paging by id is predictable. */
const ids = Array.from({ length: 5 }, (_, index) => `20000000-0000-4000-8000-00000000000${index + 1}`);
const UNKNOWN = '2fffffff-0000-4000-8000-000000000000';

const get = <T>(path: string, headers = auth) => request<T>(testApp.baseUrl, 'GET', path, undefined, headers);

/** The fields of the first offer that its metadata answers as given. */
const AIR_QUALITY = {
  title: 'Air quality Leipzig',
  provider: 'Stadt Leipzig',
  author: 'Ada Author',
  maintainer: 'Max Maintainer',
  paymentModel: 'PAY_PER_USE_DOWNLOAD',
  price: 12.5,
  isSellable: true,
} as const;

const testApp = useTestApp();

beforeAll(async () => {
  auth = (await signIn(testApp)).headers;
  await insertOffer(
    testApp.database.db,
    makeOffer({
      id: ids[0],
      ...AIR_QUALITY,
      byteSizes: [1024, 2048],
    }),
  );
  for (const id of ids.slice(1)) await insertOffer(testApp.database.db, makeOffer({ id, title: `Offer ${id}` }));
});

describe('GET /api/metadata/{id}', () => {
  it('answers the offer with its details and one pending check per distribution', async () => {
    const response = await get<TMetadataItem>(`/api/metadata/${ids[0]}`);
    expect(response.status).toBe(200);
    const item = ZMetadataItem.parse(response.body);
    expect(item).toMatchObject({
      '@id': ids[0],
      ...AIR_QUALITY,
      likes: 0,
    });
    const distributions = item.datasets[0]!['dcat:distribution'];
    expect(item.endpointChecks.map((check) => check.distributionId)).toEqual(
      distributions.map((distribution) => distribution['@id']),
    );
    expect(item.endpointChecks.every((check) => check.status === 'pending')).toBe(true);
  });

  it('records the never-checked endpoints for the link checker', async () => {
    const rows = await testApp.database.db
      .selectFrom('link_checks')
      .select(['offer_id', 'status'])
      .where('offer_id', '=', ids[0]!)
      .execute();
    expect(rows).toEqual([
      { offer_id: ids[0], status: null },
      { offer_id: ids[0], status: null },
    ]);
  });

  it('accepts the id in capitals', async () => {
    const response = await get<TMetadataItem>(`/api/metadata/${ids[1]!.toUpperCase()}`);
    expect(response.status).toBe(200);
    expect(response.body['@id']).toBe(ids[1]);
  });

  it('answers 404 for an unknown id', async () => {
    const response = await get<TErrorResponse>(`/api/metadata/${UNKNOWN}`);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const response = await get<TErrorResponse>('/api/metadata/not-a-uuid');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.issues?.[0]?.path).toBe('params.id');
  });

  it('needs a signed-in user', async () => {
    const response = await get<TErrorResponse>(`/api/metadata/${ids[0]}`, {});
    expect(response.status).toBe(401);
  });
});

describe('GET /api/metadata?batchIds=', () => {
  it('answers the known items in the order asked, leaving unknown ids out', async () => {
    const response = await get<TMetadataItem[]>(`/api/metadata?batchIds=${ids[2]},${UNKNOWN},${ids[0]}`);
    expect(response.status).toBe(200);
    const items = ZMetadataBatchResponse.parse(response.body);
    expect(items.map((item) => item['@id'])).toEqual([ids[2], ids[0]]);
  });

  it("answers the reference's spelling with a trailing slash, repeats once", async () => {
    const response = await get<TMetadataItem[]>(`/api/metadata/?batchIds=${ids[1]},${ids[1]}`);
    expect(response.status).toBe(200);
    expect(response.body.map((item) => item['@id'])).toEqual([ids[1]]);
  });

  it('answers an empty list for no ids', async () => {
    const response = await get<TMetadataItem[]>('/api/metadata?batchIds=');
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it('does not queue checks for a batch', async () => {
    await get(`/api/metadata?batchIds=${ids[4]}`);
    const rows = await testApp.database.db
      .selectFrom('link_checks')
      .select('distribution_id')
      .where('offer_id', '=', ids[4]!)
      .execute();
    expect(rows).toEqual([]);
  });

  it(`answers 400 for more than ${MAX_BATCH_IDS} ids`, async () => {
    const many = Array.from(
      { length: MAX_BATCH_IDS + 1 },
      (_, index) => `30000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    );
    const response = await get<TErrorResponse>(`/api/metadata?batchIds=${many.join(',')}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.message).toContain(String(MAX_BATCH_IDS));
  });

  it(`accepts exactly ${MAX_BATCH_IDS} ids`, async () => {
    const many = [
      ...ids,
      ...Array.from(
        { length: MAX_BATCH_IDS - ids.length },
        (_, index) => `30000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      ),
    ];
    const response = await get<TMetadataItem[]>(`/api/metadata?batchIds=${many.join(',')}`);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(ids.length);
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const response = await get<TErrorResponse>(`/api/metadata?batchIds=${ids[0]},nope`);
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.path).toContain('batchIds');
  });
});

describe('GET /api/metadata (paged)', () => {
  it('pages through the catalogue in id order with next', async () => {
    const first = await get<TMetadataPage>('/api/metadata?limit=2');
    expect(first.status).toBe(200);
    const page = ZMetadataPage.parse(first.body);
    expect(page.data.map((item) => item['@id'])).toEqual(ids.slice(0, 2));
    expect(page.next).toBe(ids[1]);

    const seen = [...page.data.map((item) => item['@id'])];
    let next = page.next;
    while (next) {
      const more = await get<TMetadataPage>(`/api/metadata?limit=2&after=${next}`);
      seen.push(...more.body.data.map((item) => item['@id']));
      next = more.body.next;
    }
    expect(seen).toEqual(ids);
  });

  it('uses 100 items when no limit is given', async () => {
    const response = await get<TMetadataPage>('/api/metadata');
    expect(response.body.limit).toBe(100);
    expect(response.body.data).toHaveLength(ids.length);
    expect(response.body.next).toBeNull();
  });

  it('answers 400 for a limit above 1000 or a bad cursor', async () => {
    expect((await get('/api/metadata?limit=1001')).status).toBe(400);
    expect((await get('/api/metadata?limit=0')).status).toBe(400);
    expect((await get('/api/metadata?after=nope')).status).toBe(400);
  });
});
