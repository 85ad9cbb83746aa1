import type { TPaymentModel } from '@dsm/contracts';

/** An agent as a source names it: an organisation or a contact, identified by URI when it has one. */
export type THarvestedAgent = { name: string; email: string | null; uri: string | null };

export type THarvestedDistribution = {
  title: string | null;
  mediaType: string | null;
  format: string | null;
  /** The licence as the source wrote it (id, title or URL). */
  licence: string | null;
  /** The download URL when the source has one, else the access URL. */
  url: string | null;
  byteSize: number | null;
};

/**
 * One dataset read from a source, in a shape shared by every format, before it becomes an offer.
 * Themes are kept as the source wrote them; categories, licences and ids are decided later.
 */
export type THarvestedDataset = {
  /** The source's own identifier, unique inside the source. */
  identifier: string;
  title: string;
  description: string;
  /** ISO 639-1 code. */
  language: string;
  keywords: string[];
  themes: string[];
  publisher: THarvestedAgent | null;
  contact: THarvestedAgent | null;
  issued: Date | null;
  modified: Date | null;
  landingPage: string | null;
  /** The dataset's licence, for distributions that name none. */
  licence: string | null;
  distributions: THarvestedDistribution[];
  /** Only when the source says so; harvested offers are free otherwise. */
  paymentModel: TPaymentModel | null;
  price: number | null;
};

/** A record that could not be read, with the reason logged and counted. */
export class HarvestRecordError extends Error {}

/** Text of a value that should be a string, or null; numbers are accepted as text. */
export function text(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed.length > 0 ? trimmed : null;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Keywords given as an array or as one comma- or semicolon-separated string, trimmed and unique. */
export function keywordList(value: unknown): string[] {
  const items: string[] = [];
  const add = (item: unknown) => {
    const value = text(item);
    if (!value) return;
    for (const part of value.split(/[,;]/)) {
      const keyword = part.trim();
      if (keyword && !items.includes(keyword)) items.push(keyword);
    }
  };
  if (Array.isArray(value))
    for (const item of value)
      add(
        typeof item === 'object' && item
          ? ((item as { name?: unknown }).name ?? (item as { display_name?: unknown }).display_name)
          : item,
      );
  else add(value);
  return items;
}

const ISO_639_3: Record<string, string> = {
  zho: 'zh',
  chi: 'zh',
  eng: 'en',
  deu: 'de',
  ger: 'de',
  nld: 'nl',
  dut: 'nl',
  fra: 'fr',
  fre: 'fr',
  spa: 'es',
  ita: 'it',
  por: 'pt',
  jpn: 'ja',
  kor: 'ko',
};

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/;

/**
 * The ISO 639-1 code of the first language a source names (ISO 639-1, 639-3, a locale such as
 * en-US, or an EU language URI); without one, 'zh' for text in Chinese characters and `fallback` else.
 */
export function languageOf(value: unknown, title: string, fallback = 'en'): string {
  const values = Array.isArray(value) ? value : [value];
  for (const item of values) {
    const raw = text(item)?.toLowerCase();
    if (!raw) continue;
    const code = raw.split('/').pop()!.split(/[-_]/)[0]!;
    if (/^[a-z]{2}$/.test(code)) return code;
    if (ISO_639_3[code]) return ISO_639_3[code]!;
  }
  return CJK.test(title) ? 'zh' : fallback;
}

/** A non-negative whole number of bytes, or null for anything else. */
export function byteSize(value: unknown): number | null {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) && number >= 0 ? number : null;
}

/** One record of a source: the dataset it maps to, or why it could not be read. */
export type TSourceItem =
  | {
      dataset: THarvestedDataset;
      /**
       * Set by a reader that made the dataset storable (`storable`) and fingerprinted it (`contentHash`) already,
       * on a harvest thread: the main thread then does neither.
       */
      hash?: string;
    }
  | { failure: string; identifier: string | null };
