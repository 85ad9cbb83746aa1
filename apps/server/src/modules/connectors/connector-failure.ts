import { isConnectorError } from '@dsm/connector-client';
import { ErrorCode } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';
import { connectorTimeout } from './connector-client-for';
import type { TConnectorRow } from './connector-repository';

/** True when the call was given up after the connector timeout (no answer, or an answer that stalled). */
export function isConnectorTimeout(error: unknown): boolean {
  return isConnectorError(error) && error.cause instanceof Error && error.cause.name === 'TimeoutError';
}

/** True when the connector answered 2xx with a body that is not JSON (a web page, a cut-off answer). */
export function isNotJsonAnswer(error: unknown): boolean {
  return isConnectorError(error) && error.cause instanceof SyntaxError;
}

/** "did not answer within 10 s", from the configured limit. */
export function describeTimeout(): string {
  return `did not answer within ${connectorTimeout() / 1000} s`;
}

/**
 * Turns a failed connector call into the API's error: a connector that cannot be reached is SERVICE_UNAVAILABLE
 * (503), one that does not answer within CONNECTOR_TIMEOUT_MS is GATEWAY_TIMEOUT (504), one that answers with a
 * failure or nonsense is BAD_GATEWAY (502); a value the client refused to send is VALIDATION_FAILED (400). Either way the caller
 * learns which connector failed and how, and never sees a 500. Anything that is not a connector failure is rethrown.
 */
export function connectorFailure(error: unknown, connector: TConnectorRow): never {
  if (!isConnectorError(error)) throw error;
  // The client refused to send the caller's value (an id no URL can carry); the connector was never asked.
  if (error.code === 'InvalidInput') throw new AppError(ErrorCode.VALIDATION_FAILED, error.message);
  const who = `The connector '${connector.name}' (${connector.url})`;
  if (isConnectorTimeout(error)) throw new AppError(ErrorCode.GATEWAY_TIMEOUT, `${who} ${describeTimeout()}`);
  if (isNotJsonAnswer(error)) {
    throw new AppError(ErrorCode.BAD_GATEWAY, `${who} answered with something that is not JSON`);
  }
  if (error.code === 'MalformedAnswer') {
    throw new AppError(
      ErrorCode.BAD_GATEWAY,
      `${who} answered with JSON that is not a Management API answer: ${error.message}`,
    );
  }
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
      `${who} has no management API at ${connector.managementUrl ?? `${connector.url}/management`}: ${error.message}`,
    );
  }
  throw new AppError(ErrorCode.BAD_GATEWAY, `${who} answered with a failure: ${error.message}`);
}
