const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (code: number): boolean => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
/** What may follow a string in JSON: a quote followed by anything else does not end its string. */
const mayFollowString = (code: number): boolean =>
  code === COLON || code === COMMA || code === CLOSE_OBJECT || code === CLOSE_ARRAY;

/**
 * The longest element read by default. A string or bracket that is never closed makes the rest of the
 * document one element; this bounds what is held before the run fails.
 */
export const MAX_ELEMENT_BYTES = 64 * 1024 * 1024;

/** One element of the array: its value, or where it is and why it is not JSON. */
export type TJsonArrayElement =
  | { isValid: true; value: unknown }
  | {
      isValid: false;
      /** The element's place in the array, counted from 1. */
      index: number;
      /** Where the element starts in the document, in bytes from 0. */
      byteOffset: number;
      /** The JSON parser's reason, without the text it quotes and with its position in bytes of the document. */
      reason: string;
    };

export type TSplitJsonArrayOptions = {
  /** Bytes an element may take before the run fails: a string or bracket left open makes one of the rest. */
  maxElementBytes?: number;
};

/** Thrown when the document is not one whose array can be read on: cut off, a key without an array, not JSON. */
export class JsonArrayError extends SyntaxError {}

const ELEMENT_ENDS_EARLY = '(the file is cut off, or a string or bracket in it is not closed)';

/**
 * The parser's reason for an element that is not JSON. V8 quotes the text around an unexpected token, and a
 * record's content must not reach the run's failures; a position in the element becomes one in the document.
 */
function parserReason(error: unknown, text: string, byteOffset: number): string {
  const message = error instanceof Error ? error.message : String(error);
  const positioned = /^(.*) in JSON at position (\d+)(?: \(line \d+ column \d+\))?$/s.exec(message);
  if (positioned) {
    return `${positioned[1]} at byte ${byteOffset + Buffer.byteLength(text.slice(0, Number(positioned[2])))}`;
  }
  return message.replace(/, (?:\.\.\.)?".*$/s, '');
}

/**
 * The elements of a JSON array, one at a time, from a byte stream: the document's top-level array, or the
 * array under the top-level key `key` of a top-level object (`{ "dataset": [...] }`). Only one element's
 * bytes are held at a time: a scanner finds where an element ends (tracking nesting and strings, byte by
 * byte) and hands its text to `JSON.parse`, several times faster than a token-by-token parser.
 *
 * An element that is not JSON is answered as such, with its place and the parser's reason, and reading
 * goes on at the next element of the array: elements end at a comma or the array's `]` at the array's own
 * depth, so a broken element costs only itself as long as its quotes and brackets pair up. Where they do
 * not, the scanner keeps its place by three rules, none of which changes how valid JSON is read:
 * - a quote followed by anything but `:` `,` `}` `]` does not close its string (an unescaped quote inside a
 *   string, or a string whose closing quote is missing, ends at the next quote that is so followed);
 * - a `}` at the array's depth cannot close anything and stays with its element;
 * - a `]` at the array's depth closes the array only when what may follow the array follows it (the end
 *   of the document, or the top-level object's `}` or `, "key"`); otherwise it stays with its element.
 * A string or bracket left open to the end of the document (a file cut off, a string never closed) leaves
 * the element's end unknown: every element before it is answered, then a `JsonArrayError` names the
 * element and the byte it starts at. So does the document's own structure when it is not an object or
 * array, when the key holds no array, and when an element outgrows `maxElementBytes`; other keys are
 * skipped unread.
 */
export async function* splitJsonArray(
  bytes: AsyncIterable<Uint8Array>,
  key: string,
  options: TSplitJsonArrayOptions = {},
): AsyncGenerator<TJsonArrayElement> {
  const maxElementBytes = options.maxElementBytes ?? MAX_ELEMENT_BYTES;
  let chunk: Buffer = Buffer.alloc(0);
  /** Bytes of the document before `chunk`. */
  let chunkOffset = 0;
  let position = 0;
  let depth = 0;
  let isInString = false;
  let isEscaped = false;
  /** A quote that closes its string if what follows it may follow a string. */
  let isQuotePending = false;
  let isRootSeen = false;
  let isRootArray = false;
  /** Depth of the array whose elements are wanted; -1 until it is found, -2 once it is closed. */
  let arrayDepth = -1;
  /** Top-level object: the last key read, and whether a key comes next. */
  let lastKey: string | null = null;
  let isExpectingKey = false;

  /** The element or top-level key being read: its bytes of earlier chunks, and where it starts in this one. */
  let pieces: Buffer[] = [];
  let piecesLength = 0;
  /** -1 when nothing is being read. */
  let captureStart = -1;
  let isKeyCaptured = false;
  /** Where the element or key being read starts in the document. */
  let captureOffset = 0;
  let elementCount = 0;
  /**
   * A `]` at the array's depth, while what follows decides whether it closes the array: the length of the
   * element before it (0 for none) and, once a comma followed it, the element's length up to that comma.
   */
  let closing: { elementLength: number; commaLength: number } | null = null;

  const fail = (reason: string): never => {
    throw new JsonArrayError(`Not a JSON document with a ${key} array: ${reason}`);
  };
  const capturedLength = (): number => piecesLength + position - captureStart;
  const startCapture = (isKey: boolean) => {
    pieces = [];
    piecesLength = 0;
    captureStart = position;
    captureOffset = chunkOffset + position;
    isKeyCaptured = isKey;
  };
  /** The first `length` bytes read since the capture started, as text; ends the capture. */
  const takeCaptured = (length: number): string => {
    const bytes =
      pieces.length === 0
        ? chunk.subarray(captureStart, captureStart + length)
        : Buffer.concat([...pieces, chunk.subarray(captureStart, position)], length);
    pieces = [];
    piecesLength = 0;
    captureStart = -1;
    return bytes.toString('utf8');
  };
  const takeElement = (length: number): TJsonArrayElement => {
    const byteOffset = captureOffset;
    const text = takeCaptured(length);
    elementCount++;
    try {
      return { isValid: true, value: JSON.parse(text) };
    } catch (error) {
      return { isValid: false, index: elementCount, byteOffset, reason: parserReason(error, text, byteOffset) };
    }
  };
  /** The `]` being decided closes the array: the element before it, if any, is complete. */
  const closeArray = function* (isAfterComma: boolean): Generator<TJsonArrayElement> {
    const elementLength = closing!.elementLength;
    closing = null;
    if (elementLength > 0) yield takeElement(elementLength);
    else captureStart = -1;
    arrayDepth = -2;
    depth--;
    if (isAfterComma) {
      isExpectingKey = true;
      lastKey = null;
    }
  };

  /** Index of the next backslash at or after `position`; -1 for none in `chunk`, -2 when not looked up yet. */
  let backslashAt = -2;

  const scan = function* (): Generator<TJsonArrayElement> {
    for (; position < chunk.length; position++) {
      if (isInString && !isEscaped && !isQuotePending) {
        // Most of a document is string content: jump to the next quote or backslash instead of reading on.
        if (backslashAt === -2 || (backslashAt >= 0 && backslashAt < position)) {
          backslashAt = chunk.indexOf(BACKSLASH, position);
        }
        const quoteAt = chunk.indexOf(QUOTE, position);
        const stop = backslashAt >= 0 && (quoteAt < 0 || backslashAt < quoteAt) ? backslashAt : quoteAt;
        if (stop < 0) {
          position = chunk.length;
          break;
        }
        position = stop;
      }
      const code = chunk[position]!;
      if (isInString) {
        if (isQuotePending) {
          if (isSpace(code)) continue;
          isQuotePending = false;
          if (mayFollowString(code)) {
            isInString = false;
            if (isKeyCaptured) {
              const raw = takeCaptured(capturedLength()).trimEnd().slice(1, -1);
              try {
                lastKey = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
              } catch {
                fail(`a key at byte ${chunkOffset + position} is not a JSON string`);
              }
            }
            // Read on as outside the string.
          } else {
            // The quote was part of the string; this byte is too.
            position--;
            continue;
          }
        } else {
          if (isEscaped) isEscaped = false;
          else if (code === BACKSLASH) isEscaped = true;
          else if (code === QUOTE) isQuotePending = true;
          continue;
        }
      }
      if (isSpace(code)) continue;
      if (closing) {
        if (isRootArray) {
          // A comma after the document's array means more elements follow: the `]` was a stray one of an element.
          if (code === COMMA) closing = null;
          else yield* closeArray(false);
        } else if (closing.commaLength === 0 && code === COMMA) {
          closing.commaLength = capturedLength();
          continue;
        } else if (closing.commaLength === 0 ? code === CLOSE_OBJECT : code === QUOTE) {
          yield* closeArray(closing.commaLength > 0);
        } else {
          const { commaLength } = closing;
          closing = null;
          if (commaLength > 0) yield takeElement(commaLength);
        }
      }
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
      if (isRootSeen && depth === 0) {
        // Stray bytes after the document are let be (as they were before); JSON's own characters are not.
        if (
          code === QUOTE ||
          code === COMMA ||
          code === COLON ||
          code === OPEN_OBJECT ||
          code === OPEN_ARRAY ||
          code === CLOSE_OBJECT ||
          code === CLOSE_ARRAY
        ) {
          fail(`the document goes on after its end, at byte ${chunkOffset + position}`);
        }
        continue;
      }
      if (arrayDepth >= 0 && depth === arrayDepth && captureStart < 0 && code !== COMMA && code !== CLOSE_ARRAY) {
        startCapture(false);
      }
      switch (code) {
        case QUOTE:
          isInString = true;
          if (depth === 1 && !isRootArray && isExpectingKey) {
            startCapture(true);
            isExpectingKey = false;
          }
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          if (!isRootSeen) {
            isRootSeen = true;
            if (code === OPEN_ARRAY) {
              isRootArray = true;
              arrayDepth = 1;
            } else isExpectingKey = true;
          } else if (depth === 1 && arrayDepth === -1 && lastKey === key) {
            if (code !== OPEN_ARRAY) fail(`"${key}" is not an array`);
            arrayDepth = 2;
          }
          depth++;
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          if (depth === arrayDepth) {
            // Nothing at the array's depth is closed by a `}`: it stays with its element, which fails to parse.
            if (code === CLOSE_ARRAY) {
              closing = { elementLength: captureStart >= 0 ? capturedLength() : 0, commaLength: 0 };
              if (captureStart < 0) startCapture(false);
            }
            break;
          }
          depth--;
          if (depth < 0) fail(`a bracket at byte ${chunkOffset + position} closes nothing`);
          break;
        case COMMA:
          if (depth === arrayDepth) {
            // Two commas in a row, or one before the `]`, leave an empty place: no element, nothing lost.
            if (captureStart >= 0) yield takeElement(capturedLength());
          } else if (depth === 1 && !isRootArray) {
            isExpectingKey = true;
            lastKey = null;
          }
          break;
        case COLON:
          break;
        default:
          if (!isRootSeen) fail('the document is neither an object nor an array');
      }
    }
  };

  for await (const read of bytes) {
    chunk = Buffer.isBuffer(read) ? read : Buffer.from(read.buffer, read.byteOffset, read.byteLength);
    position = 0;
    backslashAt = -2;
    yield* scan();
    if (captureStart >= 0) {
      // A copy: the stream may reuse its buffer.
      const rest = Buffer.from(chunk.subarray(captureStart));
      pieces.push(rest);
      piecesLength += rest.length;
      captureStart = 0;
      if (piecesLength > maxElementBytes) {
        fail(
          isKeyCaptured
            ? `a key at byte ${captureOffset} is longer than ${maxElementBytes} bytes`
            : `element ${elementCount + 1}, which starts at byte ${captureOffset}, is longer than ${maxElementBytes} bytes ${ELEMENT_ENDS_EARLY}`,
        );
      }
    }
    chunkOffset += chunk.length;
  }
  chunk = Buffer.alloc(0);
  position = 0;
  if (isQuotePending) {
    isQuotePending = false;
    isInString = false;
  }
  if (closing) yield* closeArray((closing as { commaLength: number }).commaLength > 0);
  if (!isRootSeen) return;
  if (depth !== 0 || isInString) {
    if (captureStart >= 0 && !isKeyCaptured) {
      fail(
        `the document ends inside element ${elementCount + 1}, which starts at byte ${captureOffset} ${ELEMENT_ENDS_EARLY}`,
      );
    }
    fail(`the document ends early, at byte ${chunkOffset}`);
  }
}
