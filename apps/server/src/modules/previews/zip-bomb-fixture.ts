import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import yazl from 'yazl';

export type TZipBombOptions = {
  /** A real workbook; its first sheet is blown up. */
  workbook: Buffer;
  /** Bytes of padding the first sheet unzips to beyond its content. */
  paddingBytes: number;
  /** True: the zip's directory states each entry's size as 1 KB, as a bomb that hides its sizes does. */
  isSizeHidden?: boolean;
};

async function entriesOf(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  const file = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, opened) =>
      error || !opened ? reject(error) : resolve(opened),
    ),
  );
  const entries: { name: string; data: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      file.openReadStream(entry, async (error, stream) => {
        if (error || !stream) return reject(error);
        const parts: Buffer[] = [];
        for await (const chunk of stream) parts.push(chunk as Buffer);
        entries.push({ name: entry.fileName, data: Buffer.concat(parts) });
        file.readEntry();
      });
    });
    file.once('end', resolve);
    file.once('error', reject);
    file.readEntry();
  });
  return entries;
}

/** Spaces in chunks of a megabyte, `total` of them. */
function* padding(total: number): Generator<Buffer> {
  const chunk = Buffer.alloc(1 << 20, 0x20);
  for (let left = total; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

/**
 * A small XLSX workbook whose first sheet unzips to `paddingBytes` more: the sheet's XML holds a comment of that
 * many spaces, which deflate packs about a thousandfold. Valid XML, so only its size stops a reader.
 */
export async function makeZipBomb(options: TZipBombOptions): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of await entriesOf(options.workbook)) {
    if (entry.name.endsWith('/')) continue;
    if (entry.name !== 'xl/worksheets/sheet1.xml') {
      zip.addBuffer(entry.data, entry.name);
      continue;
    }
    const text = entry.data.toString('utf8');
    const at = text.indexOf('?>') + 2;
    const parts = [
      Buffer.from(`${text.slice(0, at)}<!--`),
      ...padding(options.paddingBytes),
      Buffer.from(`-->${text.slice(at)}`),
    ];
    zip.addReadStream(Readable.from(parts), entry.name, { compressionLevel: 9 });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  if (options.isSizeHidden) {
    // Each central directory record: signature 0x02014b50, the uncompressed size at offset 24.
    for (
      let at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      at >= 0;
      at = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
    ) {
      bytes.writeUInt32LE(Math.min(bytes.readUInt32LE(at + 24), 1024), at + 24);
    }
  }
  return bytes;
}
