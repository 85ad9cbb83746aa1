import { describe, expect, it } from 'vitest';
import { splitJsonArray } from './split-json-array';

/** The bytes of a text in chunks of `size` bytes (cutting through multi-byte characters too). */
async function* chunks(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function all(text: string, size = 1 << 16): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const value of splitJsonArray(chunks(text, size), 'dataset')) out.push(value);
  return out;
}

const tricky = [
  { identifier: 'a', title: 'Braces } ] { [ and "quotes" in text', keyword: ['x,y', 'dataset'] },
  { identifier: 'b\\"c', description: 'Escapes: \\\\ \\" \\n \\u00e9 \\ud83d\\ude00', nested: { dataset: [1, 2] } },
  { identifier: '中文標題', title: '台灣生物多樣性網絡物種名錄 — ü ß 😀' },
  42,
  'text, with comma]',
  null,
  [1, [2, [3]]],
  { empty: {}, list: [] },
];

describe('splitJsonArray', () => {
  it('gives the elements of the dataset array of a data.json, whatever the other keys hold', async () => {
    const document = JSON.stringify({
      '@context': 'https://project-open-data.cio.gov/v1.1/schema/catalog.jsonld',
      conformsTo: 'dataset',
      describedBy: { dataset: ['not', 'this', 'one'], '"dataset"': 1 },
      'data\\set': [{ no: 1 }],
      dataset: tricky,
      after: [{ dataset: [] }],
    });
    expect(await all(document)).toEqual(tricky);
  });

  it('reads the same at every chunk size, multi-byte characters cut in two included', async () => {
    const document = `  {\n "dataset" : [ ${tricky.map((item) => JSON.stringify(item, null, 2)).join(' ,\n ')} ] }\n`;
    for (const size of [1, 2, 3, 5, 7, 64, 1000]) expect(await all(document, size)).toEqual(tricky);
  });

  it('reads a bare top-level array (older Socrata data.json) and an empty one', async () => {
    expect(await all(JSON.stringify(tricky), 3)).toEqual(tricky);
    expect(await all('[]')).toEqual([]);
    expect(await all('{"dataset": []}')).toEqual([]);
  });

  it('gives nothing for an object without the key, and an empty input', async () => {
    expect(await all('{"title": "catalog", "items": [1, 2]}')).toEqual([]);
    expect(await all('')).toEqual([]);
  });

  it('fails on a key that holds no array, on broken JSON and on a cut-off document', async () => {
    await expect(all('{"dataset": {"identifier": "x"}}')).rejects.toThrow(/not an array/);
    await expect(all('{"dataset": null}')).rejects.toThrow(/not an array/);
    await expect(all('{"dataset": [{"identifier": x}]}')).rejects.toThrow(SyntaxError);
    await expect(all('{"dataset": [{"identifier": "x"}, {"ident')).rejects.toThrow(/ends early/);
    await expect(all('<html>not json</html>')).rejects.toThrow(/neither an object nor an array/);
  });
});
