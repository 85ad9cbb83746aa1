const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** One line's bytes as text, without a carriage return ending it. */
function lineText(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('utf8', start, end > start && bytes[end - 1] === CARRIAGE_RETURN ? end - 1 : end);
}

/**
 * The lines of a byte stream (LF or CRLF endings), each decoded once it is complete. Cheaper than
 * `readline`, which decodes every chunk into a string, splits it with a regular expression and emits
 * an event per line: a harvest of JSON lines spent a tenth of its Node time there. A newline byte
 * never occurs inside a UTF-8 character, so splitting bytes is safe; a line spanning chunks is joined
 * once, when its end arrives.
 */
export async function* splitLines(input: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let pending: Buffer[] = [];
  for await (const chunk of input) {
    let start = 0;
    let end = chunk.indexOf(NEWLINE);
    if (end !== -1 && pending.length > 0) {
      const joined = Buffer.concat([...pending, chunk.subarray(0, end)]);
      pending = [];
      yield lineText(joined, 0, joined.length);
      start = end + 1;
      end = chunk.indexOf(NEWLINE, start);
    }
    while (end !== -1) {
      yield lineText(chunk, start, end);
      start = end + 1;
      end = chunk.indexOf(NEWLINE, start);
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  }
  if (pending.length > 0) {
    const last = Buffer.concat(pending);
    yield lineText(last, 0, last.length);
  }
}
