import { describe, expect, it } from 'vitest';
import { splitLines } from './split-lines';

async function linesOf(chunks: (string | Buffer)[]): Promise<string[]> {
  async function* source() {
    for (const chunk of chunks) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
  }
  const lines: string[] = [];
  for await (const line of splitLines(source())) lines.push(line);
  return lines;
}

describe('splitLines', () => {
  it('splits LF and CRLF lines, keeps empty ones and a last line without an end', async () => {
    expect(await linesOf(['a\nb\r\n\nc'])).toEqual(['a', 'b', '', 'c']);
    expect(await linesOf(['a\n'])).toEqual(['a']);
    expect(await linesOf([])).toEqual([]);
  });

  it('joins lines spanning chunks, a CRLF split between them and a character split between them', async () => {
    const text = Buffer.from('{"title":"台灣生物"}\r\n{"x":1}\n');
    const cut = text.indexOf('灣') + 1;
    const crlf = text.indexOf('\r') + 1;
    expect(await linesOf([text.subarray(0, cut), text.subarray(cut, crlf), text.subarray(crlf)])).toEqual([
      '{"title":"台灣生物"}',
      '{"x":1}',
    ]);
    expect(await linesOf(['ab', 'cd', 'e\nf', 'g'])).toEqual(['abcde', 'fg']);
  });
});
