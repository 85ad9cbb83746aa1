import { describe, expect, it } from 'vitest';
import en from '../../i18n/en.json';
import { emptyFormCache, type TFormCache } from './form-cache';
import { endpointsOf, toFormCache, toOfferInput } from './offer-input';
import {
  ruleKey,
  validateAssetInfo,
  validateGeneralInfo,
  validateLicensingInfo,
  validateOffer,
} from './validate-offer';

function filledCache(): TFormCache {
  const cache = emptyFormCache();
  cache.generalInfo = {
    title: 'Pegel',
    description: 'Wasserstände',
    keywords: '',
    categories: ['ENVIRONMENT'],
    authorName: 'A',
    authorEmail: 'a@example.org',
    maintainerName: 'M',
    maintainerEmail: 'm@example.org',
  };
  cache.endpoints = [
    {
      mimeType: 'text/csv',
      format: 'csv',
      endpointTitle: 'E',
      endpointDescription: 'D',
      accessUrl: 'https://x.example.org/a.csv',
      filesize: 0,
      sizeUnit: 'MB',
      isPublicSample: false,
      credentialHeader: '',
      credentialSecret: '',
      credentialKeepFrom: -1,
    },
  ];
  cache.licensingInfo.licenceType = 'CC BY 4.0';
  return cache;
}

const FREE = { pricingOption: 'FREE', contentType: 'DATA', accessType: 'DIRECT' };

describe('validation before Next', () => {
  it('names every required field of step 1, in the translation of its rule', () => {
    const errors = validateGeneralInfo(emptyFormCache().generalInfo);
    expect(Object.keys(errors).sort()).toEqual([
      'authorEmail',
      'authorName',
      'categories',
      'description',
      'maintainerEmail',
      'maintainerName',
      'title',
    ]);
    expect(errors.title).toBe('offerCreation.rules.REQUIRED');
  });

  it('tells a malformed e-mail address and URL apart from a missing one', () => {
    expect(validateGeneralInfo({ ...filledCache().generalInfo, authorEmail: 'ada' }).authorEmail).toBe(
      'offerCreation.rules.EMAIL',
    );
    const endpoint = { ...filledCache().endpoints[0]!, accessUrl: 'www.example.org', filesize: -1 };
    expect(validateAssetInfo(endpoint)).toEqual({
      accessUrl: 'offerCreation.rules.URL',
      filesize: 'offerCreation.rules.MIN_ZERO',
    });
  });

  it('says a pasted control character is not valid rather than missing, and a pasted novel is too long', () => {
    const general = filledCache().generalInfo;
    expect(validateGeneralInfo({ ...general, title: 'Pegel\u0000', description: '\u001b[31mrot' })).toEqual({
      title: 'offerCreation.rules.INVALID',
      description: 'offerCreation.rules.INVALID',
    });
    expect(validateGeneralInfo({ ...general, title: 'x'.repeat(10_000) }).title).toBe('offerCreation.rules.TOO_LONG');
    expect(validateGeneralInfo({ ...general, title: '<b>Pegel</b> 😀 مرحبا' })).toEqual({});
  });

  it('asks a paid offering for a price and a paid payment model', () => {
    const errors = validateLicensingInfo(filledCache().licensingInfo, 'PAID');
    expect(errors).toEqual({
      paymentType: 'offerCreation.rules.PAID_MODEL',
      price: 'offerCreation.rules.PRICE_FOR_PAID',
    });
  });

  it('lets an open/free offering through with the defaults', () => {
    expect(validateLicensingInfo({ ...filledCache().licensingInfo, price: 9 }, 'FREE')).toEqual({});
  });

  it('asks for a time unit once a time restriction is given', () => {
    const errors = validateLicensingInfo({ ...filledCache().licensingInfo, timeRestriction: '3' }, 'FREE');
    expect(errors).toEqual({ timeUnit: 'offerCreation.rules.REQUIRED' });
  });

  it('has an English and a German text for every rule', async () => {
    const de = (await import('../../i18n/de.json')).default;
    for (const rule of Object.keys(en.offerCreation.rules)) {
      expect(de.offerCreation.rules).toHaveProperty(rule);
    }
    expect(ruleKey('something else')).toBe('offerCreation.rules.INVALID');
  });
});

describe('validation before publishing', () => {
  it('passes a complete draft', () => {
    expect(validateOffer(filledCache(), FREE, 'en')).toEqual([]);
  });

  it('sends the supplier back to the steps they skipped', () => {
    const cache = filledCache();
    cache.generalInfo.title = '';
    cache.endpoints = [];
    const steps = validateOffer(cache, { ...FREE, accessType: 'CONNECTOR' }, 'de').map((problem) => problem.step);
    expect(steps).toEqual(expect.arrayContaining([1, 2]));
  });

  it('counts a missing pre-requisite as step 0', () => {
    expect(validateOffer(filledCache(), { ...FREE, contentType: '' }, 'de')).toEqual([
      { step: 0, field: 'contentType', key: 'offerCreation.rules.REQUIRED' },
    ]);
  });
});

describe('the draft and the API body', () => {
  it('publishes the endpoint being typed together with the table', () => {
    const cache = filledCache();
    cache.assetInfo = { ...cache.endpoints[0]!, endpointTitle: 'Second' };
    expect(endpointsOf(cache).map((endpoint) => endpoint.endpointTitle)).toEqual(['E', 'Second']);
  });

  it('turns a published input back into a draft with its endpoints in the table', () => {
    const cache = filledCache();
    const input = toOfferInput(cache, FREE, 'en') as Parameters<typeof toFormCache>[0];
    expect(toFormCache(input)).toEqual(cache);
  });
});
