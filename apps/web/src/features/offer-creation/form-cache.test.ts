import { describe, expect, it } from 'vitest';
import {
  clearFormCache,
  editCacheKey,
  emptyFormCache,
  FORM_CACHE_KEY,
  hasDraftContent,
  loadFormCache,
  parseFormCache,
  saveFormCache,
  type TDraftStorage,
} from './form-cache';

function memoryStorage(initial: Record<string, string> = {}): TDraftStorage & { items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

describe('the form cache', () => {
  it("has the specification's groups and defaults", () => {
    expect(emptyFormCache()).toEqual({
      generalInfo: {
        title: '',
        description: '',
        keywords: '',
        categories: [],
        authorName: '',
        authorEmail: '',
        maintainerName: '',
        maintainerEmail: '',
      },
      assetInfo: {
        mimeType: '',
        format: '',
        endpointTitle: '',
        endpointDescription: '',
        accessUrl: '',
        filesize: 0,
        sizeUnit: '',
        isPublicSample: false,
        credentialHeader: '',
        credentialSecret: '',
        credentialKeepFrom: -1,
      },
      licensingInfo: {
        licenceType: '',
        geoRestriction: '',
        timeRestriction: '',
        timeUnit: '',
        paymentType: 'FREE_OF_CHARGE',
        price: 0,
        priceUnit: '',
      },
      endpoints: [],
      connectorId: '',
    });
  });

  it("never writes a gateway credential's secret to storage, only its header and where it is kept", () => {
    const stand = memoryStorage();
    const cache = emptyFormCache();
    cache.assetInfo = { ...cache.assetInfo, credentialHeader: 'X-API-Key', credentialSecret: 'typed-secret' };
    cache.endpoints = [{ ...cache.assetInfo, credentialKeepFrom: 0, credentialSecret: 'another-secret' }];
    expect(saveFormCache(stand, cache)).toBe(true);
    expect([...stand.items.values()].join()).not.toMatch(/typed-secret|another-secret/);
    const loaded = loadFormCache(stand).cache;
    expect(loaded.assetInfo).toMatchObject({ credentialHeader: 'X-API-Key', credentialSecret: '' });
    expect(loaded.endpoints[0]).toMatchObject({ credentialHeader: 'X-API-Key', credentialKeepFrom: 0 });
  });

  it("is kept under the key 'formCache' and survives a save and a load", () => {
    const storage = memoryStorage();
    const cache = emptyFormCache();
    cache.generalInfo.title = 'Pegel';
    cache.generalInfo.categories = ['HEALTH'];
    cache.assetInfo.filesize = 2.5;
    cache.endpoints.push({ ...cache.assetInfo, endpointTitle: 'E' });
    expect(saveFormCache(storage, cache)).toBe(true);
    expect(FORM_CACHE_KEY).toBe('formCache');
    expect(JSON.parse(storage.items.get('formCache')!).generalInfo.title).toBe('Pegel');
    expect(loadFormCache(storage)).toEqual({ cache, isRecovered: false });
  });

  it('keeps drafts of edits apart from the new-offer draft', () => {
    const storage = memoryStorage();
    const edit = emptyFormCache();
    edit.generalInfo.title = 'Edited';
    saveFormCache(storage, edit, editCacheKey('abc'));
    expect(loadFormCache(storage).cache.generalInfo.title).toBe('');
    expect(loadFormCache(storage, 'formCache:abc').cache.generalInfo.title).toBe('Edited');
  });

  it('starts empty, unrecovered, when nothing is stored', () => {
    expect(loadFormCache(memoryStorage())).toEqual({ cache: emptyFormCache(), isRecovered: false });
  });

  it.each([
    ['text that is not JSON', '{"generalInfo":'],
    ['JSON that is not an object', '[1,2]'],
    ['a group that is not an object', '{"generalInfo":"x"}'],
    ['a number where text belongs', '{"generalInfo":{"title":5}}'],
    ['text where a number belongs', '{"assetInfo":{"filesize":"12"}}'],
    ['text where a yes/no belongs', '{"assetInfo":{"isPublicSample":"yes"}}'],
    ['a list of the wrong kind', '{"generalInfo":{"categories":[1]}}'],
    ['endpoints that are not a list', '{"endpoints":{}}'],
    ['an unknown payment type', '{"licensingInfo":{"paymentType":"BARTER"}}'],
    ['null', 'null'],
    ['an endless number', '{"assetInfo":{"filesize":1e400}}'],
    ['an endpoint that is not an object', '{"endpoints":["x"]}'],
  ])('recovers from %s with the defaults and says so', (_name, text) => {
    const loaded = parseFormCache(text);
    expect(loaded.isRecovered).toBe(true);
    expect(loaded.cache.licensingInfo.paymentType).toBe('FREE_OF_CHARGE');
  });

  it('keeps the readable fields of a partly damaged draft', () => {
    const loaded = parseFormCache(
      '{"generalInfo":{"title":"Kept","description":7},"endpoints":[{"endpointTitle":"ok"},{"filesize":"x"}]}',
    );
    expect(loaded.isRecovered).toBe(true);
    expect(loaded.cache.generalInfo.title).toBe('Kept');
    expect(loaded.cache.generalInfo.description).toBe('');
    expect(loaded.cache.endpoints.map((endpoint) => endpoint.endpointTitle)).toEqual(['ok']);
  });

  it('keeps a huge text, which the wizard then calls too long, and lets no stored key reach an object prototype', () => {
    const huge = 'x'.repeat(1_000_000);
    const loaded = parseFormCache(
      JSON.stringify({ generalInfo: { title: huge } }).replace('{', '{"__proto__":{"isPolluted":true},'),
    );
    expect(loaded.isRecovered).toBe(false);
    expect(loaded.cache.generalInfo.title).toHaveLength(1_000_000);
    expect(({} as { isPolluted?: boolean }).isPolluted).toBeUndefined();
    expect((loaded.cache as { isPolluted?: boolean }).isPolluted).toBeUndefined();
  });

  it('reads an older draft without the endpoints table as complete', () => {
    const loaded = parseFormCache('{"generalInfo":{"title":"Old"}}');
    expect(loaded).toMatchObject({ isRecovered: false, cache: { endpoints: [], connectorId: '' } });
  });

  it('survives storage that refuses to work', () => {
    const broken: TDraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadFormCache(broken).cache).toEqual(emptyFormCache());
    expect(saveFormCache(broken, emptyFormCache())).toBe(false);
    expect(() => clearFormCache(broken)).not.toThrow();
  });

  it('is cleared after publishing', () => {
    const storage = memoryStorage({ formCache: '{}' });
    clearFormCache(storage);
    expect(storage.items.has('formCache')).toBe(false);
  });

  it('tells an untouched draft from one with content', () => {
    const cache = emptyFormCache();
    expect(hasDraftContent(cache)).toBe(false);
    cache.licensingInfo.price = 3;
    expect(hasDraftContent(cache)).toBe(true);
  });
});
