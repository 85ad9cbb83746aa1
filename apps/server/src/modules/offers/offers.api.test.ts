import { createConnectorClient } from '@dsm/connector-client';
import { type Sandbox, startSandbox } from '@dsm/connector-sandbox';
import { ErrorCode, type TOffer, type TOfferInputBody, type TOwnOffer, type TOwnOfferDetails } from '@dsm/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../../db/embedded-postgres';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { makeOffer } from '../../test/factories';
import { searchAs } from '../../test/search';
import { request, startTestApp, type TBody, type TTestApp } from '../../test/test-app';
import { seedLicences } from '../catalogue/licence-catalogue';
import { insertOffer } from '../catalogue/load-offers';
import { connectorIdsOf } from '../catalogue/offer-connector-ids';
import { insertConnector } from '../connectors/connector-repository';

const API_KEY = 'offers-api-test-key';

let testApp: TTestApp;
let supplier: TSignedIn;
let stranger: TSignedIn;
let sandbox: Sandbox;

/** A complete, valid wizard input; each test changes what it is about. */
function validInput(overrides: Partial<TOfferInputBody> = {}): TOfferInputBody {
  return {
    pricingOption: 'FREE',
    contentType: 'DATA',
    accessType: 'DIRECT',
    language: 'en',
    generalInfo: {
      title: 'Tidal gauge readings of the Elbe estuary',
      description: 'Water levels every ten minutes from twelve gauges.',
      keywords: 'tides, water level\nElbe',
      categories: ['ENVIRONMENT', 'TRANSPORT'],
      authorName: 'Ada Author',
      authorEmail: 'ada@example.org',
      maintainerName: 'Max Maintainer',
      maintainerEmail: 'max@example.org',
    },
    endpoints: [
      {
        mimeType: 'text/csv',
        format: 'csv',
        endpointTitle: 'Readings 2024',
        endpointDescription: 'All gauges, 2024.',
        accessUrl: 'https://data.example.org/elbe/2024.csv',
        filesize: 1.5,
        sizeUnit: 'MB',
      },
      {
        mimeType: 'application/json',
        format: 'json',
        endpointTitle: 'Live API',
        endpointDescription: 'The latest readings.',
        accessUrl: 'https://api.example.org/elbe/latest',
        filesize: 0,
        sizeUnit: 'KB',
      },
    ],
    licensingInfo: {
      licenceType: 'Creative Commons Namensnennung 4.0 International',
      geoRestriction: '',
      timeRestriction: '',
      timeUnit: '',
      paymentType: 'FREE_OF_CHARGE',
      price: 0,
      priceUnit: '',
    },
    connectorId: null,
    ...overrides,
  };
}

/** The valid offer input, paid on the licensing terms given. */
function paidInput(
  licensingInfo: Partial<TOfferInputBody['licensingInfo']>,
  overrides: Partial<TOfferInputBody> = {},
): TOfferInputBody {
  return validInput({
    pricingOption: 'PAID',
    licensingInfo: { ...validInput().licensingInfo, ...licensingInfo },
    ...overrides,
  });
}

const post = (body: unknown, headers: Record<string, string> = supplier.headers) =>
  request<TBody<TOwnOfferDetails>>(testApp.baseUrl, 'POST', '/api/offers', body, headers);
const put = (id: string, body: unknown, headers = supplier.headers) =>
  request<TBody<TOwnOfferDetails>>(testApp.baseUrl, 'PUT', `/api/offers/${id}`, body, headers);
const remove = (id: string, headers = supplier.headers) =>
  request<TBody<TOwnOffer>>(testApp.baseUrl, 'DELETE', `/api/offers/${id}`, undefined, headers);
const getOwn = (id: string, headers = supplier.headers) =>
  request<TBody<TOwnOfferDetails>>(testApp.baseUrl, 'GET', `/api/offers/${id}`, undefined, headers);
const mine = (headers = supplier.headers) =>
  request<TBody<TOwnOffer[]>>(testApp.baseUrl, 'GET', '/api/offers/mine', undefined, headers);

/** The ids search finds for a text. */
async function searchIds(text: string): Promise<string[]> {
  const response = await searchAs(testApp, stranger, { query: text });
  expect(response.status).toBe(200);
  return response.body.data.map((offer) => offer['@id']);
}

beforeAll(async () => {
  [testApp, sandbox] = await Promise.all([startTestApp(), startSandbox({ basePath: '/supplier', apiKey: API_KEY })]);
  await seedLicences(testApp.database.db);
  supplier = await signIn(testApp, { email: 'offers-supplier@example.org', name: 'Elbe Data GmbH' });
  stranger = await signIn(testApp, { email: 'offers-stranger@example.org', name: 'Someone Else' });
  await insertConnector(testApp.database.db, { name: 'Supplier connector', url: sandbox.url, apiKey: API_KEY });
});

afterAll(async () => {
  await Promise.all([testApp?.close(), sandbox?.close()]);
});

describe('POST /api/offers', () => {
  it('publishes an offer that search finds at once, owned by the supplier', async () => {
    const input = validInput({
      generalInfo: { ...validInput().generalInfo, title: 'Quokka sightings on Rottnest Island' },
    });
    const response = await post(input);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      title: 'Quokka sightings on Rottnest Island',
      state: 'PUBLISHED',
      pricingOption: 'FREE',
      accessType: 'DIRECT',
      paymentModel: 'FREE_OF_CHARGE',
      price: 0,
      currency: 'EUR',
      endpointCount: 2,
      publishFailure: null,
    });
    expect(await searchIds('Quokka sightings')).toEqual([response.body['@id']]);
  });

  it('gives back the input it was published from, so the wizard can edit it', async () => {
    const input = validInput();
    const response = await post(input);
    const own = await getOwn(response.body['@id']);
    expect(own.status).toBe(200);
    // Keywords come back in one line; a free price without a currency is in euros; an endpoint sent
    // without the public-sample flag is no sample.
    expect(own.body.input).toEqual({
      ...input,
      generalInfo: { ...input.generalInfo, keywords: 'tides, water level, Elbe' },
      endpoints: input.endpoints.map((endpoint) => ({ ...endpoint, isPublicSample: false })),
      licensingInfo: { ...input.licensingInfo, priceUnit: 'EUR' },
    });
  });

  it('publishes under an agent standing for the supplier, and makes the supplier its member', async () => {
    const response = await post(validInput());
    const db = testApp.database.db;
    const offer = await db
      .selectFrom('offers')
      .select(['publisher_id', 'owner_id', 'provider'])
      .where('id', '=', response.body['@id'])
      .executeTakeFirstOrThrow();
    expect(offer.owner_id).toBe(supplier.user.id);
    expect(offer.provider).toBe('Elbe Data GmbH');
    const agent = await db
      .selectFrom('agents')
      .selectAll()
      .where('id', '=', offer.publisher_id!)
      .executeTakeFirstOrThrow();
    expect(agent).toMatchObject({ type: 'foaf:Organization', name: 'Elbe Data GmbH' });
    const { rows } = await sql<{ user_id: string }>`
      select user_id from agent_members where agent_id = ${offer.publisher_id}`.execute(db);
    expect(rows).toEqual([{ user_id: supplier.user.id }]);
  });

  it('queues every endpoint of the offer for the link checker', async () => {
    const response = await post(validInput());
    const { rows } = await sql<{ url: string; status: string | null }>`
      select url, status from link_checks where offer_id = ${response.body['@id']} order by url`.execute(
      testApp.database.db,
    );
    expect(rows).toEqual([
      { url: 'https://api.example.org/elbe/latest', status: null },
      { url: 'https://data.example.org/elbe/2024.csv', status: null },
    ]);
  });

  it('stores a paid offering with its price and currency', async () => {
    const response = await post(paidInput({ paymentType: 'SUBSCRIPTION_BASED', price: 49.5, priceUnit: 'USD' }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ pricingOption: 'PAID', price: 49.5, currency: 'USD' });
  });

  it('stores the largest price and file sizes it accepts', async () => {
    const huge = { ...validInput().endpoints[0]!, filesize: 1e8, sizeUnit: 'GB' as const };
    const response = await post(
      paidInput(
        { paymentType: 'DATA_VOLUME_BASED', price: 999_999_999_999, priceUnit: 'EUR' },
        { endpoints: Array.from({ length: 50 }, () => huge) },
      ),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ price: 999_999_999_999, endpointCount: 50 });
  });

  it('answers an unknown licence with 400 naming the licence field', async () => {
    const response = await post(
      validInput({ licensingInfo: { ...validInput().licensingInfo, licenceType: 'No such licence' } }),
    );
    expect(response.status).toBe(400);
    expect(response.body.issues?.[0]?.path).toBe('body.licensingInfo.licenceType');
  });

  const general = validInput().generalInfo;
  const endpoint = validInput().endpoints[0]!;
  const licensing = validInput().licensingInfo;
  it.each([
    ['pricingOption', { pricingOption: 'CHEAP' }, 'body.pricingOption'],
    ['contentType', { contentType: '' }, 'body.contentType'],
    ['accessType', { accessType: 'FTP' }, 'body.accessType'],
    ['language', { language: 'xx' }, 'body.language'],
    ['title', { generalInfo: { ...general, title: '  ' } }, 'body.generalInfo.title'],
    ['title length', { generalInfo: { ...general, title: 'x'.repeat(201) } }, 'body.generalInfo.title'],
    ['description', { generalInfo: { ...general, description: '' } }, 'body.generalInfo.description'],
    ['keywords', { generalInfo: { ...general, keywords: 7 } }, 'body.generalInfo.keywords'],
    ['categories empty', { generalInfo: { ...general, categories: [] } }, 'body.generalInfo.categories'],
    ['categories unknown', { generalInfo: { ...general, categories: ['LAW'] } }, 'body.generalInfo.categories.0'],
    ['authorName', { generalInfo: { ...general, authorName: '' } }, 'body.generalInfo.authorName'],
    ['authorEmail', { generalInfo: { ...general, authorEmail: 'ada' } }, 'body.generalInfo.authorEmail'],
    ['maintainerName', { generalInfo: { ...general, maintainerName: '' } }, 'body.generalInfo.maintainerName'],
    ['maintainerEmail', { generalInfo: { ...general, maintainerEmail: 'x@' } }, 'body.generalInfo.maintainerEmail'],
    ['no endpoints', { endpoints: [] }, 'body.endpoints'],
    ['mimeType', { endpoints: [{ ...endpoint, mimeType: 'image/png' }] }, 'body.endpoints.0.mimeType'],
    ['format', { endpoints: [{ ...endpoint, format: 'png' }] }, 'body.endpoints.0.format'],
    ['endpointTitle', { endpoints: [{ ...endpoint, endpointTitle: '' }] }, 'body.endpoints.0.endpointTitle'],
    [
      'endpointDescription',
      { endpoints: [{ ...endpoint, endpointDescription: '' }] },
      'body.endpoints.0.endpointDescription',
    ],
    ['accessUrl', { endpoints: [{ ...endpoint, accessUrl: 'data.example.org' }] }, 'body.endpoints.0.accessUrl'],
    [
      'accessUrl scheme',
      { endpoints: [{ ...endpoint, accessUrl: 'file:///etc/passwd' }] },
      'body.endpoints.0.accessUrl',
    ],
    ['filesize', { endpoints: [{ ...endpoint, filesize: -1 }] }, 'body.endpoints.0.filesize'],
    ['filesize type', { endpoints: [{ ...endpoint, filesize: '5' }] }, 'body.endpoints.0.filesize'],
    ['filesize too large', { endpoints: [{ ...endpoint, filesize: 2e8 }] }, 'body.endpoints.0.filesize'],
    ['sizeUnit', { endpoints: [{ ...endpoint, sizeUnit: 'TB' }] }, 'body.endpoints.0.sizeUnit'],
    ['licenceType', { licensingInfo: { ...licensing, licenceType: '' } }, 'body.licensingInfo.licenceType'],
    ['geoRestriction', { licensingInfo: { ...licensing, geoRestriction: 'XY' } }, 'body.licensingInfo.geoRestriction'],
    [
      'withdrawn geoRestriction',
      { licensingInfo: { ...licensing, geoRestriction: 'DD' } },
      'body.licensingInfo.geoRestriction',
    ],
    [
      'timeRestriction',
      { licensingInfo: { ...licensing, timeRestriction: '-3', timeUnit: 'Days' } },
      'body.licensingInfo.timeRestriction',
    ],
    ['timeUnit missing', { licensingInfo: { ...licensing, timeRestriction: '3' } }, 'body.licensingInfo.timeUnit'],
    ['timeUnit', { licensingInfo: { ...licensing, timeUnit: 'Weeks' } }, 'body.licensingInfo.timeUnit'],
    ['paymentType', { licensingInfo: { ...licensing, paymentType: 'BARTER' } }, 'body.licensingInfo.paymentType'],
    ['price negative', { licensingInfo: { ...licensing, price: -1 } }, 'body.licensingInfo.price'],
    [
      'price too large',
      { pricingOption: 'PAID', licensingInfo: { ...licensing, paymentType: 'SUBSCRIPTION_BASED', price: 1e12 } },
      'body.licensingInfo.price',
    ],
    ['price of a free offering', { licensingInfo: { ...licensing, price: 5 } }, 'body.licensingInfo.price'],
    [
      'payment model of a free offering',
      { licensingInfo: { ...licensing, paymentType: 'PAY_PER_USE_DOWNLOAD' } },
      'body.licensingInfo.paymentType',
    ],
    ['price of a paid offering', { pricingOption: 'PAID', licensingInfo: licensing }, 'body.licensingInfo.price'],
    [
      'priceUnit',
      {
        pricingOption: 'PAID',
        licensingInfo: { ...licensing, paymentType: 'SUBSCRIPTION_BASED', price: 5, priceUnit: 'EURO' },
      },
      'body.licensingInfo.priceUnit',
    ],
    ['connectorId missing', { accessType: 'CONNECTOR' }, 'body.connectorId'],
    ['connectorId', { accessType: 'CONNECTOR', connectorId: '../etc' }, 'body.connectorId'],
    ['unknown field', { surprise: true }, 'body'],
  ])('answers a bad %s with 400 naming the field', async (_name, overrides, path) => {
    const response = await post({ ...validInput(), ...overrides });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.issues?.map((issue) => issue.path)).toContain(path);
  });

  it('answers a missing group with 400 naming it', async () => {
    const { generalInfo: _left, ...rest } = validInput();
    const response = await post(rest);
    expect(response.status).toBe(400);
    expect(response.body.issues?.map((issue) => issue.path)).toContain('body.generalInfo');
  });

  it('needs a signed-in user', async () => {
    expect((await post(validInput(), {})).status).toBe(401);
  });
});

describe('My offerings, edit and unpublish', () => {
  it("lists a supplier's own offers only, latest change first", async () => {
    const owner = await signIn(testApp, { email: 'lister@example.org' });
    const first = await post(validInput(), owner.headers);
    const second = await post(validInput(), owner.headers);
    const list = await mine(owner.headers);
    expect(list.status).toBe(200);
    expect(list.body.map((offer) => offer['@id'])).toEqual([second.body['@id'], first.body['@id']]);
    const others = await mine(stranger.headers);
    expect(others.body.map((offer) => offer['@id'])).not.toContain(first.body['@id']);
  });

  it('lets the owner edit an offer: search finds the new title, not the old one', async () => {
    const created = await post(
      validInput({ generalInfo: { ...validInput().generalInfo, title: 'Wombat burrow census' } }),
    );
    const id = created.body['@id'];
    const edited = validInput({
      generalInfo: { ...validInput().generalInfo, title: 'Platypus burrow census' },
      endpoints: [validInput().endpoints[1]!],
    });
    const response = await put(id, edited);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ title: 'Platypus burrow census', state: 'PUBLISHED', endpointCount: 1 });
    expect(await searchIds('Platypus burrow')).toEqual([id]);
    // The old title's own word finds nothing ('burrow' alone would still find the offer).
    expect(await searchIds('Wombat')).toEqual([]);
  });

  it('lets the owner unpublish an offer: search no longer finds it, My offerings still lists it', async () => {
    const created = await post(
      validInput({ generalInfo: { ...validInput().generalInfo, title: 'Echidna nesting sites' } }),
    );
    const id = created.body['@id'];
    expect(await searchIds('Echidna nesting')).toEqual([id]);
    const response = await remove(id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ '@id': id, state: 'UNPUBLISHED' });
    expect(await searchIds('Echidna nesting')).toEqual([]);
    expect((await mine()).body.find((offer) => offer['@id'] === id)?.state).toBe('UNPUBLISHED');
    // Twice is harmless; editing publishes it again.
    expect((await remove(id)).status).toBe(200);
    expect(
      (await put(id, validInput({ generalInfo: { ...validInput().generalInfo, title: 'Echidna nesting sites' } }))).body
        .state,
    ).toBe('PUBLISHED');
    expect(await searchIds('Echidna nesting')).toEqual([id]);
  });

  it('takes an unpublished paid offer off sale: its details say not for sale and an order for it is refused', async () => {
    const created = await post(
      validInput({
        pricingOption: 'PAID',
        licensingInfo: {
          ...validInput().licensingInfo,
          paymentType: 'PAY_PER_USE_DOWNLOAD',
          price: 12,
          priceUnit: 'EUR',
        },
      }),
    );
    const id = created.body['@id'];
    const before = await requestAs<TOffer>(testApp, stranger, 'GET', `/api/metadata/${id}`);
    expect(before.body.isSellable).toBe(true);
    const providerId = before.body.datasets[0]?.['dcterms:publisher']?.['@id'];
    expect((await remove(id)).status).toBe(200);
    const after = await requestAs<TOffer>(testApp, stranger, 'GET', `/api/metadata/${id}`);
    expect(after.status).toBe(200);
    expect(after.body.isSellable).toBe(false);
    const order = await request<{ statusCode: number }>(
      testApp.baseUrl,
      'POST',
      '/idp-service/payment',
      { consumerId: stranger.user.id, purchasedItems: [{ productId: id, providerId }] },
      stranger.headers,
    );
    expect(order.status).toBe(409);
  });

  it('sells a free offering at 0 €: a buyer acquires it with no invoice, and an unpublished one no more', async () => {
    const created = await post(validInput());
    const id = created.body['@id'];
    const offer = await requestAs<TOffer>(testApp, stranger, 'GET', `/api/metadata/${id}`);
    expect(offer.body).toMatchObject({ paymentModel: 'FREE_OF_CHARGE', price: 0, isSellable: true });
    const providerId = offer.body.datasets[0]?.['dcterms:publisher']?.['@id'];
    const buyer = await signIn(testApp);
    const checkout = () =>
      request<{ statusCode: number; state: string; gross: number; invoices: unknown[] }>(
        testApp.baseUrl,
        'POST',
        '/idp-service/payment',
        { consumerId: buyer.user.id, purchasedItems: [{ productId: id, providerId }] },
        buyer.headers,
      );
    const order = await checkout();
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ state: 'paid', gross: 0, invoices: [] });
    expect((await remove(id)).status).toBe(200);
    expect((await checkout()).status).toBe(409);
  });

  it('answers 403 with a JSON body when someone else reads, edits or unpublishes an offer', async () => {
    const created = await post(validInput());
    const id = created.body['@id'];
    for (const response of [
      await getOwn(id, stranger.headers),
      await put(id, validInput(), stranger.headers),
      await remove(id, stranger.headers),
    ]) {
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ statusCode: 403, code: ErrorCode.FORBIDDEN });
    }
    expect((await getOwn(id)).body.state).toBe('PUBLISHED');
  });

  it('answers 403 for an imported offer, which has no owner', async () => {
    const imported = makeOffer();
    await insertOffer(testApp.database.db, imported);
    expect((await remove(imported.id)).status).toBe(403);
    expect((await put(imported.id, validInput())).status).toBe(403);
  });

  it('answers 404 for an unknown offer and 400 for an id that is no UUID', async () => {
    const unknown = await getOwn('00000000-0000-4000-8000-00000000ffff');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(ErrorCode.NOT_FOUND);
    const bad = await remove('not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.issues?.[0]?.path).toBe('params.id');
  });

  it('answers eight concurrent edits of one offer with 200 each, ten rounds, leaving one whole version', async () => {
    const created = await post(validInput());
    const id = created.body['@id'];
    const versionOf = (round: number, editor: number) => {
      // Versions differ in title and in the number and addresses of their endpoints.
      const endpoints = Array.from({ length: 1 + ((round + editor) % 3) }, (_, position) => ({
        ...validInput().endpoints[position % 2]!,
        endpointTitle: `Round ${round} editor ${editor} endpoint ${position}`,
        accessUrl: `https://data.example.org/race/${round}/${editor}/${position}.csv`,
      }));
      return validInput({ generalInfo: { ...validInput().generalInfo, title: `Race ${round}-${editor}` }, endpoints });
    };
    const shapeOf = (input: TOfferInputBody) => ({
      title: input.generalInfo.title,
      endpoints: input.endpoints.map((endpoint) => [endpoint.endpointTitle, endpoint.accessUrl]),
    });
    for (let round = 0; round < 10; round++) {
      const versions = Array.from({ length: 8 }, (_, editor) => versionOf(round, editor));
      const answers = await Promise.all(versions.map((version) => put(id, version)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
      // Each answer is the offer as its own edit left it.
      expect(answers.map((answer) => shapeOf(answer.body.input))).toEqual(versions.map(shapeOf));

      const stored = await getOwn(id);
      const final = shapeOf(stored.body.input);
      expect(versions.map(shapeOf)).toContainEqual(final);
      expect(stored.body.endpointCount).toBe(final.endpoints.length);
      // The link checker's requests are those of the stored endpoints, one each, for their addresses.
      const { rows } = await sql<{ distribution_id: string; url: string; stored_url: string | null }>`
        select c.distribution_id, c.url, d.access_url as stored_url
        from link_checks c left join distributions d on d.id = c.distribution_id
        where c.offer_id = ${id} order by c.url`.execute(testApp.database.db);
      expect(rows.map((row) => row.url)).toEqual(final.endpoints.map(([, url]) => url).sort());
      expect(rows.every((row) => row.stored_url === row.url)).toBe(true);
    }
  });

  it('validates an edit like a new offer', async () => {
    const created = await post(validInput());
    const response = await put(created.body['@id'], { ...validInput(), endpoints: [] });
    expect(response.status).toBe(400);
    expect(response.body.issues?.map((issue) => issue.path)).toContain('body.endpoints');
  });
});

describe('publishing with the Connector access type', () => {
  const connectorInput = (connectorId: string, title: string) =>
    validInput({
      accessType: 'CONNECTOR',
      connectorId,
      generalInfo: { ...validInput().generalInfo, title },
      licensingInfo: { ...validInput().licensingInfo, geoRestriction: 'DE', timeRestriction: '6', timeUnit: 'Months' },
    });

  it('creates the assets, an ODRL policy with the geo and time restriction and a contract definition', async () => {
    const response = await post(connectorInput('supplier', 'Koala eucalyptus consumption'));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ state: 'PUBLISHED', publishFailure: null, accessType: 'CONNECTOR' });
    const id = response.body['@id'];
    expect(await searchIds('Koala eucalyptus')).toEqual([id]);

    const client = createConnectorClient({ addresses: sandbox.addresses, apiKey: API_KEY });
    const ids = connectorIdsOf(id, 2);
    const asset = await client.assets.get(ids.assetIds[0]!);
    expect(asset.dataAddress).toMatchObject({ type: 'HttpData', baseUrl: 'https://data.example.org/elbe/2024.csv' });
    const policy = await client.policyDefinitions.get(ids.policyId);
    expect(JSON.stringify(policy.policy.permissions)).toContain('DE');
    expect(JSON.stringify(policy.policy.permissions)).toContain('P6M');
    const definition = await client.contractDefinitions.get(ids.contractDefinitionId);
    expect(definition).toMatchObject({ accessPolicyId: ids.policyId, contractPolicyId: ids.policyId });

    // Publishing again (an edit) updates the same objects rather than failing on duplicates.
    const again = await put(id, connectorInput('supplier', 'Koala eucalyptus consumption'));
    expect(again.body.state).toBe('PUBLISHED');
  });

  it('publishes the same way on a connector that speaks only Management API v4', async () => {
    const current = await startSandbox({
      basePath: '/supplier-current',
      apiKey: API_KEY,
      managementApiVersions: ['v4'],
    });
    try {
      await insertConnector(testApp.database.db, {
        name: 'Current EDC',
        url: current.url,
        apiKey: API_KEY,
        managementApiVersion: 'v4',
      });
      const response = await post(connectorInput('supplier-current', 'Wombat burrow census'));
      expect(response.body).toMatchObject({ state: 'PUBLISHED', publishFailure: null });
      const client = createConnectorClient({ addresses: current.addresses, apiKey: API_KEY });
      const ids = connectorIdsOf(response.body['@id'], 2);
      expect(JSON.stringify((await client.policyDefinitions.get(ids.policyId)).policy.permissions)).toContain('P6M');
      expect(await client.contractDefinitions.get(ids.contractDefinitionId)).toMatchObject({
        accessPolicyId: ids.policyId,
      });
    } finally {
      await current.close();
    }
  });

  it('keeps the offer unpublished and names the step when the connector is unknown', async () => {
    const response = await post(connectorInput('nobody', 'Kookaburra calls at dawn'));
    expect(response.status).toBe(201);
    expect(response.body.state).toBe('UNPUBLISHED');
    expect(response.body.publishFailure).toEqual({ step: 'connector', message: "There is no connector 'nobody'" });
    expect(await searchIds('Kookaburra calls')).toEqual([]);
  });

  it('keeps the offer unpublished and names the asset step when the connector does not answer', async () => {
    const offline = `http://127.0.0.1:${await findFreePort()}/offline`;
    await insertConnector(testApp.database.db, { name: 'Offline', url: offline, apiKey: null });
    const response = await post(connectorInput('offline', 'Dingo tracks in the outback'));
    expect(response.body.state).toBe('UNPUBLISHED');
    expect(response.body.publishFailure?.step).toBe('asset');
    expect(await searchIds('Dingo tracks')).toEqual([]);
    const listed = (await mine()).body.find((offer) => offer['@id'] === response.body['@id']);
    expect(listed?.publishFailure?.step).toBe('asset');
  });
});
