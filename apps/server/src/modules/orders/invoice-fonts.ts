import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The TrueType fonts invoices are set in: Noto Sans (SIL Open Font License) from the
 * @embedpdf/fonts-latin package, which covers every Latin script (umlauts, ß, é, ł, the euro sign).
 * PDFKit embeds the glyphs used, so the PDF carries its fonts as PDF/A requires.
 */
const fontsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-latin')),
  '..',
  'fonts',
);

export const INVOICE_FONTS = {
  regular: path.join(fontsDir, 'NotoSans-Regular.ttf'),
  bold: path.join(fontsDir, 'NotoSans-Bold.ttf'),
} as const;
