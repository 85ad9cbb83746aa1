import { ErrorCode, normaliseLicenceText, type TLicence, type TLicenceCreateRequest } from '@dsm/contracts';
import { sql } from 'kysely';
import type { TDb } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { presentLicence } from './list-licences';

export type TCreateLicenceOptions = {
  db: TDb;
  licence: TLicenceCreateRequest;
  /** The user adding it. */
  userId: string;
};

type TLicenceNames = { id: string; title: string; url: string; mappings: string[] };

/**
 * Which field of a new licence names a licence that exists already. The id and title compare
 * without case, spacing or URL decoration against every name of the catalogue (id, title, URL,
 * mappings), because result cards find a licence by any of them: a second licence answering to the
 * same name would make that lookup ambiguous. A URL may be shared (several licences point to one
 * legal text page), so it is not compared.
 */
export function findLicenceConflict(
  wanted: TLicenceCreateRequest,
  existing: readonly TLicenceNames[],
): { field: 'licenceId' | 'licenceTitle'; licence: TLicenceNames } | null {
  const id = normaliseLicenceText(wanted.licenceId);
  const title = normaliseLicenceText(wanted.licenceTitle);
  for (const licence of existing) {
    const names = [licence.id, licence.title, ...licence.mappings].map(normaliseLicenceText);
    if (names.includes(id)) return { field: 'licenceId', licence };
    if (names.includes(title)) return { field: 'licenceTitle', licence };
  }
  return null;
}

/**
 * Adds a licence to the catalogue; 409 naming the field when its id or title is taken. Adds run
 * one at a time (a transaction-scoped advisory lock), so two suppliers adding the same licence at
 * once cannot both pass the check.
 */
export async function createLicence({ db, licence, userId }: TCreateLicenceOptions): Promise<TLicence> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('dsm.licences.create'))`.execute(trx);
    const existing = await trx.selectFrom('licences').select(['id', 'title', 'url', 'mappings']).execute();
    const conflict = findLicenceConflict(licence, existing);
    if (conflict) {
      const what = conflict.field === 'licenceId' ? 'id' : 'title';
      const value = conflict.field === 'licenceId' ? licence.licenceId : licence.licenceTitle;
      throw new AppError(
        ErrorCode.CONFLICT,
        `A licence with the ${what} '${value}' exists already: '${conflict.licence.title}' (${conflict.licence.id})`,
        [{ path: `body.${conflict.field}`, message: 'exists already' }],
      );
    }
    const row = await trx
      .insertInto('licences')
      .values({
        id: licence.licenceId,
        title: licence.licenceTitle,
        url: licence.licenceUrl,
        mappings: [],
        created_by: userId,
      })
      .returning(['id', 'title', 'url', 'mappings'])
      .executeTakeFirstOrThrow();
    return presentLicence(row);
  });
}
