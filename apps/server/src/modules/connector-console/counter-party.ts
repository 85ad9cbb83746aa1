import { type ConnectorClient, isConnectorError } from '@dsm/connector-client';
import { ErrorCode } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { assertConnectorAddressesAllowed } from '../connectors/connector-address-policy';
import type { TConnectorRow } from '../connectors/connector-repository';
import { callConsole } from './open-console';

/**
 * Refuses a counter-party address the connector would be sent to that is (or resolves to) a loopback, private or
 * link-local address, unless CONNECTOR_ALLOWED_HOSTS names it or it is a sandbox of this process: the connector,
 * or in the embedded mode the sandbox inside this process, fetches it for the caller. A 400 naming the rule.
 */
async function assertCounterPartyAllowed(counterPartyAddress: string): Promise<void> {
  await assertConnectorAddressesAllowed({ counterPartyAddress }, 'The counter-party address is refused');
}

export type TCounterPartyCall = {
  connector: TConnectorRow;
  counterPartyAddress: string;
  /** What the connector was asked to do with the counter-party, as the message says it: 'a catalog request'. */
  what: string;
};

/**
 * Runs a call that makes the connector talk to a counter-party. A failure the connector answered with a status
 * may carry the counter-party's own answer (EDC and the sandbox pass it on), so the API error names the status,
 * the connector and the counter-party's address, never that text. Failures without an answer (unreachable, timeout,
 * credentials, nonsense) are left to the connector's usual errors, which quote nothing it received.
 */
async function withCounterParty<T>(call: TCounterPartyCall, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isConnectorError(error) || error.status === undefined) throw error;
    if (error.status === 401 || error.status === 403 || error.code === 'MalformedAnswer') throw error;
    const message =
      `The connector '${call.connector.name}' answered HTTP ${error.status} to ${call.what} ` +
      `with the counter-party at ${call.counterPartyAddress}`;
    if (error.code === 'BadRequest') throw new AppError(ErrorCode.VALIDATION_FAILED, message);
    if (error.code === 'NotFound' && error.details.length > 0) throw new AppError(ErrorCode.NOT_FOUND, message);
    if (error.code === 'Duplicate') throw new AppError(ErrorCode.CONFLICT, message);
    throw new AppError(ErrorCode.BAD_GATEWAY, message);
  }
}

/** Runs one call of the connector to the counter-party, `what` naming it as `TCounterPartyCall` does. */
export type TTalk = <T>(what: string, run: () => Promise<T>) => Promise<T>;

/**
 * Runs `work` on the console of a registered connector (as `callConsole` does) that makes it talk to the
 * counter-party at `counterPartyAddress`: the address is checked first (assertCounterPartyAllowed), and `talk`
 * runs each call to the counter-party as `withCounterParty` does.
 */
export function callCounterParty<T>(
  db: TDb,
  connectorId: string,
  counterPartyAddress: string,
  work: (client: ConnectorClient, talk: TTalk) => Promise<T>,
): Promise<T> {
  return callConsole(db, connectorId, async (client, connector) => {
    await assertCounterPartyAllowed(counterPartyAddress);
    return work(client, (what, run) => withCounterParty({ connector, counterPartyAddress, what }, run));
  });
}
