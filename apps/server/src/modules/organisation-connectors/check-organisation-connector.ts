import { isConnectorError } from '@dsm/connector-client';
import { ErrorCode, type TOrganisationConnectorCheck } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { connectorClientFor } from '../connectors/connector-client-for';
import { describeTimeout, isConnectorTimeout, isNotJsonAnswer } from '../connectors/connector-failure';
import { selectConnector, type TConnectorRow } from '../connectors/connector-repository';
import { presentRegisteredConnector } from '../connectors/present-registered-connector';

export type TCheckOrganisationConnectorOptions = {
  db: TDb;
  /** The connector as it would be stored, with its plain API key. */
  connector: TConnectorRow;
  /** The id of the marketplace's own connector (MARKETPLACE_CONNECTOR_ID); undefined skips the catalog request. */
  marketplaceConnectorId: string | undefined;
};

/** A refused save: 400 whose issue names the field to correct. */
function refused(field: 'managementUrl' | 'apiKey' | 'participantId', message: string): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, `The connector cannot be registered: ${field}: ${message}`, [
    { path: `body.${field}`, message },
  ]);
}

/** Why the Management API check failed, as the field to correct and what to say about it. */
function managementFailure(error: unknown): AppError {
  if (!isConnectorError(error)) throw error;
  if (isConnectorTimeout(error)) return refused('managementUrl', describeTimeout());
  if (error.code === 'Unknown' && error.status === undefined) {
    return refused('managementUrl', `cannot be reached: ${error.message}`);
  }
  if (error.status === 401 || error.status === 403) {
    return refused('apiKey', `was refused by the connector (HTTP ${error.status})`);
  }
  if (isNotJsonAnswer(error))
    return refused('managementUrl', 'answered with something that is not JSON: not an EDC Management API');
  return refused('managementUrl', `does not answer as an EDC Management API: ${error.message}`);
}

/**
 * Checks a connector before it is stored: its Management API must answer an asset query with the API key, and it
 * must fetch the catalog of the marketplace's connector over DSP (skipped, and said so, when the marketplace has no
 * connector or it is not registered). Throws a 400 naming the field at the first failed check: managementUrl when
 * the connector cannot be reached, does not answer in time or is not an EDC Management API, apiKey when the key is
 * refused (401/403), participantId when the catalog request fails. Answers the checks made.
 */
export async function checkOrganisationConnector({
  db,
  connector,
  marketplaceConnectorId,
}: TCheckOrganisationConnectorOptions): Promise<TOrganisationConnectorCheck[]> {
  const client = connectorClientFor(connector);
  try {
    await client.assets.query({ limit: 1 });
  } catch (error) {
    throw managementFailure(error);
  }
  const checks: TOrganisationConnectorCheck[] = [
    { name: 'managementApi', outcome: 'passed', message: 'The Management API answered with the API key.' },
  ];
  const marketplace = marketplaceConnectorId ? await selectConnector(db, marketplaceConnectorId) : null;
  if (!marketplace) {
    checks.push({
      name: 'catalogRequest',
      outcome: 'skipped',
      message: marketplaceConnectorId
        ? `Not checked: the marketplace's connector '${marketplaceConnectorId}' is not registered.`
        : 'Not checked: the marketplace has no connector of its own (MARKETPLACE_CONNECTOR_ID is not set).',
    });
    return checks;
  }
  const { protocolUrl } = presentRegisteredConnector(marketplace);
  try {
    await client.catalog.request({ counterPartyAddress: protocolUrl, counterPartyId: marketplace.id, limit: 1 });
  } catch (error) {
    if (!isConnectorError(error)) throw error;
    const why = isConnectorTimeout(error) ? describeTimeout() : `failed: ${error.message}`;
    throw refused(
      'participantId',
      `the connector's catalog request to the marketplace's connector '${marketplace.id}' (${protocolUrl}) ${why}`,
    );
  }
  checks.push({
    name: 'catalogRequest',
    outcome: 'passed',
    message: `The connector fetched the catalog of the marketplace's connector '${marketplace.id}'.`,
  });
  return checks;
}
