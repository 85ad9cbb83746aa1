import { type ConnectorClient, isConnectorError, type PolicyConstraint } from '@dsm/connector-client';
import type { TOfferInput, TPublishFailure, TTimeUnit } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { connectorIdsOf } from '../catalogue/offer-connector-ids';
import { connectorClientFor } from '../connectors/connector-client-for';
import { selectConnector } from '../connectors/connector-repository';

const ODRL = 'http://www.w3.org/ns/odrl/2/';
const EDC_ID = 'https://w3id.org/edc/v0.0.1/ns/id';

/** ISO 8601 duration designators of the wizard's time units. */
const DURATION_UNIT: Record<TTimeUnit, string> = { Days: 'D', Months: 'M', Years: 'Y' };

/**
 * The offer's usage terms as ODRL constraints of the 'use' permission: the geo restriction as
 * `spatial eq <country>` and the time restriction as `elapsedTime lteq <ISO 8601 duration>`.
 */
export function usageConstraints(licensingInfo: TOfferInput['licensingInfo']): PolicyConstraint[] {
  const constraints: PolicyConstraint[] = [];
  if (licensingInfo.geoRestriction) {
    constraints.push({ leftOperand: `${ODRL}spatial`, operator: 'eq', rightOperand: licensingInfo.geoRestriction });
  }
  if (licensingInfo.timeRestriction && licensingInfo.timeUnit) {
    constraints.push({
      leftOperand: `${ODRL}elapsedTime`,
      operator: 'lteq',
      rightOperand: `P${licensingInfo.timeRestriction}${DURATION_UNIT[licensingInfo.timeUnit]}`,
    });
  }
  return constraints;
}

function failureText(error: unknown): string {
  if (isConnectorError(error)) {
    const detail = error.details[0]?.message;
    return detail ? `${error.message} (${detail})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * One step of publishing: creates an object, or updates it when the connector holds one with that id from an
 * earlier publishing. Answers null when it went through, otherwise the step and why it failed.
 */
async function publishStep(
  step: TPublishFailure['step'],
  create: () => Promise<unknown>,
  update: () => Promise<unknown>,
): Promise<TPublishFailure | null> {
  try {
    await create().catch(async (error: unknown) => {
      if (!isConnectorError(error) || error.code !== 'Duplicate') throw error;
      await update();
    });
    return null;
  } catch (error) {
    return { step, message: failureText(error) };
  }
}

export type TPublishOnConnectorOptions = {
  db: TDb;
  offerId: string;
  input: TOfferInput;
  /** Builds the client of a registered connector; tests may replace it. */
  clientFor?: typeof connectorClientFor;
};

/**
 * Publishes an offer of the Connector access type on the supplier's connector, in three steps: an
 * asset per endpoint (an HttpData address at the endpoint's URL), a policy definition stating the
 * offer's terms in ODRL, and a contract definition offering those assets under that policy. Answers
 * null when all went through, otherwise the step that failed and why; the steps before it stay on
 * the connector and are updated by the next attempt.
 */
export async function publishOnConnector({
  db,
  offerId,
  input,
  clientFor = connectorClientFor,
}: TPublishOnConnectorOptions): Promise<TPublishFailure | null> {
  const connectorId = input.connectorId ?? '';
  const connector = await selectConnector(db, connectorId);
  if (!connector) return { step: 'connector', message: `There is no connector '${connectorId}'` };
  let client: ConnectorClient;
  try {
    client = clientFor(connector);
  } catch (error) {
    return { step: 'connector', message: failureText(error) };
  }
  const ids = connectorIdsOf(offerId, input.endpoints.length);

  for (const [position, endpoint] of input.endpoints.entries()) {
    const asset = {
      id: ids.assetIds[position]!,
      properties: {
        name: endpoint.endpointTitle,
        description: endpoint.endpointDescription,
        contenttype: endpoint.mimeType,
        format: endpoint.format,
        offerTitle: input.generalInfo.title,
        marketplaceOfferId: offerId,
      },
      dataAddress: { type: 'HttpData', baseUrl: endpoint.accessUrl },
    };
    const failure = await publishStep(
      'asset',
      () => client.assets.create(asset),
      () => client.assets.update(asset),
    );
    if (failure) return failure;
  }

  const policy = {
    id: ids.policyId,
    policy: {
      type: 'Set',
      permissions: [{ action: 'use', constraints: usageConstraints(input.licensingInfo) }],
    },
  };
  const policyFailure = await publishStep(
    'policyDefinition',
    () => client.policyDefinitions.create(policy),
    () => client.policyDefinitions.update(policy.id, policy),
  );
  if (policyFailure) return policyFailure;

  const contractDefinition = {
    id: ids.contractDefinitionId,
    accessPolicyId: ids.policyId,
    contractPolicyId: ids.policyId,
    assetsSelector: [{ operandLeft: EDC_ID, operator: 'in', operandRight: ids.assetIds }],
  };
  return publishStep(
    'contractDefinition',
    () => client.contractDefinitions.create(contractDefinition),
    () => client.contractDefinitions.update(contractDefinition),
  );
}
