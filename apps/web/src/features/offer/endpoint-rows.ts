import {
  formatName,
  licenceLabelOf,
  matchLicence,
  type TEndpointCheck,
  type TLicence,
  type TMetadataItem,
} from '@dsm/contracts';

/** One row of the Endpoints table. */
export type TEndpointRow = {
  id: string;
  name: string;
  /** The format by its name (formatName), else the media type; null when neither is known. */
  type: string | null;
  /** The catalogue title of the licence, 'n/a' when it matches none. */
  licence: string;
  /** Where the licence text can be read; null when unknown. */
  licenceUrl: string | null;
  /** The access URL; null when the publisher gave none or wrote 'N/A', or when it is withheld. */
  link: string | null;
  /** The offer is paid and the viewer has not bought it: the URL is withheld, buying the offer gives access. */
  isAccessRestricted: boolean;
  check: TEndpointCheck;
};

const isHttpUrl = (text: string): boolean => /^https?:\/\/\S+$/i.test(text.trim());

/** A usable access URL, or null for none and for the publishers' 'N/A'. */
export function usableLink(url: string | null): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  return trimmed === '' || trimmed.toUpperCase() === 'N/A' ? null : trimmed;
}

/**
 * The Endpoints table's rows: each distribution with its licence matched against the catalogue and
 * its endpoint check. A licence the catalogue does not know is 'n/a', but a licence written as a
 * URL can still be opened.
 */
export function endpointRows(item: TMetadataItem, licences: readonly TLicence[]): TEndpointRow[] {
  const checks = new Map(item.endpointChecks.map((check) => [check.distributionId, check]));
  return item.datasets.flatMap((dataset) =>
    dataset['dcat:distribution'].map((distribution) => {
      const text = distribution['dcterms:license'];
      const matched = matchLicence(text, licences);
      const link = usableLink(distribution['dcat:accessURL']);
      const format = distribution['dcterms:format'] ?? distribution['dcat:mediaType'];
      return {
        id: distribution['@id'],
        name: distribution['dcterms:title'],
        type: format ? formatName(format) : format,
        licence: licenceLabelOf(text, licences),
        licenceUrl: matched?.licenceUrl || (text && isHttpUrl(text) ? text.trim() : null),
        link,
        isAccessRestricted: distribution.isAccessRestricted,
        check: checks.get(distribution['@id']) ?? {
          distributionId: distribution['@id'],
          status: link || distribution.isAccessRestricted ? 'pending' : 'missing',
          httpStatus: null,
          byteSize: null,
          failure: null,
          checkedAt: null,
        },
      };
    }),
  );
}

/** The offer's data formats by name, each once, in the order of its distributions. */
export function dataFormats(item: TMetadataItem): string[] {
  const formats = item.datasets.flatMap((dataset) =>
    dataset['dcat:distribution'].flatMap((distribution) => {
      const format = distribution['dcterms:format'] ?? distribution['dcat:mediaType'];
      return format ? [formatName(format)] : [];
    }),
  );
  return [...new Set(formats)];
}

/** What the endpoints table and its phone cards show, and what 'Show link' does. */
export type TEndpointsTableProps = {
  rows: readonly TEndpointRow[];
  onShowLink: (row: TEndpointRow) => void;
};
