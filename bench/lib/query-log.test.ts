import { existsSync } from 'node:fs';
import { ZSearchQuerystring, ZSearchRequest } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../apps/server/src/modules/catalogue/generate-offers';
import { CKAN_JSONL_FIXTURE, DCAT_US_FIXTURE } from './harvest-inputs';
import { buildQueryLog, replayOrder, type TSampledOffer, withTypo, wordsOf } from './query-log';
import { generateRealisticOffers } from './realistic-corpus/generate-realistic-offers';

/** The corpus reads the fixture catalogues next to the repository; a checkout without them skips these tests. */
const hasFixtures = existsSync(DCAT_US_FIXTURE) && existsSync(CKAN_JSONL_FIXTURE);

const offers: TSampledOffer[] = (hasFixtures ? [...generateRealisticOffers({ count: 3000 })] : []).map((offer) => ({
  title: offer.title,
  keywords: offer.keywords,
  categories: offer.categories,
  price: offer.price,
}));

describe.skipIf(!hasFixtures)('buildQueryLog', () => {
  const log = hasFixtures ? buildQueryLog({ offers, size: 5000 }) : [];

  it('holds the distinct queries asked for, the same ones every time', () => {
    expect(log).toHaveLength(5000);
    expect(new Set(log.map((entry) => `${entry.query} ${JSON.stringify(entry.body)}`)).size).toBe(5000);
    expect(buildQueryLog({ offers, size: 5000 })).toEqual(log);
  });

  it('holds only requests the search endpoint accepts', () => {
    for (const entry of log) {
      expect(ZSearchQuerystring.safeParse({ query: entry.query }).success).toBe(true);
      expect(ZSearchRequest.safeParse(entry.body).success).toBe(true);
    }
  });

  it('has the shares of typos, phrases and filters the benchmark promises', () => {
    const share = (queryClass: string) => log.filter((entry) => entry.queryClass === queryClass).length / log.length;
    expect(share('typo')).toBeGreaterThan(0.08);
    expect(share('typo')).toBeLessThan(0.12);
    expect(share('phrase')).toBeGreaterThan(0.035);
    expect(share('phrase')).toBeLessThan(0.065);
    expect(share('filtered')).toBeGreaterThan(0.17);
    expect(share('filtered')).toBeLessThan(0.23);
    for (const entry of log.filter((e) => e.queryClass === 'filtered')) expect(entry.body.filter).toBeDefined();
  });

  it('asks 1 to 4 words drawn from the titles and keywords', () => {
    const catalogueWords = new Set(offers.flatMap((offer) => wordsOf(`${offer.title} ${offer.keywords.join(' ')}`)));
    for (const entry of log.filter((e) => e.queryClass === 'one term' || e.queryClass === 'multi-term')) {
      const words = entry.query.split('|');
      expect(words.length).toBeGreaterThanOrEqual(1);
      expect(words.length).toBeLessThanOrEqual(4);
      for (const word of words) expect(catalogueWords.has(word)).toBe(true);
    }
  });
});

describe('withTypo', () => {
  it('changes one word of at least 5 letters by one edit', () => {
    const random = mulberry32(3);
    for (let i = 0; i < 200; i++) {
      const words = ['air', 'quality', 'köln'];
      const typo = withTypo(random, words)!;
      expect(typo[0]).toBe('air');
      expect(typo[2]).toBe('köln');
      expect(typo[1]).not.toBe('quality');
      expect(Math.abs(typo[1]!.length - 'quality'.length)).toBeLessThanOrEqual(1);
    }
    expect(withTypo(random, ['air', 'köln'])).toBeUndefined();
  });
});

describe('replayOrder', () => {
  it('repeats popular queries and still reaches far into the log', () => {
    const order = replayOrder(5000, 100_000);
    const counts = new Map<number, number>();
    for (const position of order) counts.set(position, (counts.get(position) ?? 0) + 1);
    expect(counts.get(0)! / order.length).toBeGreaterThan(0.02);
    expect(counts.size).toBeGreaterThan(3000);
  });
});
