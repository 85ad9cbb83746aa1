import type { THarvestSource } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findSources } from './harvest-repository';
import { presentSource } from './present-source';

/** Every harvest source with its last run, by name. */
export async function listSources(db: TDb): Promise<THarvestSource[]> {
  return (await findSources(db)).map(presentSource);
}
