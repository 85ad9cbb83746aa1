import { isConnectorError } from '@dsm/connector-client';
import { ErrorCode } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import type { TConnectorRow } from './connector-repository';

/**
 * Turns a failed connector call into the API's error: a connector that cannot be reached (no answer, a timeout) is
 * SERVICE_UNAVAILABLE (503), one that answers with a failure or nonsense is BAD_GATEWAY (502). Either way the caller
 * learns which connector failed and how, and never sees a 500. Anything that is not a connector failure is rethrown.
 */
export function connectorFailure(error: unknown, connector: TConnectorRow): never {
  if (!isConnectorError(error)) throw error;
  const who = `The connector '${connector.name}' (${connector.url})`;
  if (error.code === 'Unknown' && error.status === undefined) {
    throw new AppError(ErrorCode.SERVICE_UNAVAILABLE, `${who} cannot be reached: ${error.message}`);
  }
  if (error.status === 401 || error.status === 403) {
    throw new AppError(
      ErrorCode.BAD_GATEWAY,
      `${who} refused the marketplace's credentials (HTTP ${error.status}); check its API key`,
    );
  }
  if (error.code === 'NotFound') {
    throw new AppError(
      ErrorCode.BAD_GATEWAY,
      `${who} has no management API at ${connector.url}/management: ${error.message}`,
    );
  }
  throw new AppError(ErrorCode.BAD_GATEWAY, `${who} answered with a failure: ${error.message}`);
}
