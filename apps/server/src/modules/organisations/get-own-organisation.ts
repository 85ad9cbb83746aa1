import type { TOwnOrganisationResponse } from '@dsm/contracts';
import type { TDb } from '../../db/database';
import { findOrganisationOfUser } from './organisations-repository';
import { presentOwnOrganisation } from './present-organisation';

/** The signed-in user's organisation (null until they save one) and what it is complete enough for. */
export async function getOwnOrganisation(db: TDb, userId: string): Promise<TOwnOrganisationResponse> {
  return presentOwnOrganisation(await findOrganisationOfUser(db, userId));
}
