import type { TRegisteredConnector } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { selectConnectors } from './connector-repository';
import { presentRegisteredConnector } from './present-registered-connector';

/** Every connector with its addresses and whether it has an API key, by name: what operators manage. */
export async function listRegisteredConnectors(db: TDb): Promise<TRegisteredConnector[]> {
  return (await selectConnectors(db)).map(presentRegisteredConnector);
}
