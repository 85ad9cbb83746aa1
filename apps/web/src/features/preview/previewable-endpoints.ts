import { mayPreview, previewFormatOf, type TMetadataItem, type TPreviewFormat } from '@dsm/contracts';

/** One endpoint the Preview section offers in its picker. */
export type TPreviewableEndpoint = {
  /** The endpoint's place in the offer's list, as the preview API counts it. */
  index: number;
  name: string;
  format: TPreviewFormat;
  /** The supplier marked it as a public sample. */
  isSample: boolean;
  /** A paid offer's endpoint the viewer may not preview before buying it. */
  isLocked: boolean;
};

/**
 * The offer's endpoints in a format the preview reads (CSV, TSV, JSON, GeoJSON, XLSX), in the order of the
 * Endpoints table, with whether the viewer may preview them now.
 */
export function previewableEndpoints(item: TMetadataItem): TPreviewableEndpoint[] {
  return item.datasets
    .flatMap((dataset) => dataset['dcat:distribution'])
    .flatMap((distribution, index) => {
      const format = previewFormatOf({
        format: distribution['dcterms:format'],
        mediaType: distribution['dcat:mediaType'],
        accessUrl: distribution['dcat:accessURL'],
      });
      if (!format) return [];
      return [
        {
          index,
          name: distribution['dcterms:title'],
          format,
          isSample: distribution.isPublicSample,
          isLocked: !mayPreview(distribution),
        },
      ];
    });
}

/** The endpoint shown first: the first the viewer may preview, else the first at all. */
export function firstEndpoint(endpoints: readonly TPreviewableEndpoint[]): TPreviewableEndpoint | undefined {
  return endpoints.find((endpoint) => !endpoint.isLocked) ?? endpoints[0];
}
