import { describe, expect, it } from 'vitest';
import { describesDataJsonFile } from './describes-data-json-file';
import type { THarvestedDataset } from './harvested-dataset';

const dataset = (overrides: Partial<THarvestedDataset>): THarvestedDataset => ({
  identifier: 'https://data.example.gov/api/views/abcd-1234',
  title: 'Street trees',
  description: '',
  language: 'en',
  keywords: [],
  themes: [],
  publisher: null,
  contact: null,
  issued: null,
  modified: null,
  landingPage: null,
  licence: null,
  distributions: [],
  paymentModel: null,
  price: null,
  ...overrides,
});

const distribution = (url: string) => ({
  title: null,
  mediaType: null,
  format: null,
  licence: null,
  url,
  byteSize: null,
});

describe('describesDataJsonFile', () => {
  it("recognises Socrata's entry for its own catalogue file by its generic title", () => {
    expect(describesDataJsonFile(dataset({ title: 'Project Open Data, /data.json file' }))).toBe(true);
    expect(describesDataJsonFile(dataset({ title: 'project open data,  /data.json FILE' }))).toBe(true);
  });

  it('recognises an entry whose identifier is the data.json, whatever its title', () => {
    expect(describesDataJsonFile(dataset({ identifier: 'https://data.example.gov/data.json', title: 'Catalog' }))).toBe(
      true,
    );
    expect(describesDataJsonFile(dataset({ identifier: 'https://data.example.gov/data.json?page=1' }))).toBe(true);
  });

  it('recognises an entry naming data.json whose every distribution is a data.json', () => {
    const entry = dataset({
      title: 'Example City data.json',
      distributions: [distribution('https://data.example.gov/data.json')],
    });
    expect(describesDataJsonFile(entry)).toBe(true);
  });

  it('keeps real datasets, also one with a data.json among other distributions or a JSON file of another name', () => {
    expect(describesDataJsonFile(dataset({}))).toBe(false);
    expect(
      describesDataJsonFile(
        dataset({
          title: 'Agency data.json inventory',
          distributions: [distribution('https://data.example.gov/data.json'), distribution('https://x.example/a.csv')],
        }),
      ),
    ).toBe(false);
    expect(
      describesDataJsonFile(
        dataset({ title: 'Street trees', distributions: [distribution('https://data.example.gov/data.json')] }),
      ),
    ).toBe(false);
    expect(describesDataJsonFile(dataset({ identifier: 'https://data.example.gov/metadata.json' }))).toBe(false);
  });
});
