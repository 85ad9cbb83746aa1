import { sql } from 'kysely';
import type { TDb } from '../../db/database';

/** What decides, beyond the offer's own terms, whether one user may buy one offer. */
export type TSaleFactsRow = {
  id: string;
  /**
   * The user published the offer, acts for (is a member of) its publisher, or belongs to the
   * organisation of one of the publisher's members.
   */
  is_own: boolean;
  /**
   * The organisation that sells as the publisher (that of its earliest member with one, as invoices
   * take it); null when there is none. Name and address are required columns of organisations.
   */
  seller: { country: string; vat_id: string; iban: string; bic: string } | null;
};

/** The sale facts of these offers (lower-case UUIDs) for a user, in one statement; unknown ids are left out. */
export async function selectSaleFacts(
  db: TDb,
  viewer: { userId: string; offerIds: readonly string[] },
): Promise<TSaleFactsRow[]> {
  if (viewer.offerIds.length === 0) return [];
  const { rows } = await sql<TSaleFactsRow>`
    select o.id,
      coalesce(
        o.owner_id = ${viewer.userId}
        or exists (
          select 1 from agent_members a
          where a.agent_id = d.publisher_id and a.user_id = ${viewer.userId}
        )
        or exists (
          select 1 from agent_members a
          join organisation_members m on m.user_id = a.user_id
          join organisation_members mine on mine.organisation_id = m.organisation_id
          where a.agent_id = d.publisher_id and mine.user_id = ${viewer.userId}
        ),
        false
      ) as is_own,
      (
        select json_build_object('country', s.country, 'vat_id', s.vat_id, 'iban', s.iban, 'bic', s.bic)
        from agent_members a
        join organisation_members m on m.user_id = a.user_id
        join organisations s on s.id = m.organisation_id
        where a.agent_id = d.publisher_id
        order by a.created_at, a.user_id
        limit 1
      ) as seller
    from offers o
    left join lateral (
      select publisher_id from datasets where offer_id = o.id order by position limit 1
    ) d on true
    where o.id = any(${[...viewer.offerIds]}::uuid[])
  `.execute(db);
  return rows;
}
