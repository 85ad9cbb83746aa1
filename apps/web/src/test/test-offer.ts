import type { TOffer } from '@dsm/contracts';

type TTestOfferOptions = Partial<Omit<TOffer, 'datasets'>> & {
  sizes?: (number | null)[];
  licences?: (string | null)[];
  modified?: string | null;
};

/** An offer in the API's shape for component tests. */
export function makeTestOffer(options: TTestOfferOptions = {}): TOffer {
  const { sizes = [1024], licences, modified = '2024-03-05T07:09:00.000Z', ...fields } = options;
  return {
    '@id': '3f0c1b9e-7a51-4c44-9c1d-5b0d3c2a9e01',
    title: 'Air quality in Leipzig',
    description: { '@value': 'Hourly measurements.', '@language': 'en' },
    paymentModel: 'FREE_OF_CHARGE',
    price: 0,
    isSellable: false,
    likes: 0,
    keywords: ['air'],
    categories: ['ENVIRONMENT'],
    ...fields,
    datasets: [
      {
        '@id': 'dataset-1',
        'dcterms:issued': '2020-01-01T00:00:00.000Z',
        'dcterms:modified': modified,
        'dcterms:publisher': { '@id': 'org-1', '@type': 'foaf:Organization', 'foaf:name': 'City of Leipzig' },
        'dcterms:creator': null,
        'geodcatp:custodian': null,
        'dcat:theme': [{ '@id': 'ENVIRONMENT', label: 'ENVIRONMENT' }],
        'dcat:keyword': ['air'],
        'dcat:distribution': sizes.map((size, index) => ({
          '@id': `distribution-${index}`,
          'dcterms:title': `File ${index}`,
          'dcat:mediaType': 'text/csv',
          'dcterms:format': 'CSV',
          'dcterms:license': licences?.[index] ?? 'CC-BY-4.0',
          'dcat:accessURL': 'https://data.example.org/file.csv',
          'dcat:byteSize': size,
          isAccessRestricted: false,
          isPublicSample: false,
        })),
      },
    ],
  };
}
