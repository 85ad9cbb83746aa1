import { XMLParser } from 'fast-xml-parser';

/** Tests' reading of e-invoices: XML as nested objects, values as written, attributes as `@name`. */
export type TXml = Record<string, unknown>;

/** The node at a path of element names (prefixes removed), or undefined. */
export const at = (node: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((current, name) => (current as TXml | undefined)?.[name], node);

/** An element's text, also when it has attributes (`<TaxAmount currencyID="EUR">2.28</TaxAmount>`). */
export const textOf = (node: unknown): unknown =>
  node !== null && typeof node === 'object' && '#text' in node ? (node as TXml)['#text'] : node;

/** An e-invoice's XML (UBL or CII) as nested objects, namespace prefixes removed. */
export const parseEInvoice = (bytes: Uint8Array): TXml =>
  new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
  }).parse(new TextDecoder().decode(bytes)) as TXml;

/** An e-invoice's XML text as nested objects with the namespace prefixes kept (`cac:TaxTotal`), as UBL names them. */
export const parseXml = (text: string): TXml =>
  new XMLParser({ ignoreAttributes: false, parseTagValue: false, attributeNamePrefix: '@' }).parse(text) as TXml;

/** The files attached to a PDF, by name, as pdf.js (what browsers show) reads them. */
export async function attachmentsOf(pdf: Uint8Array): Promise<Record<string, Uint8Array>> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data: pdf.slice(), verbosity: 0 }).promise;
  const attachments = ((await document.getAttachments()) ?? {}) as Record<string, { content: Uint8Array }>;
  await document.destroy();
  return Object.fromEntries(Object.entries(attachments).map(([name, file]) => [name, file.content]));
}
