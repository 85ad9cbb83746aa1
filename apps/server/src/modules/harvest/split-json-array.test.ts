import { describe, expect, it } from 'vitest';
import { splitJsonArray, type TSplitJsonArrayOptions } from './split-json-array';

/** The bytes of a text in chunks of `size` bytes (cutting through multi-byte characters too). */
async function* chunks(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** The elements read: values as they are, broken elements as `{ failed, byte, reason }`. */
async function all(text: string, size = 1 << 16, options: TSplitJsonArrayOptions = {}): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const element of splitJsonArray(chunks(text, size), 'dataset', options)) {
    out.push(
      element.isValid ? element.value : { failed: element.index, byte: element.byteOffset, reason: element.reason },
    );
  }
  return out;
}

/** What `all` answers at every chunk size, multi-byte characters cut in two included; they must agree. */
async function atEverySize(text: string): Promise<unknown[]> {
  const whole = await all(text);
  for (const size of [1, 2, 3, 7, 64]) expect(await all(text, size)).toEqual(whole);
  return whole;
}

/** The error `all` fails with at every chunk size. */
async function failureAtEverySize(text: string, options: TSplitJsonArrayOptions = {}): Promise<string> {
  const messages = new Set<string>();
  for (const size of [1, 3, 64, 1 << 16]) {
    await all(text, size, options).then(
      () => messages.add('no error'),
      (error: Error) => messages.add(error.message),
    );
  }
  expect(messages.size).toBe(1);
  return [...messages][0]!;
}

const byteOf = (text: string, part: string): number => Buffer.byteLength(text.slice(0, text.indexOf(part)));

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

  it('fails on a key that holds no array and on a document that is not JSON', async () => {
    await expect(all('{"dataset": {"identifier": "x"}}')).rejects.toThrow(/not an array/);
    await expect(all('{"dataset": null}')).rejects.toThrow(/not an array/);
    await expect(all('<html>not json</html>')).rejects.toThrow(/neither an object nor an array/);
  });

  it('reads on after an element that is not JSON, naming its place, its byte and the parser reason without quoting it', async () => {
    const document = `{"dataset": [{"title": "ä"},
      {"title": secret words, "keyword": ["]", "}"]},
      {"title": "trailing", },
      {'title': 'single } quoted ] text'},
      {"title": "line\nbreak"},
      {"title": "last"}]}`;
    expect(await atEverySize(document)).toEqual([
      { title: 'ä' },
      { failed: 2, byte: byteOf(document, '{"title": secret'), reason: "Unexpected token 's'" },
      {
        failed: 3,
        byte: byteOf(document, '{"title": "trailing"'),
        reason: `Expected double-quoted property name at byte ${byteOf(document, '"trailing", }') + 12}`,
      },
      {
        failed: 4,
        byte: byteOf(document, "{'title'"),
        reason: `Expected property name or '}' at byte ${byteOf(document, "'title'")}`,
      },
      {
        failed: 5,
        byte: byteOf(document, '{"title": "line'),
        reason: `Bad control character in string literal at byte ${byteOf(document, '\nbreak')}`,
      },
      { title: 'last' },
    ]);
  });

  it('keeps its place after an unescaped quote inside a string and after a string whose closing quote is missing', async () => {
    const document = JSON.stringify([
      { title: 'before', note: 'a } and a ], "quoted"' },
      'UNESCAPED',
      'MISSING',
      { title: 'between' },
      'MISSING-LAST',
      { title: 'after', list: [1, '}', ']'] },
      { title: 'end' },
    ])
      .replace('"UNESCAPED"', '{"title": "a 3.5" floppy", "size": "1"}')
      .replace('"MISSING"', '{"title": "no end, "description": "x"}')
      .replace('"MISSING-LAST"', '{"identifier": "y", "title": "no end}');
    const elements = await atEverySize(document);
    expect(elements.map((element) => (element as { failed?: number }).failed ?? element)).toEqual([
      { title: 'before', note: 'a } and a ], "quoted"' },
      2,
      3,
      { title: 'between' },
      // The element's end is taken into the string that lacks its closing quote: the next element goes with it.
      5,
      { title: 'end' },
    ]);
  });

  it('keeps a stray } or ] with its element and reads on, in a top-level object and in a bare array', async () => {
    for (const [head, tail] of [
      ['{"dataset": [', '], "after": [{"x": 1}]}'],
      ['[', ']'],
    ]) {
      const document = `${head}{"a": 1}}, {"b": 2}], {"c": 3}, ], {"d": {"e": [4]]}, {"f": 5}${tail}`;
      expect(await atEverySize(document)).toEqual([
        { failed: 1, byte: byteOf(document, '{"a"'), reason: expect.stringMatching(/^Unexpected non-whitespace/) },
        { failed: 2, byte: byteOf(document, '{"b"'), reason: expect.stringMatching(/^Unexpected non-whitespace/) },
        { c: 3 },
        { failed: 4, byte: byteOf(document, ', ]') + 2, reason: `Unexpected token ']'` },
        { failed: 5, byte: byteOf(document, '{"d"'), reason: expect.stringMatching(/^Expected ',' or '}'/) },
        { f: 5 },
      ]);
    }
    // A `]` followed by what may follow the array closes it.
    expect(await atEverySize('{"dataset": [1, 2] , "dataset2": [3]}')).toEqual([1, 2]);
    expect(await atEverySize('{"dataset": [1, 2]}')).toEqual([1, 2]);
    expect(await atEverySize('[1, 2, ]\n\u0000')).toEqual([1, 2]);
  });

  it('fails with the element and its byte when the document ends inside an element, after every element before it', async () => {
    const cases = [
      // Cut off.
      '{"dataset": [{"a": 1}, {"b": [2, {"c',
      // A string never closed.
      '{"dataset": [{"a": 1}, {"b": "no end]}\n',
      // A bracket never closed.
      '[{"a": 1}, {"b": [2}, {"c": 3}]',
    ];
    for (const document of cases) {
      const read: unknown[] = [];
      const error = await (async () => {
        for await (const element of splitJsonArray(chunks(document, 5), 'dataset')) read.push(element);
      })().catch((caught: Error) => caught.message);
      expect(read).toEqual([{ isValid: true, value: { a: 1 } }]);
      expect(error).toBe(
        `Not a JSON document with a dataset array: the document ends inside element 2, which starts at byte ${byteOf(document, '{"b"')} (the file is cut off, or a string or bracket in it is not closed)`,
      );
      expect(await failureAtEverySize(document)).toBe(error);
    }
    expect(await failureAtEverySize('{"dataset": [{"a": 1},')).toBe(
      'Not a JSON document with a dataset array: the document ends early, at byte 22',
    );
    expect(await failureAtEverySize('[{"a": 1}] {"b": 2}]')).toBe(
      'Not a JSON document with a dataset array: the document goes on after its end, at byte 11',
    );
    expect(await failureAtEverySize('{"dataset": [1]}}')).toBe(
      'Not a JSON document with a dataset array: the document goes on after its end, at byte 16',
    );
  });

  it('fails once an element outgrows the limit, instead of holding the rest of the document', async () => {
    const document = `[{"a": 1}, {"b": "${'x'.repeat(300)}`;
    expect(await failureAtEverySize(document, { maxElementBytes: 100 })).toMatch(
      /^Not a JSON document with a dataset array: element 2, which starts at byte 11, is longer than 100 bytes/,
    );
  });
});
