import { type Kysely, sql } from 'kysely';

/**
 * 'Working endpoints only' becomes a field of the search index's documents (whether one of the offer's
 * distributions was last found online) instead of a list of every such offer read from `link_checks` for each
 * search and handed to the index as a filter. The index reads the field when it writes an offer, so a check
 * that changes it queues the offer in `search_outbox`, in the check's own transaction, as the triggers of 0012
 * do for the offer's own tables.
 *
 * Only a distribution whose being online changed queues its offer (a recheck with the same outcome, a pending
 * check turning offline, queue nothing). As in 0013, a writer that queues its offers itself
 * (`dsm.search_outbox = 'caller'`, the harvest) is skipped: the offers it touches it queues anyway.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function dsm_queue_link_check_offers() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into search_outbox (offer_id) select distinct offer_id from new_rows where status = 'online';
      elsif tg_op = 'DELETE' then
        insert into search_outbox (offer_id) select distinct offer_id from old_rows where status = 'online';
      else
        insert into search_outbox (offer_id)
          select distinct changed.offer_id
          from new_rows n join old_rows o on o.distribution_id = n.distribution_id
            cross join lateral (values (n.offer_id), (o.offer_id)) as changed (offer_id)
          where (n.status is not distinct from 'online') <> (o.status is not distinct from 'online')
            or (n.offer_id <> o.offer_id and 'online' in (n.status, o.status));
      end if;
      return null;
    end $$
  `.execute(db);
  for (const [name, event, transitions] of [
    ['inserted', 'insert', 'new table as new_rows'],
    ['updated', 'update', 'new table as new_rows old table as old_rows'],
    ['deleted', 'delete', 'old table as old_rows'],
  ] as const) {
    await sql
      .raw(`create trigger link_checks_queue_${name} after ${event} on link_checks
        referencing ${transitions} for each statement
        when (current_setting('dsm.search_outbox', true) is distinct from 'caller')
        execute function dsm_queue_link_check_offers()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['inserted', 'updated', 'deleted']) {
    await sql.raw(`drop trigger link_checks_queue_${name} on link_checks`).execute(db);
  }
  await sql`drop function dsm_queue_link_check_offers()`.execute(db);
}
