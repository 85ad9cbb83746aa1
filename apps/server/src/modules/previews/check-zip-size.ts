import yauzl from 'yauzl';
import { PreviewFailure } from './preview-failure';

export type TZipLimits = {
  /** The most entries the archive may list. */
  maxEntries: number;
  /** The most bytes all entries together may unzip to. */
  maxUncompressedBytes: number;
};

const tooLarge = (why: string) => new PreviewFailure('too-large', `The workbook is too large to preview: ${why}`);

/**
 * Makes sure a zip archive (an XLSX workbook) unzips to no more than the limits before anything loads it whole:
 * its central directory must list few enough entries whose stated sizes stay within the limit, and then every entry
 * is inflated as a stream and counted, so an archive that understates its sizes (a zip bomb) is stopped at the
 * limit too, holding no more than one chunk in memory. Too-large when over a limit, unparseable when it is no zip.
 */
export async function checkZipSize(bytes: Uint8Array, limits: TZipLimits): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromBuffer(
        Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        // Entry sizes are checked as they inflate: a stream stops with an error once it passes its stated size.
        { lazyEntries: true, validateEntrySizes: true, strictFileNames: false },
        (error, opened) => (error || !opened ? reject(error) : resolve(opened)),
      ),
    );
  } catch {
    throw new PreviewFailure('unparseable', 'The file is not an XLSX workbook');
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw tooLarge(`it holds ${zip.entryCount} files, more than the ${limits.maxEntries} a preview opens`);
    }
    const entries = await listEntries(zip);
    const stated = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (stated > limits.maxUncompressedBytes) throw tooLarge(unzipsTo(limits));
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      inflated = await countEntry(zip, entry, inflated, limits);
    }
  } catch (error) {
    if (error instanceof PreviewFailure) throw error;
    // An entry that unzips past its stated size, or a broken one.
    if (error instanceof Error && /too many bytes/.test(error.message)) throw tooLarge(unzipsTo(limits));
    throw new PreviewFailure('unparseable', 'The file is not an XLSX workbook');
  } finally {
    zip.close();
  }
}

const unzipsTo = (limits: TZipLimits) =>
  `it unzips to more than the ${Math.round(limits.maxUncompressedBytes / 1_048_576)} MB a preview reads`;

function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/** Inflates one entry, counting its bytes onto `before`; stops at the limit. Answers the new count. */
async function countEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, before: number, limits: TZipLimits) {
  const stream = await new Promise<NodeJS.ReadableStream & { destroy(): void }>((resolve, reject) =>
    zip.openReadStream(entry, (error, opened) => (error || !opened ? reject(error) : resolve(opened))),
  );
  let count = before;
  try {
    for await (const chunk of stream) {
      count += (chunk as Buffer).byteLength;
      if (count > limits.maxUncompressedBytes) throw tooLarge(unzipsTo(limits));
    }
  } finally {
    stream.destroy();
  }
  return count;
}
