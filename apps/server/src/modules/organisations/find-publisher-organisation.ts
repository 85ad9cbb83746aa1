import type { TDb } from '../../db/database';
import { findSellerOrganisation } from './organisations-repository';

/** What a publisher's public page may show of the organisation selling as it: never its bank or VAT data. */
export type TPublisherOrganisation = { legalName: string; city: string; country: string };

/**
 * The organisation that sells as a publisher agent (that of its earliest member with one), reduced to
 * what anyone may read; undefined for publishers imported from other catalogues, which have no members.
 */
export async function findPublisherOrganisation(db: TDb, agentId: string): Promise<TPublisherOrganisation | undefined> {
  const row = await findSellerOrganisation(db, agentId);
  return row && { legalName: row.legal_name, city: row.city, country: row.country };
}
