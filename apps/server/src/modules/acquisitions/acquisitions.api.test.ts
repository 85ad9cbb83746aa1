import type { TAcquisitionListResponse } from '@dsm/contracts';
import { ZAcquisitionListResponse } from '@dsm/contracts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { insertOffer } from '../catalogue/load-offers';

let buyer: TSignedIn;
let other: TSignedIn;

const ids = {
  older: '50000000-0000-4000-8000-000000000001',
  newer: '50000000-0000-4000-8000-000000000002',
  elsewhere: '50000000-0000-4000-8000-000000000003',
};

const list = (user: TSignedIn) => requestAs<TAcquisitionListResponse>(testApp, user, 'GET', '/api/acquisitions');

const testApp = useTestApp();

beforeAll(async () => {
  buyer = await signIn(testApp);
  other = await signIn(testApp);
  for (const id of Object.values(ids)) await insertOffer(testApp.database.db, makeOffer({ id, title: `Offer ${id}` }));
});

describe('GET /api/acquisitions', () => {
  it('answers an empty list for a user who acquired nothing', async () => {
    const response = await list(buyer);
    expect(response.status).toBe(200);
    expect(response.body).toEqual([]);
  });

  it("lists the user's acquired offers from the acquired_offers view, latest first, each once", async () => {
    // The orders module defines the view over its orders; this database stands in with fixed rows.
    await sql
      .raw(`
        create or replace view acquired_offers as
          select user_id, offer_id::uuid, acquired_at::timestamptz from (values
            ('${buyer.user.id}', '${ids.older}', '2025-01-01T10:00:00Z'),
            ('${buyer.user.id}', '${ids.newer}', '2025-03-01T10:00:00Z'),
            ('${buyer.user.id}', '${ids.older}', '2025-02-01T10:00:00Z'),
            ('${other.user.id}', '${ids.elsewhere}', '2025-03-01T10:00:00Z')
          ) as rows (user_id, offer_id, acquired_at)`)
      .execute(testApp.database.db);
    const response = await list(buyer);
    expect(response.status).toBe(200);
    const acquisitions = ZAcquisitionListResponse.parse(response.body);
    expect(acquisitions.map((entry) => [entry.offer['@id'], entry.acquiredAt])).toEqual([
      [ids.newer, '2025-03-01T10:00:00.000Z'],
      [ids.older, '2025-02-01T10:00:00.000Z'],
    ]);
    expect((await list(other)).body.map((entry) => entry.offer['@id'])).toEqual([ids.elsewhere]);
  });

  it('needs a signed-in user', async () => {
    expect((await request(testApp.baseUrl, 'GET', '/api/acquisitions')).status).toBe(401);
  });
});
