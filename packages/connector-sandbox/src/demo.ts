import { EDC_CONTEXT, ODRL_CONTEXT_URL as ODRL_CONTEXT } from '@dsm/connector-client';
import { type Sandbox, type SandboxOptions, type SandboxSeed, startSandbox } from './start-sandbox';

/**
 * The two demo connectors: a provider offering sample open data and a consumer with a small offer of its own. They
 * run in `npm start`'s embedded mode and alone (`npm start -w @dsm/connector-sandbox`). The base URLs and the data
 * sources are made up (example.org), so nothing here pretends to be a real data set.
 */

const EDC_ID = 'https://w3id.org/edc/v0.0.1/ns/id';
const PURPOSE = 'https://w3id.org/edc/v0.0.1/ns/purpose';
const MEMBERSHIP = 'https://w3id.org/edc/v0.0.1/ns/membership';

type TJson = Record<string, unknown>;

function asset(id: string, properties: TJson, dataAddress: TJson): TJson {
  return {
    '@context': EDC_CONTEXT,
    '@type': 'Asset',
    '@id': id,
    properties,
    dataAddress: { '@type': 'DataAddress', ...dataAddress },
  };
}

function policyDefinition(id: string, rules: TJson): TJson {
  return {
    '@context': EDC_CONTEXT,
    '@type': 'PolicyDefinition',
    '@id': id,
    policy: { '@context': ODRL_CONTEXT, '@type': 'Set', permission: [], prohibition: [], obligation: [], ...rules },
  };
}

/** A contract definition offering the listed assets, or every asset of the connector for `'all'`. */
function contractDefinition(id: string, accessPolicyId: string, contractPolicyId: string, assets: string[] | 'all') {
  const assetsSelector =
    assets === 'all'
      ? []
      : [
          assets.length === 1
            ? { '@type': 'Criterion', operandLeft: EDC_ID, operator: '=', operandRight: assets[0] }
            : { '@type': 'Criterion', operandLeft: EDC_ID, operator: 'in', operandRight: assets },
        ];
  return {
    '@context': EDC_CONTEXT,
    '@type': 'ContractDefinition',
    '@id': id,
    accessPolicyId,
    contractPolicyId,
    assetsSelector,
  };
}

const OPEN_USE = policyDefinition('open-use', { permission: [{ action: 'use' }] });
const RESEARCH_ONLY = policyDefinition('research-only', {
  permission: [{ action: 'use', constraint: [{ leftOperand: PURPOSE, operator: 'eq', rightOperand: 'research' }] }],
  prohibition: [{ action: 'distribute' }],
});
const MEMBERS_ONLY = policyDefinition('members-only', {
  permission: [{ action: 'use', constraint: [{ leftOperand: MEMBERSHIP, operator: 'eq', rightOperand: 'active' }] }],
});

/** The provider's sample assets, policies and contract definitions. */
export const PROVIDER_SEED: SandboxSeed = {
  assets: [
    asset(
      'weather-stations-2024',
      {
        name: 'Weather station readings 2024',
        description: 'Hourly temperature, precipitation and wind readings of 42 weather stations in Saxony.',
        contenttype: 'text/csv',
        keywords: ['weather', 'climate', 'Wetter'],
        categories: ['ENVIRONMENT'],
        language: 'en',
        license: 'CC-BY-4.0',
      },
      { type: 'HttpData', baseUrl: 'https://data.example.org/weather/stations-2024.csv' },
    ),
    asset(
      'bicycle-counts-cologne',
      {
        name: 'Bicycle counts Cologne',
        description: 'Daily counts of cyclists at 18 permanent counting stations in Cologne.',
        contenttype: 'application/json',
        keywords: ['cycling', 'mobility', 'Radverkehr'],
        categories: ['TRANSPORT'],
        language: 'en',
        license: 'DL-DE-BY-2.0',
      },
      { type: 'HttpData', baseUrl: 'https://data.example.org/mobility/bicycle-counts-cologne.json' },
    ),
    asset(
      'air-quality-leipzig',
      {
        name: 'Air quality Leipzig',
        description: 'Fine dust (PM10, PM2.5) and nitrogen dioxide at the traffic stations of Leipzig.',
        contenttype: 'text/csv',
        keywords: ['air quality', 'Feinstaub', 'NO2'],
        categories: ['ENVIRONMENT', 'HEALTH'],
        language: 'en',
        license: 'CC-BY-4.0',
      },
      { type: 'InlineData', content: 'station,pm10,pm25,no2\nLeipzig-Mitte,21,12,33\n', contentType: 'text/csv' },
    ),
  ],
  policyDefinitions: [OPEN_USE, RESEARCH_ONLY, MEMBERS_ONLY],
  contractDefinitions: [
    contractDefinition('open-weather-data', 'open-use', 'open-use', ['weather-stations-2024']),
    contractDefinition('mobility-research', 'members-only', 'research-only', [
      'bicycle-counts-cologne',
      'air-quality-leipzig',
    ]),
    contractDefinition('complete-sample-catalogue', 'members-only', 'research-only', 'all'),
  ],
};

/** The consumer's sample data: one asset offered openly. */
export const CONSUMER_SEED: SandboxSeed = {
  assets: [
    asset(
      'energy-use-report',
      {
        name: 'Energy use report',
        description: 'Monthly electricity use of a mid-sized logistics site, in kWh.',
        contenttype: 'application/json',
        keywords: ['energy', 'logistics'],
        categories: ['ENERGY'],
        language: 'en',
      },
      { type: 'HttpData', baseUrl: 'https://data.example.org/energy/site-report.json' },
    ),
  ],
  policyDefinitions: [OPEN_USE],
  contractDefinitions: [contractDefinition('energy-report', 'open-use', 'open-use', ['energy-use-report'])],
};

/** How to start the demo connectors. */
export interface DemoSandboxesOptions {
  /** The interface both listen on (`127.0.0.1` by default). */
  host?: string;
  /** The provider's port (0, the default, picks a free one). */
  providerPort?: number;
  /** The consumer's port (0, the default, picks a free one). */
  consumerPort?: number;
  /** The API key both require as `X-Api-Key`; no check when left out. */
  apiKey?: string;
  /** The state machines' step delay in milliseconds (the sandbox default when left out). */
  stepDelayMs?: number;
  /** Logs their requests (off by default). */
  logger?: boolean;
  /** The fetch of both sandboxes' outbound requests (`SandboxOptions.fetch`); the global fetch by default. */
  fetch?: typeof fetch;
}

/** The two running demo connectors. */
export interface DemoSandboxes {
  /** The provider, at `{url}` ending in `/provider`. */
  provider: Sandbox;
  /** The consumer, at `{url}` ending in `/consumer`. */
  consumer: Sandbox;
  /** Stops both. */
  close(): Promise<void>;
}

/**
 * Starts the 'provider' and 'consumer' sandboxes with their sample data, each below a base path named after it (so
 * the connector id, the last segment of its URL, is its participant id). Each one's federated catalog asks the other.
 */
export async function startDemoSandboxes(options: DemoSandboxesOptions = {}): Promise<DemoSandboxes> {
  const shared: SandboxOptions = {
    ...(options.host === undefined ? {} : { host: options.host }),
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    ...(options.stepDelayMs === undefined ? {} : { stepDelayMs: options.stepDelayMs }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  };
  let consumer: Sandbox | undefined;
  const provider = await startSandbox({
    ...shared,
    participantId: 'provider',
    basePath: '/provider',
    port: options.providerPort ?? 0,
    seed: PROVIDER_SEED,
    federatedCatalogNodes: () => (consumer ? [consumer.addresses.protocol] : []),
  });
  try {
    consumer = await startSandbox({
      ...shared,
      participantId: 'consumer',
      basePath: '/consumer',
      port: options.consumerPort ?? 0,
      seed: CONSUMER_SEED,
      federatedCatalogNodes: [provider.addresses.protocol],
    });
  } catch (error) {
    await provider.close();
    throw error;
  }
  const started = consumer;
  return {
    provider,
    consumer: started,
    close: async () => {
      await Promise.all([provider.close(), started.close()]);
    },
  };
}
