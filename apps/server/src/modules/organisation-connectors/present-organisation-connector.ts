import type { TOrganisationConnector } from '@dsm/contracts';
import type { TConnectorRow } from '../connectors/connector-repository';
import { presentRegisteredConnector } from '../connectors/present-registered-connector';
import type { TOrganisationConnectorLink } from './organisation-connectors-repository';

/** An organisation's connector as its members and operators see it: whether a key is stored, never the key. */
export function presentOrganisationConnector(
  link: TOrganisationConnectorLink,
  connector: TConnectorRow,
): TOrganisationConnector {
  const registered = presentRegisteredConnector(connector);
  return {
    connectorId: connector.id,
    participantId: link.participantId,
    protocolUrl: registered.protocolUrl,
    managementUrl: registered.managementUrl,
    managementApiVersion: connector.managementApiVersion ?? 'auto',
    versionUrl: connector.versionUrl ?? null,
    hasApiKey: registered.hasApiKey,
    updatedAt: link.updatedAt.toISOString(),
  };
}
