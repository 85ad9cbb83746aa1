import { CATEGORIES, matchLicence, PAYMENT_MODELS } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { GENERATED_AGENTS, GENERATED_DATES_BEFORE, generateOffers } from './generate-offers';
import { LICENCE_CATALOGUE } from './licence-catalogue';
import type { TOfferRecord } from './offer-record';

const SAMPLE = 20_000;
const offers: TOfferRecord[] = [...generateOffers({ count: SAMPLE, seed: 42 })];
const share = (predicate: (offer: TOfferRecord) => boolean) => offers.filter(predicate).length / offers.length;
const distributions = offers.flatMap((offer) => offer.datasets.flatMap((dataset) => dataset.distributions));

describe('generateOffers: determinism', () => {
  it('gives the same offers for the same seed and different ones for another seed', () => {
    const again = [...generateOffers({ count: 200, seed: 42 })];
    expect(again).toEqual(offers.slice(0, 200));
    const other = [...generateOffers({ count: 200, seed: 43 })];
    expect(other.map((offer) => offer.title)).not.toEqual(again.map((offer) => offer.title));
    expect(new Set([...other, ...again].map((offer) => offer.id)).size).toBe(400);
  });

  it('generates a chunk from `start` exactly as the same slice of one long run', () => {
    const chunks = [0, 700, 1400].flatMap((start) => [...generateOffers({ count: 700, seed: 42, start })]);
    expect(chunks).toEqual(offers.slice(0, 2100));
  });

  it('defaults to seed 1 and start 0', () => {
    expect([...generateOffers({ count: 5 })]).toEqual([...generateOffers({ count: 5, seed: 1, start: 0 })]);
  });

  it('makes unique UUID-shaped ids for offers, datasets and distributions', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(offers.every((offer) => uuid.test(offer.id))).toBe(true);
    expect(new Set(offers.map((offer) => offer.id)).size).toBe(SAMPLE);
    const datasetIds = offers.flatMap((offer) => offer.datasets.map((dataset) => dataset.id));
    expect(new Set(datasetIds).size).toBe(datasetIds.length);
    expect(new Set(distributions.map((distribution) => distribution.id)).size).toBe(distributions.length);
  });
});

describe('generateOffers: realistic content', () => {
  it('writes about half the offers in German and half in English, with accents', () => {
    expect(share((offer) => offer.language === 'de')).toBeGreaterThan(0.45);
    expect(share((offer) => offer.language === 'en')).toBeGreaterThan(0.45);
    expect(share((offer) => /[äöüßéÄÖÜ]/.test(offer.title + offer.description))).toBeGreaterThan(0.3);
  });

  it('spreads the payment models with about 60% free and prices that fit them', () => {
    const counts = Object.fromEntries(PAYMENT_MODELS.map((model) => [model, share((o) => o.paymentModel === model)]));
    expect(counts.FREE_OF_CHARGE).toBeGreaterThan(0.56);
    expect(counts.FREE_OF_CHARGE).toBeLessThan(0.64);
    for (const model of PAYMENT_MODELS) expect(counts[model], model).toBeGreaterThan(0.05);
    for (const offer of offers) {
      if (offer.paymentModel === 'FREE_OF_CHARGE') {
        expect(offer.price).toBe(0);
        expect(offer.isSellable).toBe(false);
      } else {
        expect(offer.price).toBeGreaterThan(0);
        expect(Math.round(offer.price * 100) / 100).toBe(offer.price);
      }
    }
    const paid = offers.filter((offer) => offer.paymentModel !== 'FREE_OF_CHARGE');
    expect(paid.filter((offer) => offer.isSellable).length / paid.length).toBeGreaterThan(0.85);
  });

  it('uses every one of the 16 categories, 1 to 3 per offer', () => {
    const used = new Set(offers.flatMap((offer) => offer.categories));
    expect([...used].sort()).toEqual([...CATEGORIES].sort());
    for (const offer of offers) {
      expect(offer.categories.length).toBeGreaterThanOrEqual(1);
      expect(offer.categories.length).toBeLessThanOrEqual(3);
      expect(new Set(offer.categories).size).toBe(offer.categories.length);
    }
  });

  it('tags 3 to 8 distinct keywords from a vocabulary of a few hundred', () => {
    for (const offer of offers) {
      expect(offer.keywords.length).toBeGreaterThanOrEqual(3);
      expect(offer.keywords.length).toBeLessThanOrEqual(8);
      expect(new Set(offer.keywords).size).toBe(offer.keywords.length);
    }
    const vocabulary = new Set(offers.flatMap((offer) => offer.keywords));
    expect(vocabulary.size).toBeGreaterThan(300);
    expect(vocabulary.size).toBeLessThan(1000);
    expect(vocabulary.has('Open Data')).toBe(true);
  });

  it('names about 300 organisations and 1000 people as publishers, creators and custodians', () => {
    expect(GENERATED_AGENTS.organisations).toHaveLength(300);
    expect(GENERATED_AGENTS.people).toHaveLength(1000);
    const datasets = offers.flatMap((offer) => offer.datasets);
    expect(datasets.every((dataset) => dataset.publisher.type === 'foaf:Organization')).toBe(true);
    expect(datasets.every((d) => d.publisher.id.startsWith('https://dsm.example/agents/org/'))).toBe(true);
    expect(new Set(datasets.map((dataset) => dataset.publisher.id)).size).toBeGreaterThan(250);
    expect(datasets.filter((dataset) => dataset.creator?.type === 'foaf:Person').length).toBeGreaterThan(0);
    expect(datasets.filter((dataset) => dataset.custodian).length / datasets.length).toBeGreaterThan(0.1);
    expect(share((offer) => offer.datasets.length === 2)).toBeGreaterThan(0.05);
  });

  it('keeps dates between 2012 and the demo day, modified never before issued', () => {
    for (const dataset of offers.flatMap((offer) => offer.datasets)) {
      expect(dataset.issued!.getTime()).toBeGreaterThanOrEqual(Date.UTC(2012, 0, 1));
      expect(dataset.modified!.getTime()).toBeGreaterThanOrEqual(dataset.issued!.getTime());
      expect(dataset.modified!.getTime()).toBeLessThan(GENERATED_DATES_BEFORE);
    }
  });

  it('gives 1 to 4 files with media types and sizes spread from 1 KB to 50 GB, some unknown', () => {
    for (const offer of offers) {
      const files = offer.datasets[0]!.distributions.length;
      expect(files).toBeGreaterThanOrEqual(1);
      expect(files).toBeLessThanOrEqual(4);
    }
    const sizes = distributions.map((d) => d.byteSize).filter((size): size is number => size !== null);
    expect(sizes.length / distributions.length).toBeGreaterThan(0.8);
    expect(sizes.length).toBeLessThan(distributions.length);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(1024);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(50 * 1024 ** 3);
    // Log-uniform: every decade between 10 KB and 10 GB holds a fair share.
    for (let exponent = 4; exponent < 10; exponent++) {
      const inDecade = sizes.filter((size) => size >= 10 ** exponent && size < 10 ** (exponent + 1)).length;
      expect(inDecade / sizes.length, `10^${exponent}`).toBeGreaterThan(0.05);
    }
    expect(sizes.every(Number.isInteger)).toBe(true);
    const formats = new Set(distributions.map((d) => d.format));
    for (const format of ['CSV', 'JSON', 'XML', 'GeoJSON', 'PDF', 'XLSX', 'ZIP', 'SHP'])
      expect(formats).toContain(format);
  });
});

describe('generateOffers: licences', () => {
  it('writes licences the catalogue recognises, in many spellings, with a few unknown or missing', () => {
    const texts = distributions.map((distribution) => distribution.licence);
    const matches = new Map([...new Set(texts)].map((text) => [text, matchLicence(text, LICENCE_CATALOGUE)]));
    const missing = texts.filter((text) => text === null).length / texts.length;
    const unmatched = texts.filter((text) => text !== null && !matches.get(text));
    expect(missing).toBeGreaterThan(0.01);
    expect(missing).toBeLessThan(0.06);
    expect(unmatched.length / texts.length).toBeGreaterThan(0.01);
    expect(unmatched.length / texts.length).toBeLessThan(0.08);
    // Every text outside the catalogue is one of the deliberate unknowns, never a misspelt mapping.
    expect(new Set(unmatched).size).toBeLessThanOrEqual(8);
    const matched = new Set([...matches.values()].map((licence) => licence?.licenceId).filter(Boolean));
    expect(matched.size).toBeGreaterThan(15);
    expect(new Set(texts).size).toBeGreaterThan(100);
  });
});
