import type { TEndpointCheck, TMetadataItem } from '@dsm/contracts';
import { makeTestOffer } from './test-offer';

type TTestItemOptions = Parameters<typeof makeTestOffer>[0] & {
  checks?: Partial<TEndpointCheck>[];
  links?: (string | null)[];
  /** Withholds every access URL, as the API answers a paid offer to someone who neither supplies nor bought it. */
  isAccessRestricted?: boolean;
  issued?: string | null;
} & Partial<Pick<TMetadataItem, 'provider' | 'author' | 'maintainer'>>;

/** A metadata item in the API's shape for component tests: one pending check per distribution by default. */
export function makeTestItem(options: TTestItemOptions = {}): TMetadataItem {
  const {
    checks,
    links,
    isAccessRestricted,
    issued,
    provider = 'City of Leipzig',
    author = 'Ada Author',
    maintainer = 'Max Maintainer',
    ...offerOptions
  } = options;
  const offer = makeTestOffer(offerOptions);
  const dataset = offer.datasets[0]!;
  if (issued !== undefined) dataset['dcterms:issued'] = issued;
  if (links) {
    dataset['dcat:distribution'] = dataset['dcat:distribution'].map((distribution, index) => ({
      ...distribution,
      'dcat:accessURL': links[index] ?? null,
    }));
  }
  if (isAccessRestricted) {
    dataset['dcat:distribution'] = dataset['dcat:distribution'].map((distribution) => ({
      ...distribution,
      'dcat:accessURL': null,
      isAccessRestricted: true,
    }));
  }
  return {
    ...offer,
    provider,
    providerUrl: null,
    author,
    authorEmail: null,
    maintainer,
    maintainerEmail: null,
    endpointChecks: dataset['dcat:distribution'].map((distribution, index) => ({
      distributionId: distribution['@id'],
      status: 'pending',
      httpStatus: null,
      byteSize: null,
      failure: null,
      checkedAt: null,
      ...checks?.[index],
    })),
  };
}
