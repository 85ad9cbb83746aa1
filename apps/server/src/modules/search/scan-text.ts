/**
 * Splits text into the tokens PostgreSQL's default text search parser makes of it, for the shapes of
 * text that make up almost all of a catalogue's titles, keywords and descriptions: words of letters and
 * digits, hyphenated words, whole numbers and the punctuation between them. Everything else (addresses,
 * hosts, paths, decimals, abbreviations such as `U.S.`, characters it does not know) comes back as the
 * whitespace-separated chunk it stands in, for PostgreSQL's parser to split (`ts_parse`).
 *
 * What each shape becomes is pinned by `scan-text.test.ts`, which compares this scanner's tokens with
 * `ts_parse` on random chunks and on the fixture catalogues.
 */

export type TTokenType =
  | 'asciiword'
  | 'word'
  | 'numword'
  | 'uint'
  | 'asciihword'
  | 'hword'
  | 'numhword'
  | 'hword_asciipart'
  | 'hword_part'
  | 'hword_numpart';

export type TToken = { type: TTokenType; text: string };

/**
 * A token, or a chunk only PostgreSQL's parser can split. A chunk after whitespace starts with one space:
 * the parser reads some characters differently at the start of a text (a `~` or `.` there may begin a
 * file name; after whitespace it is blank), so the chunk is parsed as it stands in the text.
 */
export type TPiece = TToken | { chunk: string };

const OTHER = 0;
const ASCII_LETTER = 1;
const DIGIT = 2;
/** Letters outside ASCII the parser reads as letters (Latin-1 and Latin Extended-A, CJK, kana, Hangul). */
const LETTER = 3;
/** Characters that are never part of a token and start none. */
const BLANK = 4;
/** `.`, `:` and `-`: blank only where no letter or digit follows. */
const SEPARATOR = 5;
const SPACE = 6;

const ASCII_KINDS = new Uint8Array(128);
for (let code = 0; code < 128; code++) {
  const char = String.fromCharCode(code);
  if (/[A-Za-z]/.test(char)) ASCII_KINDS[code] = ASCII_LETTER;
  else if (/[0-9]/.test(char)) ASCII_KINDS[code] = DIGIT;
  else if ('()[]{}"\',;!?*%'.includes(char)) ASCII_KINDS[code] = BLANK;
  else if ('.:-'.includes(char)) ASCII_KINDS[code] = SEPARATOR;
  else if (' \t\n\r\f\v'.includes(char)) ASCII_KINDS[code] = SPACE;
  else ASCII_KINDS[code] = OTHER;
}

/** Punctuation and symbols outside ASCII that the parser treats as blank (typographic quotes, dashes, CJK punctuation). */
const BLANK_RANGES: readonly (readonly [number, number])[] = [
  [0xa7, 0xa7],
  [0xa9, 0xa9],
  [0xab, 0xab],
  [0xae, 0xae],
  [0xb0, 0xb0],
  [0xbb, 0xbb],
  [0x2010, 0x2015],
  [0x2018, 0x201f],
  [0x2020, 0x2022],
  [0x2026, 0x2026],
  [0x2122, 0x2122],
  [0x2264, 0x2265],
  [0x3001, 0x3003],
  [0x3008, 0x3011],
  [0x3014, 0x301b],
  [0xff01, 0xff0f],
  [0xff1a, 0xff20],
  [0xff3b, 0xff40],
  [0xff5b, 0xff65],
];

const LETTER_RANGES: readonly (readonly [number, number])[] = [
  [0xc0, 0xd6],
  [0xd8, 0xf6],
  [0xf8, 0x17f],
  [0x3041, 0x3096],
  [0x30a1, 0x30fa],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fef],
  [0xac00, 0xd7a3],
];

const inRanges = (code: number, ranges: readonly (readonly [number, number])[]) =>
  ranges.some(([low, high]) => code >= low && code <= high);

function kindOf(code: number): number {
  if (code < 128) return ASCII_KINDS[code]!;
  if (inRanges(code, LETTER_RANGES)) return LETTER;
  if (inRanges(code, BLANK_RANGES)) return BLANK;
  return OTHER;
}

const isAlphanumeric = (kind: number) => kind === ASCII_LETTER || kind === DIGIT || kind === LETTER;

/** A run of letters and digits: what the parser's word types are told apart by. */
type TSegment = { start: number; end: number; hasDigit: boolean; hasLetter: boolean; hasOtherLetter: boolean };

function segmentType(segment: TSegment): 'ascii' | 'letters' | 'digits' {
  if (segment.hasDigit) return 'digits';
  return segment.hasOtherLetter ? 'letters' : 'ascii';
}

/**
 * Scans one chunk (no whitespace in `text[start, end)`) into `out`; false when it holds a shape this
 * scanner leaves to PostgreSQL (`out` may then hold some of its tokens; the caller drops them).
 */
function scanChunk(text: string, start: number, end: number, out: TPiece[]): boolean {
  let i = start;
  while (i < end) {
    const kind = kindOf(text.charCodeAt(i));
    if (kind === BLANK) {
      i++;
      continue;
    }
    if (kind === SEPARATOR) {
      // Blank when the run of separators holds at most one dot and nothing but blank or the end follows.
      let j = i;
      let dots = 0;
      while (j < end && kindOf(text.charCodeAt(j)) === SEPARATOR) {
        if (text.charCodeAt(j) === 46) dots++;
        j++;
      }
      if (dots > 1 || (j < end && kindOf(text.charCodeAt(j)) !== BLANK)) return false;
      i = j;
      continue;
    }
    if (!isAlphanumeric(kind)) return false;

    const segments: TSegment[] = [];
    let j = i;
    for (;;) {
      const segment: TSegment = { start: j, end: j, hasDigit: false, hasLetter: false, hasOtherLetter: false };
      while (j < end) {
        const k = kindOf(text.charCodeAt(j));
        if (k === DIGIT) segment.hasDigit = true;
        else if (k === ASCII_LETTER) segment.hasLetter = true;
        else if (k === LETTER) {
          segment.hasLetter = true;
          segment.hasOtherLetter = true;
        } else break;
        j++;
      }
      segment.end = j;
      segments.push(segment);
      // Another segment only after a single hyphen followed by a letter or digit.
      if (j + 1 < end && text.charCodeAt(j) === 45 && isAlphanumeric(kindOf(text.charCodeAt(j + 1)))) j++;
      else break;
    }
    const first = segments[0]!;
    const startsWithDigit = kindOf(text.charCodeAt(first.start)) === DIGIT;
    // Numbers followed by letters or hyphens become hosts, signed integers or versions: PostgreSQL's call.
    if (startsWithDigit && (segments.length > 1 || first.hasLetter)) return false;
    // A hyphen before a digit may make a signed integer of what follows.
    if (segments.length > 1 && segments.some((s) => kindOf(text.charCodeAt(s.start)) === DIGIT)) return false;
    // Letters then digits then letters, in one segment, may be a host's or a file's start.
    if (segments.some((s) => s.hasDigit && s.hasLetter && kindOf(text.charCodeAt(s.end - 1)) !== DIGIT)) return false;

    if (segments.length === 1) {
      const type = startsWithDigit ? 'uint' : first.hasDigit ? 'numword' : first.hasOtherLetter ? 'word' : 'asciiword';
      out.push({ type, text: text.slice(first.start, first.end) });
    } else {
      const types = segments.map(segmentType);
      const whole = types.includes('digits') ? 'numhword' : types.includes('letters') ? 'hword' : 'asciihword';
      out.push({ type: whole, text: text.slice(first.start, j) });
      for (let s = 0; s < segments.length; s++) {
        const segment = segments[s]!;
        const type =
          types[s] === 'digits' ? 'hword_numpart' : types[s] === 'letters' ? 'hword_part' : 'hword_asciipart';
        out.push({ type, text: text.slice(segment.start, segment.end) });
      }
    }
    i = j;
    // What follows a word: the end, a blank, or separators (checked by the loop above).
    if (i < end) {
      const next = kindOf(text.charCodeAt(i));
      if (next !== BLANK && next !== SEPARATOR) return false;
    }
  }
  return true;
}

/**
 * The tokens of a text with the chunks left to PostgreSQL, in order; null when the text holds a `<`,
 * which may open an XML tag that spans whitespace, so only PostgreSQL can split the whole text.
 */
export function scanText(text: string): TPiece[] | null {
  if (text.includes('<')) return null;
  const pieces: TPiece[] = [];
  const length = text.length;
  let i = 0;
  while (i < length) {
    while (i < length && kindOf(text.charCodeAt(i)) === SPACE) i++;
    if (i >= length) break;
    let end = i;
    while (end < length && kindOf(text.charCodeAt(end)) !== SPACE) end++;
    const mark = pieces.length;
    if (!scanChunk(text, i, end, pieces)) {
      pieces.length = mark;
      pieces.push({ chunk: i === 0 ? text.slice(0, end) : ` ${text.slice(i, end)}` });
    }
    i = end;
  }
  return pieces;
}
