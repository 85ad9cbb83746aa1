import { listDe, listEn } from '../catalogue/generate-offers';
import type { TOfferRecord } from '../catalogue/offer-record';
import type { TDemoKind } from './demo-tables';
import vocabulary from './demo-vocabulary.json' with { type: 'json' };
import type { TDemoFile, TDemoFileEntry } from './ensure-demo-files';
import type { TDemoFormat } from './write-demo-file';

/** The path the demo files are served under, on the product's own origin. */
export const DEMO_DATA_PATH = '/demo-data/';

/** The demo formats in the order a distribution of a format not served takes the next free one. */
const FORMAT_ORDER: readonly TDemoFormat[] = ['CSV', 'JSON', 'GeoJSON', 'XLSX'];

/** Formats of seeded distributions that a demo format stands in for as it is (an API answers JSON). */
const SAME_FORMAT: Record<string, TDemoFormat> = {
  CSV: 'CSV',
  JSON: 'JSON',
  API: 'JSON',
  GeoJSON: 'GeoJSON',
  XLSX: 'XLSX',
};

const KINDS_BY_CATEGORY = vocabulary.kindsByCategory as Record<string, TDemoKind[]>;

/** A stable small number of an offer id, to spread offers of one category over its kinds. */
const hashOf = (text: string): number => [...text].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);

/** The URL of a demo file under `publicUrl`. */
export const demoFileUrl = (publicUrl: string, file: TDemoFileEntry): string =>
  `${publicUrl.replace(/\/+$/, '')}${DEMO_DATA_PATH}${file.name}`;

/**
 * The description with the formats it names (the generator writes "... als CSV, PDF und XML veröffentlicht" /
 * "... available as CSV and PDF", listing the first dataset's formats) replaced by the formats served now.
 */
function describeFormats(description: string, before: readonly string[], after: readonly string[]): string {
  if (before.length === 0 || before.join() === after.join()) return description;
  return description
    .replace(` als ${listDe(before)} `, ` als ${listDe(after)} `)
    .replace(` as ${listEn(before)}.`, ` as ${listEn(after)}.`);
}

/**
 * The seeded offer with every distribution pointing at a demo file under the product's own origin: the kind
 * follows the offer's first category (air quality for environment, bus stops for transport, budgets for the
 * public sector, ...), the format stays when the demo serves it and otherwise becomes the first demo format the
 * dataset has no file in yet, so each endpoint names the format and media type of the file it serves, and its size
 * when the file is written already (otherwise `recordDemoFileSizes` adds it once it is). The description names the formats served.
 */
export function pointOfferAtDemoFiles(
  offer: TOfferRecord,
  files: readonly (TDemoFileEntry & { byteSize?: TDemoFile['byteSize'] })[],
  publicUrl: string,
): TOfferRecord {
  const pointed = pointDistributions(offer, files, publicUrl);
  const formatsOf = (record: TOfferRecord) =>
    (record.datasets[0]?.distributions ?? []).map((distribution) => distribution.format ?? '');
  return { ...pointed, description: describeFormats(offer.description, formatsOf(offer), formatsOf(pointed)) };
}

function pointDistributions(
  offer: TOfferRecord,
  files: readonly (TDemoFileEntry & { byteSize?: TDemoFile['byteSize'] })[],
  publicUrl: string,
): TOfferRecord {
  const kinds = KINDS_BY_CATEGORY[offer.categories[0] ?? ''] ?? KINDS_BY_CATEGORY.OTHERS!;
  const kind = kinds[hashOf(offer.id) % kinds.length]!;
  const fileOf = (format: TDemoFormat) => files.find((file) => file.kind === kind && file.format === format);
  return {
    ...offer,
    datasets: offer.datasets.map((dataset) => {
      const taken = new Set<TDemoFormat>();
      const wanted = dataset.distributions.map((distribution) => {
        const same = SAME_FORMAT[distribution.format ?? ''];
        const format = same && !taken.has(same) ? same : undefined;
        if (format) taken.add(format);
        return format;
      });
      return {
        ...dataset,
        distributions: dataset.distributions.map((distribution, index) => {
          let format = wanted[index];
          if (!format) {
            format = FORMAT_ORDER.find((candidate) => !taken.has(candidate)) ?? 'CSV';
            taken.add(format);
          }
          const file = fileOf(format);
          if (!file) return distribution;
          return {
            ...distribution,
            title: distribution.title.replace(distribution.format ?? '\u0000', format),
            format,
            mediaType: file.mediaType,
            byteSize: file.byteSize ?? null,
            accessUrl: demoFileUrl(publicUrl, file),
          };
        }),
      };
    }),
  };
}
