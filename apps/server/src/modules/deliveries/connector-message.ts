import { isConnectorError } from '@dsm/connector-client';
import { describeTimeout, isConnectorTimeout, isNotJsonAnswer } from '../connectors/connector-failure';

/** A connector failure in one line for the buyer: EDC's own message, with its first detail when it gives one. */
export function connectorMessage(error: unknown): string {
  if (isConnectorTimeout(error)) return `The connector ${describeTimeout()}`;
  if (isNotJsonAnswer(error)) return 'The connector answered with something that is not JSON';
  if (isConnectorError(error)) {
    const detail = error.details[0]?.message;
    return detail ? `${error.message} (${detail})` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The DSP address of a registered connector: as registered, or below its URL as the portal lays connectors out. */
export const protocolAddressOf = (connector: { url: string; protocolUrl?: string | null }) =>
  connector.protocolUrl ?? `${connector.url.replace(/\/+$/, '')}/protocol`;
