import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSource } from '../modules/harvest/read-source';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const FIXTURES = path.resolve(repoRoot, '..', 'shared', 'fixtures', 'catalog');

export type TFixtureText = { language: string; title: string; keywords: string[]; description: string };

/** The language and texts of every record in both fixture catalogues (data.cdc.gov and depositar). */
export async function readFixtureCatalogues(): Promise<TFixtureText[]> {
  const records: TFixtureText[] = [];
  for (const [file, format] of [
    ['cdc.gov.data.json.gz', 'dcat-us'],
    ['depositar-datasets.jsonl.gz', 'ckan-jsonl'],
  ] as const) {
    for await (const item of readSource({ format, location: path.join(FIXTURES, file) })) {
      if (!('dataset' in item)) continue;
      const { language, title, keywords, description } = item.dataset;
      records.push({ language, title, keywords, description });
    }
  }
  return records;
}
