import type {
  TConsoleAsset,
  TConsoleContractDefinition,
  TConsoleEdr,
  TConsoleNegotiation,
  TConsolePolicyDefinition,
  TConsoleTransfer,
  TRegisteredConnector,
} from '@dsm/contracts';
import { Anchor } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A column of a console list: the i18n key of its heading and what a row shows in it. */
export type TConsoleColumn<T> = { label: string; cell: (row: T, t: TFunction) => ReactNode };

/** One list of the console described as data: its names, its row key and its columns; the panels add the rows and actions. */
export type TConsoleList<T> = {
  /** The i18n key of the list's name, the card list's accessible name on a phone. */
  label: string;
  /** The i18n key of what is said of an empty list. */
  empty: string;
  /** The table's test id; each row's is `rowTestId`. */
  testId: string;
  rowTestId?: string;
  rowKey: (row: T) => string;
  /** The first column, which names the row. */
  title: TConsoleColumn<T>;
  /** The columns between the title and the actions. */
  columns: readonly TConsoleColumn<T>[];
};

/** The key and first column of a list whose rows are EDC objects named by their id. */
const BY_ID = {
  rowKey: (row: { id: string }) => row.id,
  title: { label: 'console.id', cell: (row: { id: string }) => row.id },
};

/** A negotiation's or transfer's state, said as unknown when EDC does not define it, with the error that ended it. */
function processState(process: TConsoleNegotiation | TConsoleTransfer, t: TFunction): string {
  const state = process.isStateKnown ? process.state : t('console.unknownState', { state: process.state });
  return process.errorDetail ? `${state}: ${process.errorDetail}` : state;
}

/** The registered connectors, each named with a link to its console. */
export const REGISTERED_CONNECTORS: TConsoleList<TRegisteredConnector> = {
  label: 'console.connectorsTitle',
  empty: 'connectors.noConnectors',
  testId: 'registered-connectors',
  rowTestId: 'registered-connector',
  rowKey: (connector) => connector.id,
  title: {
    label: 'console.name',
    cell: (connector) => (
      <Anchor component={Link} to={`/connectors/${encodeURIComponent(connector.id)}`}>
        {connector.name} ({connector.id})
      </Anchor>
    ),
  },
  columns: [
    { label: 'console.managementUrl', cell: (connector) => connector.managementUrl },
    { label: 'console.protocolUrl', cell: (connector) => connector.protocolUrl },
    {
      label: 'console.managementApiVersion',
      cell: (connector, t) => t(`console.managementApiVersions.${connector.managementApiVersion}`),
    },
    {
      label: 'console.apiKey',
      cell: (connector, t) => (connector.hasApiKey ? t('console.apiKeyStored') : t('console.apiKeyNone')),
    },
  ],
};

/** A connector's assets. */
export const ASSETS: TConsoleList<TConsoleAsset> = {
  label: 'console.tabAssets',
  empty: 'console.noAssets',
  testId: 'console-assets',
  rowTestId: 'console-asset',
  ...BY_ID,
  columns: [
    { label: 'console.name', cell: (asset) => asset.name ?? '' },
    { label: 'console.baseUrl', cell: (asset) => asset.baseUrl ?? asset.dataAddressType },
  ],
};

/** A connector's policy definitions. */
export const POLICY_DEFINITIONS: TConsoleList<TConsolePolicyDefinition> = {
  label: 'console.tabPolicyDefinitions',
  empty: 'console.noPolicyDefinitions',
  testId: 'console-policy-definitions',
  rowTestId: 'console-policy-definition',
  ...BY_ID,
  columns: [
    { label: 'console.permittedActions', cell: (policy) => policy.permittedActions.join(', ') },
    { label: 'console.constraintCount', cell: (policy) => policy.constraintCount },
  ],
};

/** A connector's contract definitions; one without asset ids offers all assets. */
export const CONTRACT_DEFINITIONS: TConsoleList<TConsoleContractDefinition> = {
  label: 'console.tabContractDefinitions',
  empty: 'console.noContractDefinitions',
  testId: 'console-contract-definitions',
  rowTestId: 'console-contract-definition',
  ...BY_ID,
  columns: [
    { label: 'console.accessPolicy', cell: (definition) => definition.accessPolicyId },
    { label: 'console.contractPolicy', cell: (definition) => definition.contractPolicyId },
    { label: 'console.assets', cell: (definition, t) => definition.assetIds?.join(', ') ?? t('console.allAssets') },
  ],
};

/** A connector's contract negotiations with their live states. */
export const NEGOTIATIONS: TConsoleList<TConsoleNegotiation> = {
  label: 'console.negotiations',
  empty: 'console.noNegotiations',
  testId: 'console-negotiations',
  rowTestId: 'console-negotiation',
  ...BY_ID,
  columns: [
    { label: 'console.state', cell: processState },
    { label: 'console.counterParty', cell: (negotiation) => negotiation.counterPartyId ?? '' },
  ],
};

/** A connector's transfer processes with their live states. */
export const TRANSFERS: TConsoleList<TConsoleTransfer> = {
  label: 'console.transfers',
  empty: 'console.noTransfers',
  testId: 'console-transfers',
  rowTestId: 'console-transfer',
  ...BY_ID,
  columns: [
    { label: 'console.state', cell: processState },
    { label: 'console.assets', cell: (transfer) => transfer.assetId ?? '' },
  ],
};

/** A connector's endpoint data references, one per transfer. */
export const EDRS: TConsoleList<TConsoleEdr> = {
  label: 'console.edrs',
  empty: 'console.noEdrs',
  testId: 'console-edrs',
  rowKey: (edr) => edr.transferProcessId,
  title: { label: 'console.transfers', cell: (edr) => edr.transferProcessId },
  columns: [
    { label: 'console.assets', cell: (edr) => edr.assetId },
    { label: 'console.counterParty', cell: (edr) => edr.providerId },
  ],
};
