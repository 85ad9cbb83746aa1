/**
 * Answers shaped as EDC 0.x connectors send them, taken from the examples of management-api.yaml 3.1.6 and from
 * older connectors that prefix every EDC term with `edc:`.
 */

const EDC = 'https://w3id.org/edc/v0.0.1/ns/';

export const vocabContext = { '@vocab': EDC, edc: EDC, odrl: 'http://www.w3.org/ns/odrl/2/' };

export const idResponse = { '@context': vocabContext, '@type': 'IdResponse', '@id': 'new-id', createdAt: 1688465655 };

export const asset = {
  '@context': { '@vocab': EDC },
  '@id': 'asset-id',
  properties: { key: 'value', 'edc:name': 'Weather' },
  privateProperties: { privateKey: 'privateValue' },
  dataAddress: { '@type': 'DataAddress', type: 'HttpData', baseUrl: 'https://jsonplaceholder.typicode.com/todos' },
  createdAt: 1688465655,
};

/** The same asset as a connector that prefixes everything answers it. */
export const prefixedAsset = {
  '@context': { edc: EDC },
  '@id': 'asset-2',
  'edc:properties': { 'edc:name': 'Prefixed', [`${EDC}description`]: 'full IRI key' },
  'edc:dataAddress': { '@type': 'edc:DataAddress', 'edc:type': 'HttpData', 'edc:baseUrl': 'http://example.org' },
  'edc:createdAt': 1,
};

export const policyDefinition = {
  '@context': vocabContext,
  '@id': 'definition-id',
  '@type': 'PolicyDefinition',
  createdAt: 1688465655,
  policy: {
    '@id': 'policy-1',
    '@type': 'odrl:Set',
    'odrl:permission': {
      'odrl:action': { '@id': 'odrl:use' },
      'odrl:constraint': {
        'odrl:and': [
          {
            'odrl:leftOperand': { '@id': 'edc:inForceDate' },
            'odrl:operator': { '@id': 'odrl:gteq' },
            'odrl:rightOperand': '2023-07-07T07:19:58Z',
          },
          {
            'odrl:leftOperand': `${EDC}inForceDate`,
            'odrl:operator': { '@id': 'odrl:lteq' },
            'odrl:rightOperand': '2023-07-12T07:19:58Z',
          },
        ],
      },
    },
    'odrl:prohibition': [],
    'odrl:obligation': [],
  },
};

export const contractDefinition = {
  '@context': vocabContext,
  '@id': 'definition-id',
  '@type': 'ContractDefinition',
  accessPolicyId: 'asset-policy-id',
  contractPolicyId: 'contract-policy-id',
  assetsSelector: [{ '@type': 'Criterion', operandLeft: `${EDC}id`, operator: '=', operandRight: 'asset-id' }],
  createdAt: 1688465655,
};

export const catalog = {
  '@id': '7df65569-8c59-4013-b1c0-fa14f6641bf2',
  '@type': 'dcat:Catalog',
  'dcat:dataset': {
    '@id': 'bcca61be-e82e-4da6-bfec-9716a56cef35',
    '@type': 'dcat:Dataset',
    'odrl:hasPolicy': {
      '@id': 'OGU0:YmNj:NDY2',
      '@type': 'odrl:Set',
      'odrl:permission': {
        'odrl:target': 'bcca61be-e82e-4da6-bfec-9716a56cef35',
        'odrl:action': { 'odrl:type': 'http://www.w3.org/ns/odrl/2/use' },
        'odrl:constraint': {
          'odrl:and': [
            {
              'odrl:leftOperand': 'https://w3id.org/edc/v0.0.1/ns/inForceDate',
              'odrl:operator': { '@id': 'odrl:gteq' },
              'odrl:rightOperand': '2023-07-07T07:19:58.585601395Z',
            },
          ],
        },
      },
      'odrl:prohibition': [],
      'odrl:obligation': [],
    },
    'dcat:distribution': [
      {
        '@type': 'dcat:Distribution',
        'dct:format': { '@id': 'HttpData' },
        'dcat:accessService': '5e839777-d93e-4785-8972-1005f51cf367',
      },
    ],
    description: 'description',
    id: 'bcca61be-e82e-4da6-bfec-9716a56cef35',
  },
  'dcat:service': {
    '@id': '5e839777-d93e-4785-8972-1005f51cf367',
    '@type': 'dcat:DataService',
    'dct:terms': 'connector',
    'dcat:endpointURL': 'http://localhost:16806/protocol',
  },
  'dspace:participantId': 'urn:connector:provider',
  '@context': {
    '@vocab': EDC,
    dct: 'http://purl.org/dc/terms/',
    edc: EDC,
    dcat: 'http://www.w3.org/ns/dcat#',
    odrl: 'http://www.w3.org/ns/odrl/2/',
    dspace: 'https://w3id.org/dspace/2025/1/',
  },
};

export const agreement = {
  '@context': { '@vocab': EDC },
  '@type': `${EDC}ContractAgreement`,
  '@id': 'agreement-id',
  providerId: 'provider-id',
  consumerId: 'consumer-id',
  assetId: 'asset-id',
  contractSigningDate: 1688465655,
  policy: {
    '@context': 'http://www.w3.org/ns/odrl.jsonld',
    '@type': 'Set',
    '@id': 'offer-id',
    permission: [{ target: 'asset-id', action: 'display' }],
  },
};

export const negotiation = {
  '@context': { '@vocab': EDC },
  '@type': `${EDC}ContractNegotiation`,
  '@id': 'negotiation-id',
  type: 'CONSUMER',
  protocol: 'dataspace-protocol-http',
  counterPartyId: 'counter-party-id',
  counterPartyAddress: 'http://counter/party/address',
  state: 'FINALIZED',
  contractAgreementId: 'agreement-id',
  createdAt: 1688465655,
  callbackAddresses: [{ transactional: false, uri: 'http://callback/url', events: ['contract.negotiation'] }],
};

/** A negotiation as an older connector answers it, every term prefixed with `edc:`. */
export const prefixedNegotiation = {
  '@context': { edc: EDC },
  '@type': 'edc:ContractNegotiation',
  '@id': 'negotiation-2',
  'edc:type': 'PROVIDER',
  'edc:state': 'REQUESTED',
  'edc:counterPartyAddress': 'http://counter/party/address',
};

export const dataPlane = {
  '@context': { '@vocab': EDC },
  '@id': 'your-dataplane-id',
  url: 'http://somewhere.com:1234/api/v1',
  allowedSourceTypes: ['source-type1', 'source-type2'],
  allowedDestTypes: ['your-dest-type'],
  allowedTransferTypes: ['transfer-type'],
  state: 'AVAILABLE',
  stateTimestamp: 1688465655,
};

export const edr = {
  '@context': { '@vocab': EDC },
  '@id': 'transfer-process-id',
  transferProcessId: 'transfer-process-id',
  agreementId: 'agreement-id',
  contractNegotiationId: 'contract-negotiation-id',
  assetId: 'asset-id',
  providerId: 'provider-id',
  createdAt: 1688465655,
};

export const edrDataAddress = {
  '@context': { edc: EDC },
  '@type': 'edc:DataAddress',
  'edc:type': 'https://w3id.org/idsa/v4.1/HTTP',
  'edc:endpoint': 'http://provider/public',
  'edc:authorization': 'token-123',
  'edc:authType': 'bearer',
  'edc:endpointType': 'https://w3id.org/idsa/v4.1/HTTP',
};

export const secret = { '@context': { '@vocab': EDC }, '@id': 'secret-id', '@type': 'Secret', value: 'secret-value' };

export const transferProcess = {
  '@context': { '@vocab': EDC },
  '@type': `${EDC}TransferProcess`,
  '@id': 'process-id',
  correlationId: 'correlation-id',
  type: 'CONSUMER',
  state: 'STARTED',
  stateTimestamp: 1688465655,
  assetId: 'asset-id',
  contractId: 'contractId',
  dataDestination: { type: 'HttpProxy' },
  privateProperties: { 'private-key': 'private-value' },
  errorDetail: 'eventual-error-detail',
  createdAt: 1688465655,
  callbackAddresses: [],
};

export const healthStatus = {
  isSystemHealthy: true,
  componentResults: [{ component: 'db', isHealthy: true }],
};
