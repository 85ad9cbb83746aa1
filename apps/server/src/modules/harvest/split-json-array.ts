import { StringDecoder } from 'node:string_decoder';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;

/**
 * The elements of a JSON array, one parsed value at a time, from a byte stream: the document's top-level
 * array, or the array under the top-level key `key` of a top-level object (`{ "dataset": [...] }`). Only
 * one element's text is held at a time: the scanner finds where an element ends (tracking nesting and
 * strings) and hands that text to `JSON.parse`, several times faster than a token-by-token parser.
 * Throws on text that is not JSON and when the key holds no array; other keys are skipped unread.
 */
export async function* splitJsonArray(bytes: AsyncIterable<Buffer>, key: string): AsyncGenerator<unknown> {
  const decoder = new StringDecoder('utf8');
  /** Unscanned text, starting at the current element when one is being read. */
  let text = '';
  let position = 0;
  let depth = 0;
  let isInString = false;
  let isEscaped = false;
  /** Depth of the array whose elements are wanted; -1 until it is found, -2 once it is closed. */
  let arrayDepth = -1;
  /** Where the current element starts in `text`, -1 between elements. */
  let elementStart = -1;
  /** Top-level object: the start of the key string being read, and the last key read. */
  let keyStart = -1;
  let lastKey: string | null = null;
  let isExpectingKey = false;
  let rootSeen = false;

  const fail = (reason: string): never => {
    throw new SyntaxError(`Not a JSON document with a ${key} array: ${reason}`);
  };
  /** JSON.parse quotes the text it stopped at; the document's content must not reach the run's error. */
  const parse = (json: string): unknown => {
    try {
      return JSON.parse(json);
    } catch {
      return fail('an element is not valid JSON');
    }
  };

  /** Index of the next backslash at or after `position`; -1 for none in `text`, -2 when not looked up yet. */
  let backslashAt = -2;

  const scan = function* (): Generator<unknown> {
    for (; position < text.length; position++) {
      if (isInString && !isEscaped) {
        // Most of a document is string content: jump to the next quote or backslash instead of reading on.
        if (backslashAt === -2 || (backslashAt >= 0 && backslashAt < position)) {
          backslashAt = text.indexOf('\\', position);
        }
        const quoteAt = text.indexOf('"', position);
        const stop =
          backslashAt >= 0 && (quoteAt < 0 || backslashAt < quoteAt)
            ? backslashAt
            : quoteAt < 0
              ? text.length
              : quoteAt;
        if (stop >= text.length) {
          position = text.length;
          break;
        }
        position = stop;
      }
      const code = text.charCodeAt(position);
      if (isInString) {
        if (isEscaped) isEscaped = false;
        else if (code === BACKSLASH) isEscaped = true;
        else if (code === QUOTE) {
          isInString = false;
          if (keyStart >= 0) {
            const raw = text.slice(keyStart + 1, position);
            lastKey = raw.includes('\\') ? (parse(`"${raw}"`) as string) : raw;
            keyStart = -1;
          }
        }
        continue;
      }
      if (isSpace(code)) continue;
      if (
        depth === 1 &&
        arrayDepth === -1 &&
        lastKey === key &&
        !isExpectingKey &&
        code !== COLON &&
        code !== OPEN_ARRAY
      ) {
        fail(`"${key}" is not an array`);
      }
      if (arrayDepth >= 0 && depth === arrayDepth && elementStart < 0 && code !== COMMA && code !== CLOSE_ARRAY) {
        elementStart = position;
      }
      switch (code) {
        case QUOTE:
          isInString = true;
          if (depth === 1 && arrayDepth !== 1 && isExpectingKey) {
            keyStart = position;
            isExpectingKey = false;
          }
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          if (!rootSeen) {
            rootSeen = true;
            if (code === OPEN_ARRAY) arrayDepth = 1;
            else isExpectingKey = true;
          } else if (depth === 1 && arrayDepth === -1 && lastKey === key) {
            if (code !== OPEN_ARRAY) fail(`"${key}" is not an array`);
            arrayDepth = 2;
          }
          depth++;
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          if (depth === arrayDepth && elementStart >= 0) {
            yield parse(text.slice(elementStart, position));
            elementStart = -1;
          }
          depth--;
          if (depth < 0) fail('unbalanced brackets');
          if (depth === arrayDepth && elementStart >= 0) {
            yield parse(text.slice(elementStart, position + 1));
            elementStart = -1;
          }
          if (depth === arrayDepth - 1 && code === CLOSE_ARRAY) arrayDepth = -2;
          break;
        case COMMA:
          if (depth === arrayDepth && elementStart >= 0) {
            yield parse(text.slice(elementStart, position));
            elementStart = -1;
          }
          if (depth === 1 && arrayDepth !== 1) {
            isExpectingKey = true;
            lastKey = null;
          }
          break;
        case COLON:
          break;
        default:
          if (!rootSeen) fail('the document is neither an object nor an array');
      }
    }
  };

  for await (const chunk of bytes) {
    text += decoder.write(chunk);
    yield* scan();
    // Keeps only what is still needed: the current element, or the key being read.
    const keep = elementStart >= 0 ? elementStart : keyStart >= 0 ? keyStart : position;
    text = text.slice(keep);
    position -= keep;
    backslashAt = -2;
    if (elementStart >= 0) elementStart -= keep;
    if (keyStart >= 0) keyStart -= keep;
  }
  text += decoder.end();
  backslashAt = -2;
  yield* scan();
  if (!rootSeen) return;
  if (depth !== 0 || isInString) fail('the document ends early');
}
