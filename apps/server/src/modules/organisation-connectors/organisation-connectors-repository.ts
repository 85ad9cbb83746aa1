import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** SQL of `organisation_connectors`: which connector an organisation runs. The connector rows are the connectors module's. */
export type TOrganisationConnectorLink = {
  organisationId: string;
  connectorId: string;
  participantId: string;
  updatedAt: Date;
};

/** The link of an organisation to its connector, if it has one. */
export async function selectOrganisationConnectorLink(
  db: TDb,
  organisationId: string,
): Promise<TOrganisationConnectorLink | undefined> {
  const row = await db
    .selectFrom('organisation_connectors')
    .select(['organisation_id', 'connector_id', 'participant_id', 'updated_at'])
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  return (
    row && {
      organisationId: row.organisation_id,
      connectorId: row.connector_id,
      participantId: row.participant_id,
      updatedAt: row.updated_at,
    }
  );
}

/** The connector id of the organisation a user belongs to, when it registered one. */
export async function selectConnectorIdOfMember(db: TDb, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('organisation_members as m')
    .innerJoin('organisation_connectors as c', 'c.organisation_id', 'm.organisation_id')
    .select('c.connector_id')
    .where('m.user_id', '=', userId)
    .executeTakeFirst();
  return row?.connector_id ?? null;
}

/** Links an organisation to its connector, replacing the participant id of an earlier save. */
export async function upsertOrganisationConnectorLink(
  db: TDb,
  link: Omit<TOrganisationConnectorLink, 'updatedAt'>,
): Promise<void> {
  await db
    .insertInto('organisation_connectors')
    .values({
      organisation_id: link.organisationId,
      connector_id: link.connectorId,
      participant_id: link.participantId,
    })
    .onConflict((conflict) =>
      conflict
        .column('organisation_id')
        .doUpdateSet({ connector_id: link.connectorId, participant_id: link.participantId, updated_at: sql`now()` }),
    )
    .execute();
}
