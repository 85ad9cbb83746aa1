import { type Selectable, sql } from 'kysely';
import type { TDb } from '../../db/database';
import type { TOrganisationTable } from '../../db/schema';

/** SQL of organisations and their members. Rows stay in this module; presenters decide what leaves it. */

export type TOrganisationRow = Selectable<TOrganisationTable>;

/** The columns a profile edit writes. */
export type TOrganisationFields = Pick<
  TOrganisationRow,
  'legal_name' | 'street' | 'postal_code' | 'city' | 'country' | 'vat_id' | 'iban' | 'bic' | 'contact_email'
> &
  /** Left as it is when absent (a new organisation: none). */
  Partial<Pick<TOrganisationRow, 'contact_phone'>>;

/** The organisation a user belongs to, if any. */
export async function findOrganisationOfUser(db: TDb, userId: string): Promise<TOrganisationRow | undefined> {
  return db
    .selectFrom('organisation_members as m')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .selectAll('o')
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
}

/** An organisation by id, if there is one. */
export async function findOrganisationById(db: TDb, organisationId: string): Promise<TOrganisationRow | undefined> {
  return db.selectFrom('organisations').selectAll().where('id', '=', organisationId).executeTakeFirst();
}

/**
 * Writes the user's organisation: updates the one they belong to, or creates one with them as its
 * member. Runs in a transaction that locks the membership, so two first saves make one organisation.
 */
export async function saveOrganisationOfUser(
  db: TDb,
  userId: string,
  fields: TOrganisationFields,
): Promise<TOrganisationRow> {
  return db.transaction().execute(async (trx) => {
    const writeInto = (organisationId: string) =>
      trx
        .updateTable('organisations')
        .set({ ...fields, updated_at: sql`now()` })
        .where('id', '=', organisationId)
        .returningAll()
        .executeTakeFirstOrThrow();
    const membership = await trx
      .selectFrom('organisation_members')
      .select('organisation_id')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (membership) return writeInto(membership.organisation_id);
    const created = await trx.insertInto('organisations').values(fields).returningAll().executeTakeFirstOrThrow();
    const joined = await trx
      .insertInto('organisation_members')
      .values({ user_id: userId, organisation_id: created.id })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('organisation_id')
      .executeTakeFirst();
    if (joined) return created;
    // A concurrent first save won: drop ours and write into theirs.
    await trx.deleteFrom('organisations').where('id', '=', created.id).execute();
    const theirs = await trx
      .selectFrom('organisation_members')
      .select('organisation_id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return writeInto(theirs.organisation_id);
  });
}

/**
 * The organisation that sells as a publisher agent: the one of the agent's earliest member that
 * belongs to an organisation. Publishers imported from other catalogues have no members, and so none.
 */
export async function findSellerOrganisation(db: TDb, agentId: string): Promise<TOrganisationRow | undefined> {
  return db
    .selectFrom('agent_members as a')
    .innerJoin('organisation_members as m', 'm.user_id', 'a.user_id')
    .innerJoin('organisations as o', 'o.id', 'm.organisation_id')
    .selectAll('o')
    .where('a.agent_id', '=', agentId)
    .orderBy('a.created_at')
    .orderBy('a.user_id')
    .limit(1)
    .executeTakeFirst();
}

/** Sets an organisation's contact telephone. */
export async function setOrganisationPhone(db: TDb, organisationId: string, phone: string): Promise<void> {
  await db
    .updateTable('organisations')
    .set({ contact_phone: phone, updated_at: sql`now()` })
    .where('id', '=', organisationId)
    .execute();
}
