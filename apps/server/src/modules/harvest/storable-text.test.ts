import { describe, expect, it } from 'vitest';
import { storable, storableText } from './storable-text';

describe('storableText', () => {
  it('replaces lone surrogates and NUL, which PostgreSQL refuses, by U+FFFD and keeps paired surrogates', () => {
    expect(storableText('Agency\udc92s report')).toBe('Agency\ufffds report');
    expect(storableText('high \ud83d alone')).toBe('high \ufffd alone');
    expect(storableText('nul\u0000byte and \udc92')).toBe('nul\ufffdbyte and \ufffd');
    expect(storableText('emoji 😀 stays')).toBe('emoji 😀 stays');
  });
});

describe('storable', () => {
  it('cleans every string of a nested record and keeps dates and numbers', () => {
    const modified = new Date('2024-05-01T00:00:00Z');
    const record = {
      title: 'Title\u0000',
      keywords: ['ok', 'bad\udc92'],
      modified,
      distributions: [{ title: 'CSV\ud800', byteSize: 12, url: null }],
      publisher: { name: 'Org', uri: null },
    };
    expect(storable(record)).toEqual({
      title: 'Title\ufffd',
      keywords: ['ok', 'bad\ufffd'],
      modified,
      distributions: [{ title: 'CSV\ufffd', byteSize: 12, url: null }],
      publisher: { name: 'Org', uri: null },
    });
    expect(storable(record).modified).toBe(modified);
    expect(record.title).toBe('Title\u0000');
  });

  it('answers clean values themselves, without copying', () => {
    const record = { title: 'Clean', keywords: ['a', 'b'], distributions: [{ title: 'CSV' }] };
    expect(storable(record)).toBe(record);
  });
});
