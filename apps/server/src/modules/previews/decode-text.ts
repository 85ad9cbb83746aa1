/** The text encoding of a source, as TextDecoder names it. */
export type TTextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * The encoding of a text source from its first bytes: a byte order mark decides; else UTF-8 when the bytes are
 * valid UTF-8 (an incomplete sequence at the end of the sample is no error), else Windows-1252, the encoding of
 * most spreadsheets exported on Windows in western Europe (and a superset of Latin-1). A declared charset is not
 * trusted: servers often declare one for every file, whatever the file holds.
 */
export function detectEncoding(sample: Uint8Array): TTextEncoding {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return 'utf-8';
  if (sample[0] === 0xff && sample[1] === 0xfe) return 'utf-16le';
  if (sample[0] === 0xfe && sample[1] === 0xff) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** Bytes looked at before a text source's encoding is decided. */
export const SNIFF_BYTES = 64 * 1024;

/** A text source decoded as it is read: the text of its first bytes, and the rest as it comes. */
export type TDecodedText = {
  /** The text of the first SNIFF_BYTES or so, for sniffing (a delimiter, the shape of a JSON document). */
  first: string;
  /** The text after `first`, decoded as the chunks come; empty when the source ended within the first bytes. */
  rest: AsyncGenerator<string>;
};

/**
 * Decodes a source's chunks as text in the encoding of its first bytes (see detectEncoding); a byte order mark is
 * dropped. Reading goes on only as far as `rest` is read.
 */
export async function decodeChunks(chunks: AsyncIterable<Uint8Array>): Promise<TDecodedText> {
  const iterator = chunks[Symbol.asyncIterator]();
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let isEnded = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      isEnded = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.byteLength;
  }
  const sample = Buffer.concat(head);
  const decoder = new TextDecoder(detectEncoding(sample));
  const first = decoder.decode(sample, { stream: !isEnded });

  async function* rest(): AsyncGenerator<string> {
    if (isEnded) return;
    while (true) {
      const next = await iterator.next();
      if (next.done) break;
      yield decoder.decode(next.value, { stream: true });
    }
    yield decoder.decode();
  }
  return { first, rest: rest() };
}
