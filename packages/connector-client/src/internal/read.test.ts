import { describe, expect, it } from 'vitest';
import { isTransferProcessStateName, type TransferProcessStateName } from '../constants';
import { MalformedAnswerError } from '../errors';
import { compactIri } from '../json-ld';
import * as answers from '../test/edc-answers';
import { readCatalog, readContractNegotiation, readDataPlane, readList, readState, readTransferProcess } from './read';

const EDC = 'https://w3id.org/edc/v0.0.1/ns/';

/** A catalog as printed in EDC's Samples (transfer-01-negotiation): DCAT and DCT declared with https and '/'. */
const samplesCatalog = {
  '@id': '31f6d748-d35b-4dec-9e34-d141fd17b458',
  '@type': 'dcat:Catalog',
  'dcat:dataset': {
    '@id': 'assetId',
    '@type': 'dcat:Dataset',
    'odrl:hasPolicy': {
      '@id': 'MQ==:YXNzZXRJZA==:YTc4OGEwYjMtODRlZi00NWYwLTgwOWQtMGZjZTMwMGM3Y2Ey',
      '@type': 'odrl:Set',
      'odrl:permission': [],
      'odrl:prohibition': [],
      'odrl:obligation': [],
      'odrl:target': 'assetId',
    },
    'dcat:distribution': [
      {
        '@type': 'dcat:Distribution',
        'dct:format': { '@id': 'HttpData-PULL' },
        'dcat:accessService': '2a5178c3-c937-4ac2-85be-c46dbc6c5642',
      },
      {
        '@type': 'dcat:Distribution',
        'dct:format': { '@id': 'HttpData-PUSH' },
        'dcat:accessService': '2a5178c3-c937-4ac2-85be-c46dbc6c5642',
      },
    ],
    name: 'product description',
    id: 'assetId',
    contenttype: 'application/json',
  },
  'dcat:service': {
    '@id': '2a5178c3-c937-4ac2-85be-c46dbc6c5642',
    '@type': 'dcat:DataService',
    'dct:terms': 'connector',
    'dct:endpointUrl': 'http://localhost:19194/protocol',
  },
  'edc:participantId': 'anonymous',
  '@context': {
    '@vocab': EDC,
    edc: EDC,
    dcat: 'https://www.w3.org/ns/dcat/',
    dct: 'https://purl.org/dc/terms/',
    odrl: 'http://www.w3.org/ns/odrl/2/',
    dspace: 'https://w3id.org/dspace/v0.8/',
  },
};

describe('reading catalogs', () => {
  // It read zero datasets, without an error: the https DCAT namespace was not recognised.
  it("reads a catalog whose context declares DCAT and DCT as EDC's Samples print them", () => {
    const catalog = readCatalog(samplesCatalog);
    expect(catalog.participantId).toBe('anonymous');
    expect(catalog.datasets).toHaveLength(1);
    expect(catalog.datasets[0]).toMatchObject({
      id: 'assetId',
      offers: [{ id: 'MQ==:YXNzZXRJZA==:YTc4OGEwYjMtODRlZi00NWYwLTgwOWQtMGZjZTMwMGM3Y2Ey', target: 'assetId' }],
      distributions: [
        { format: 'HttpData-PULL', accessService: '2a5178c3-c937-4ac2-85be-c46dbc6c5642' },
        { format: 'HttpData-PUSH', accessService: '2a5178c3-c937-4ac2-85be-c46dbc6c5642' },
      ],
      properties: { name: 'product description', contenttype: 'application/json' },
    });
    expect(catalog.services).toEqual([
      { id: '2a5178c3-c937-4ac2-85be-c46dbc6c5642', endpointUrl: 'http://localhost:19194/protocol' },
    ]);
  });

  it('takes the http and https, slash and hash spellings of the DCAT, DCT, ODRL and DSPACE namespaces', () => {
    for (const [namespaces, term] of [
      [['http://www.w3.org/ns/dcat#', 'https://www.w3.org/ns/dcat#', 'https://www.w3.org/ns/dcat/'], 'dataset'],
      [['http://purl.org/dc/terms/', 'https://purl.org/dc/terms/', 'http://purl.org/dc/terms#'], 'format'],
      [['http://www.w3.org/ns/odrl/2/', 'https://www.w3.org/ns/odrl/2/', 'http://www.w3.org/ns/odrl/2#'], 'hasPolicy'],
      [
        ['https://w3id.org/dspace/v0.8/', 'http://w3id.org/dspace/v0.8/', 'https://w3id.org/dspace/2025/1#'],
        'participantId',
      ],
    ] as const) {
      for (const namespace of namespaces) expect(compactIri(`${namespace}${term}`), namespace).toBe(term);
    }
    const catalog = readCatalog({
      ...samplesCatalog,
      '@context': {
        ...samplesCatalog['@context'],
        dcat: 'http://www.w3.org/ns/dcat/',
        odrl: 'https://www.w3.org/ns/odrl/2/',
      },
    });
    expect(catalog.datasets[0]?.offers).toHaveLength(1);
  });

  it('raises MalformedAnswer instead of dropping what it cannot read', () => {
    const unknownNamespace = {
      ...samplesCatalog,
      '@context': { ...samplesCatalog['@context'], dcat: 'https://example.org/dcat/' },
    };
    expect(() => readCatalog(unknownNamespace)).toThrow(MalformedAnswerError);
    expect(() => readCatalog(unknownNamespace)).toThrow(
      "unexpected answer: a catalog whose 'https://example.org/dcat/dataset' is in a namespace the client does not know",
    );
    const { '@id': _id, id: _plainId, ...withoutId } = samplesCatalog['dcat:dataset'];
    expect(() => readCatalog({ ...samplesCatalog, 'dcat:dataset': withoutId })).toThrow(
      'unexpected answer: a dataset without an @id',
    );
    expect(() => readCatalog({ ...samplesCatalog, 'dcat:dataset': ['assetId'] })).toThrow(MalformedAnswerError);
    const { '@id': _offerId, ...offerWithoutId } = samplesCatalog['dcat:dataset']['odrl:hasPolicy'];
    expect(() =>
      readCatalog({
        ...samplesCatalog,
        'dcat:dataset': { ...samplesCatalog['dcat:dataset'], 'odrl:hasPolicy': offerWithoutId },
      }),
    ).toThrow("unexpected answer: an offer of dataset 'assetId' without an @id");
  });

  // The originator of a crawled catalog was dropped by the types.
  it('keeps the originator of each catalog of a federated catalog', () => {
    const crawled = readList(
      [{ ...samplesCatalog, originator: 'http://localhost:19194/protocol', '@context': samplesCatalog['@context'] }],
      readCatalog,
    );
    expect(crawled[0]?.originator).toBe('http://localhost:19194/protocol');
  });
});

describe('reading states and data planes', () => {
  // A state EDC does not define was cast to a known state name.
  it('keeps a state EDC does not define, typed as unknown (DataDashboard fixtures spell SUCCESSFULL)', () => {
    const transfer = readTransferProcess({ ...answers.transferProcess, state: 'SUCCESSFULL' });
    expect(transfer.state).toBe('SUCCESSFULL');
    expect(isTransferProcessStateName(transfer.state)).toBe(false);
    // @ts-expect-error an unknown state is not a known state name until narrowed
    const asKnown: TransferProcessStateName = transfer.state;
    expect(asKnown).toBe('SUCCESSFULL');
    if (isTransferProcessStateName(transfer.state)) {
      const narrowed: TransferProcessStateName = transfer.state;
      expect(narrowed).toBeUndefined();
    }
    const negotiation = readContractNegotiation({ '@id': 'n', state: 'FINALIZED' });
    expect(negotiation.state).toBe('FINALIZED');
    expect(readState({ state: 'DONE' }, 'INITIAL', isTransferProcessStateName).state).toBe('DONE');
  });

  // lastActive and turnCount of EDC's DataPlaneInstance were dropped.
  it('keeps lastActive and turnCount of a data plane', () => {
    const plane = readDataPlane({ ...answers.dataPlane, lastActive: 1688465700, turnCount: 3 });
    expect(plane).toMatchObject({ lastActive: 1688465700, turnCount: 3 });
  });
});
