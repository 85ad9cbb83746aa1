import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOffers, mulberry32 } from '../../../apps/server/src/modules/catalogue/generate-offers';
import type { TOfferRecord } from '../../../apps/server/src/modules/catalogue/offer-record';
import { CKAN_JSONL_FIXTURE, DCAT_US_FIXTURE } from '../harvest-inputs';
import { generateRealisticOffers, zipfSampler } from './generate-realistic-offers';

/** The corpus reads the fixture catalogues next to the repository; a checkout without them skips these tests. */
const hasFixtures = existsSync(DCAT_US_FIXTURE) && existsSync(CKAN_JSONL_FIXTURE);

const WORD = /[\p{L}\p{N}]+/gu;

/** Distinct words and, per word, the number of offers that contain it. */
function documentFrequencies(offers: Iterable<TOfferRecord>): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const offer of offers) {
    const words = new Set(`${offer.title} ${offer.description} ${offer.keywords.join(' ')}`.toLowerCase().match(WORD));
    for (const word of words) frequencies.set(word, (frequencies.get(word) ?? 0) + 1);
  }
  return frequencies;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe('zipfSampler', () => {
  it('stays within its ranks and favours the first ones as Zipf says', () => {
    const sample = zipfSampler(1000, 1);
    const random = mulberry32(7);
    const counts = new Array<number>(1000).fill(0);
    for (let i = 0; i < 100_000; i++) counts[sample(random)]!++;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(100_000);
    // Rank 1 is asked about twice as often as rank 2 and ten times as often as rank 10.
    expect(counts[0]! / counts[1]!).toBeGreaterThan(1.5);
    expect(counts[0]! / counts[9]!).toBeGreaterThan(5);
    expect(counts[999]).toBeGreaterThan(0);
  });
});

describe.skipIf(!hasFixtures)('generateRealisticOffers', () => {
  const offers = hasFixtures ? [...generateRealisticOffers({ count: 5000 })] : [];

  it('gives the same corpus for the same seed and another for another seed', () => {
    const again = [...generateRealisticOffers({ count: 50 })];
    expect(again).toEqual(offers.slice(0, 50));
    const other = [...generateRealisticOffers({ count: 50, seed: 2 })];
    expect(other.map((offer) => offer.title)).not.toEqual(again.map((offer) => offer.title));
  });

  it('has unique ids shaped as UUIDs, as the offers table wants them', () => {
    expect(new Set(offers.map((offer) => offer.id)).size).toBe(offers.length);
    for (const offer of offers.slice(0, 100))
      expect(offer.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('has a vocabulary far larger than the demo catalogue and words that match few offers', () => {
    const realistic = documentFrequencies(offers);
    const demo = documentFrequencies(generateOffers({ count: 5000 }));
    expect(realistic.size).toBeGreaterThan(5 * demo.size);
    expect(median([...realistic.values()])).toBeLessThanOrEqual(2);
    expect(median([...demo.values()])).toBeGreaterThan(20);
  });

  it('keeps adding words as the corpus grows, as a real catalogue does', () => {
    const small = documentFrequencies(offers.slice(0, 1000)).size;
    const large = documentFrequencies(offers).size;
    expect(large / small).toBeGreaterThan(2);
  });

  it('mixes German, English and Chinese offers, titles in yearly series and federated copies', () => {
    const languages = new Map<string, number>();
    for (const offer of offers) languages.set(offer.language, (languages.get(offer.language) ?? 0) + 1);
    expect(languages.get('de')! / offers.length).toBeGreaterThan(0.35);
    expect(languages.get('en')! / offers.length).toBeGreaterThan(0.35);
    expect(languages.get('zh')).toBeGreaterThan(0);
    const stems = new Map<string, Set<string>>();
    for (const offer of offers) {
      const match = /^(.*) (\d{4})$/.exec(offer.title);
      if (match) stems.set(match[1]!, (stems.get(match[1]!) ?? new Set()).add(match[2]!));
    }
    expect([...stems.values()].filter((years) => years.size >= 3).length).toBeGreaterThan(100);
    const publishersByTitle = new Map<string, Set<string>>();
    for (const offer of offers) {
      const publishers = publishersByTitle.get(offer.title) ?? new Set();
      publishersByTitle.set(offer.title, publishers.add(offer.datasets[0]!.publisher.id));
    }
    expect([...publishersByTitle.values()].filter((publishers) => publishers.size >= 2).length).toBeGreaterThan(50);
  });
});
