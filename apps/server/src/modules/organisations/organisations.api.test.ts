import {
  ErrorCode,
  ORGANISATION_RULES,
  type TOfferInputBody,
  type TOrder,
  type TOwnOfferDetails,
  type TOwnOrganisationResponse,
} from '@dsm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, TEST_ORGANISATION, type TSignedIn } from '../../test/auth';
import { makeOfferInput } from '../../test/factories';
import { useTestApp } from '../../test/lifecycle';
import { request, type TBody } from '../../test/test-app';
import { countRowsWhere } from '../../test/test-database';
import { seedLicences } from '../catalogue/licence-catalogue';
import { insertOfferOf, itemOf, SUPPLIER_A, sellFor } from '../orders/orders-test-data';

const getOwn = (who: TSignedIn) =>
  request<TBody<TOwnOrganisationResponse>>(testApp.baseUrl, 'GET', '/api/profile/organisation', undefined, who.headers);
const save = (who: TSignedIn, body: unknown) =>
  request<TBody<TOwnOrganisationResponse>>(testApp.baseUrl, 'PUT', '/api/profile/organisation', body, who.headers);
const publish = (who: TSignedIn, body: TOfferInputBody) =>
  request<TBody<TOwnOfferDetails>>(testApp.baseUrl, 'POST', '/api/offers', body, who.headers);

/** A paid download offer as the wizard sends it. */
function paidOffer(title: string): TOfferInputBody {
  return makeOfferInput(title, {
    generalInfo: { description: 'Hourly counts of twelve stations.', keywords: 'traffic', categories: ['TRANSPORT'] },
    endpoints: [
      {
        endpointTitle: 'Counts 2024',
        endpointDescription: 'All stations.',
        accessUrl: 'https://data.example.org/counts/2024.csv',
      },
    ],
  });
}

const testApp = useTestApp();

beforeAll(async () => {
  await seedLicences(testApp.database.db);
});

describe('the organisation profile', () => {
  it('is empty for a new user, who may then neither buy nor sell', async () => {
    const newcomer = await signIn(testApp, { organisation: null });
    const response = await getOwn(newcomer);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      organisation: null,
      canBuy: false,
      canSell: false,
      missingToSell: ['vatId', 'iban', 'bic'],
    });
  });

  it('saves a complete organisation, with VAT ID and IBAN as typed but without spaces', async () => {
    const user = await signIn(testApp, { organisation: null });
    const saved = await save(user, {
      ...TEST_ORGANISATION,
      iban: 'DE89 3704 0044 0532 0130 00',
      vatId: 'de 136 695 976',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ canBuy: true, canSell: true, missingToSell: [] });
    expect(saved.body.organisation).toMatchObject({
      legalName: TEST_ORGANISATION.legalName,
      iban: 'DE89370400440532013000',
      vatId: 'DE136695976',
    });
    const again = await getOwn(user);
    expect(again.body.organisation?.id).toBe(saved.body.organisation?.id);

    const edited = await save(user, { ...TEST_ORGANISATION, legalName: 'Neuer Name AG', iban: '', bic: '' });
    expect(edited.body.organisation?.id).toBe(saved.body.organisation?.id);
    expect(edited.body).toMatchObject({ canBuy: true, canSell: false, missingToSell: ['iban', 'bic'] });
  });

  it('answers 400 naming the VAT ID that does not fit the country', async () => {
    const user = await signIn(testApp, { organisation: null });
    const response = await save(user, { ...TEST_ORGANISATION, vatId: 'DE12345678' });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
    expect(response.body.issues).toEqual([{ path: 'body.vatId', message: ORGANISATION_RULES.VAT_ID }]);
    const french = await save(user, { ...TEST_ORGANISATION, country: 'FR' });
    expect(french.body.issues).toEqual([{ path: 'body.vatId', message: ORGANISATION_RULES.VAT_ID }]);
    expect((await getOwn(user)).body.organisation).toBeNull();
  });

  it('answers 400 naming a bad IBAN, a bad BIC and a bad country', async () => {
    const user = await signIn(testApp, { organisation: null });
    const iban = await save(user, { ...TEST_ORGANISATION, iban: 'DE89370400440532013001' });
    expect(iban.status).toBe(400);
    expect(iban.body.issues).toEqual([{ path: 'body.iban', message: ORGANISATION_RULES.IBAN }]);
    const bic = await save(user, { ...TEST_ORGANISATION, bic: 'COBA' });
    expect(bic.body.issues).toEqual([{ path: 'body.bic', message: ORGANISATION_RULES.BIC }]);
    const country = await save(user, { ...TEST_ORGANISATION, country: 'Germany', vatId: '' });
    expect(country.body.issues).toEqual([{ path: 'body.country', message: ORGANISATION_RULES.COUNTRY }]);
    const missing = await save(user, { ...TEST_ORGANISATION, legalName: '  ' });
    expect(missing.body.issues).toEqual([{ path: 'body.legalName', message: ORGANISATION_RULES.REQUIRED }]);
  });

  it('keeps an optional contact telephone, and answers 400 for one that is not a number', async () => {
    const user = await signIn(testApp, { organisation: null });
    const saved = await save(user, { ...TEST_ORGANISATION, contactPhone: ' +49 (211) 555-0100 ' });
    expect(saved.status).toBe(200);
    expect(saved.body.organisation?.contactPhone).toBe('+49 (211) 555-0100');
    expect((await getOwn(user)).body.organisation?.contactPhone).toBe('+49 (211) 555-0100');
    const without = await save(user, { ...TEST_ORGANISATION });
    expect(without.body.organisation?.contactPhone).toBe('');
    for (const phone of ['call me', '+49 12', '0211 555 0100 ext. 7']) {
      const refused = await save(user, { ...TEST_ORGANISATION, contactPhone: phone });
      expect(refused.status).toBe(400);
      expect(refused.body.issues).toEqual([{ path: 'body.contactPhone', message: ORGANISATION_RULES.PHONE }]);
    }
  });
});

describe('an incomplete profile', () => {
  it('keeps a buyer without an organisation from checking out, with a pointer to the profile', async () => {
    const offer = await insertOfferOf(testApp.database.db, SUPPLIER_A, { title: 'Blocked checkout' });
    await sellFor(testApp.database.db, SUPPLIER_A);
    const buyer = await signIn(testApp, { organisation: null });
    const body = { consumerId: buyer.user.id, purchasedItems: [itemOf(offer)] };
    const refused = await request<TBody<TOrder>>(testApp.baseUrl, 'POST', '/idp-service/payment', body, buyer.headers);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(ErrorCode.ORGANISATION_INCOMPLETE);
    expect(refused.body.message).toContain('/profile/organisation');
    expect(await countRowsWhere(testApp.database.db, 'orders', 'consumer_id', buyer.user.id)).toBe(0);

    await save(buyer, { ...TEST_ORGANISATION, vatId: '', iban: '', bic: '' });
    const placed = await request<TBody<TOrder>>(testApp.baseUrl, 'POST', '/idp-service/payment', body, buyer.headers);
    expect(placed.status).toBe(201);
  });

  it('keeps a supplier without VAT ID and bank account from publishing a paid offer, but not a free one', async () => {
    const supplier = await signIn(testApp, { organisation: { vatId: '', iban: '', bic: '' } });
    const refused = await publish(supplier, paidOffer('Paid counts without a bank account'));
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe(ErrorCode.ORGANISATION_INCOMPLETE);
    expect(refused.body.issues?.map((issue) => issue.path)).toEqual([
      'organisation.vatId',
      'organisation.iban',
      'organisation.bic',
    ]);

    const free = paidOffer('Free counts');
    free.pricingOption = 'FREE';
    free.licensingInfo = { ...free.licensingInfo, paymentType: 'FREE_OF_CHARGE', price: 0, priceUnit: '' };
    expect((await publish(supplier, free)).status).toBe(201);

    await save(supplier, TEST_ORGANISATION);
    expect((await publish(supplier, paidOffer('Paid counts with a bank account'))).status).toBe(201);
  });

  it('keeps a supplier without any organisation from publishing a paid offer', async () => {
    const supplier = await signIn(testApp, { organisation: null });
    const refused = await publish(supplier, paidOffer('Paid counts of nobody'));
    expect(refused.status).toBe(409);
    expect(refused.body.issues).toEqual([{ path: 'organisation', message: 'is required to publish a paid offer' }]);
  });
});
