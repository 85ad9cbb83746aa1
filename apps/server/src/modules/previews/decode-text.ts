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
