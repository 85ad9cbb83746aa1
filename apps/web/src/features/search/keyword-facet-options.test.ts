import { describe, expect, it } from 'vitest';
import { chosenKeywordOptions, keywordFacetOptions, keywordsOfOptions } from './keyword-facet-options';

const facet = [
  {
    value: 'miscellaneous',
    count: 4,
    variants: [
      { value: 'miscellaneous', language: 'en' },
      { value: 'Sonstiges', language: 'de' },
    ],
  },
  {
    value: 'Airquality',
    count: 2,
    variants: [
      { value: 'Airquality', language: null },
      { value: 'AIRQUALITY', language: null },
    ],
  },
  { value: 'kwplain', count: 1 },
];

describe('keywordFacetOptions', () => {
  it("names a folded translation in the page's language and keeps the others as the server names them", () => {
    const german = keywordFacetOptions({ facet, selected: [], language: 'de-DE' });
    expect(german.map((option) => [option.label, option.count])).toEqual([
      ['Sonstiges', 4],
      ['Airquality', 2],
      ['kwplain', 1],
    ]);
    expect(keywordFacetOptions({ facet, selected: [], language: 'fr' })[0]?.label).toBe('miscellaneous');
  });

  it('adds a chosen keyword no entry stands for, counted 0, and none that an entry stands for', () => {
    const options = keywordFacetOptions({ facet, selected: ['Sonstiges', 'gone'], language: 'en' });
    expect(options.map((option) => option.value)).toEqual(['miscellaneous', 'Airquality', 'kwplain', 'gone']);
    expect(options.at(-1)).toMatchObject({ label: 'gone', count: 0 });
  });
});

describe('ticking keyword options', () => {
  const options = keywordFacetOptions({ facet, selected: ['gone'], language: 'en' });

  it('ticks an entry when any keyword it stands for is chosen', () => {
    expect(chosenKeywordOptions(options, ['Sonstiges', 'gone'])).toEqual(['miscellaneous', 'gone']);
  });

  it('filters by every keyword a ticked entry stands for, keeping chosen keywords no entry names', () => {
    expect(keywordsOfOptions(options, ['miscellaneous', 'gone'], ['gone', 'elsewhere'])).toEqual([
      'elsewhere',
      'miscellaneous',
      'Sonstiges',
      'gone',
    ]);
    expect(keywordsOfOptions(options, [], ['Sonstiges'])).toEqual([]);
  });
});
