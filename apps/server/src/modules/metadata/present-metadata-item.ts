import type { TMetadataItem, TOffer } from '@dsm/contracts';
import type { TOfferDetailsRow } from '../catalogue/offer-details-repository';
import type { TLinkCheckRow } from '../link-checker/link-check-repository';
import { presentEndpointCheck } from '../link-checker/present-endpoint-check';

/** Every distribution of an offer, in the order of its datasets. */
export function distributionsOf(offer: TOffer): { id: string; url: string | null }[] {
  return offer.datasets.flatMap((dataset) =>
    dataset['dcat:distribution'].map((distribution) => ({
      id: distribution['@id'],
      url: distribution['dcat:accessURL'],
    })),
  );
}

/** A metadata item: the offer as search presents it, its details columns and one check per distribution. */
export function presentMetadataItem(
  offer: TOffer,
  details: TOfferDetailsRow | undefined,
  checks: ReadonlyMap<string, TLinkCheckRow>,
): TMetadataItem {
  return {
    ...offer,
    provider: details?.provider ?? null,
    providerUrl: details?.provider_url ?? null,
    author: details?.author ?? null,
    authorEmail: details?.author_email ?? null,
    maintainer: details?.maintainer ?? null,
    maintainerEmail: details?.maintainer_email ?? null,
    endpointChecks: distributionsOf(offer).map((distribution) =>
      presentEndpointCheck(distribution.id, distribution.url, checks.get(distribution.id)),
    ),
  };
}
