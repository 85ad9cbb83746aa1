import { sql } from 'kysely';
import type { TNotificationStepOptions } from './notification-step';

/** Offer events taken per transaction. */
const BATCH = 500;

/**
 * Tells the people concerned about price and endpoint changes: a price change to everyone who likes the
 * offer, an endpoint turning Offline or back Online to everyone who likes or bought it, unless they turned
 * that kind of alert off. Events are taken and their notifications written in one statement (each at most
 * once per user and event), so a failed run leaves them for the next and two runs never tell twice.
 * Answers the number of notifications written.
 */
export async function notifyOfferChanges({ db, now, isMailEnabled }: TNotificationStepOptions): Promise<number> {
  let written = 0;
  const mailState = isMailEnabled ? 'pending' : 'none';
  for (;;) {
    // One statement: the events it takes and the notifications it writes commit together.
    const { rows } = await sql<{ taken: string; prices: string; endpoints: string }>`
      with taken as (
        delete from offer_events
        where id = any(array(
          select id from offer_events where kind in ('price', 'endpoint') order by id limit ${BATCH}
          for update skip locked))
        returning *
      ),
      prices as (
        insert into notifications (user_id, kind, params, link, dedupe_key, created_at, mail_state)
        select l.user_id, 'price_change',
          jsonb_build_object('offer', jsonb_build_object('id', o.id, 'title', o.title),
            'oldPrice', e.old_price, 'newPrice', e.new_price, 'currency', e.currency),
          '/offer/details/' || o.id, 'price:' || e.id, ${now}, ${mailState}
        from taken e
          join offers o on o.id = e.offer_id
          join offer_likes l on l.offer_id = e.offer_id
          left join alert_recipients r on r.user_id = l.user_id
        where e.kind = 'price' and coalesce(r.is_price_alert_enabled, true)
        on conflict (user_id, dedupe_key) do nothing
        returning id
      ),
      endpoints as (
        insert into notifications (user_id, kind, params, link, dedupe_key, created_at, mail_state)
        select w.user_id, case when e.status = 'offline' then 'endpoint_offline' else 'endpoint_online' end,
          jsonb_build_object('offer', jsonb_build_object('id', o.id, 'title', o.title),
            'endpoint', coalesce(nullif(d.title, ''), c.url)),
          '/offer/details/' || o.id, 'endpoint:' || e.id, ${now}, ${mailState}
        from taken e
          join offers o on o.id = e.offer_id
          left join distributions d on d.id = e.distribution_id
          left join link_checks c on c.distribution_id = e.distribution_id
          join (
            select user_id, offer_id from offer_likes
            union
            select user_id, offer_id from entitlements
            where revoked_at is null and starts_at <= ${now} and (ends_at is null or ends_at > ${now})
          ) w on w.offer_id = e.offer_id
          left join alert_recipients r on r.user_id = w.user_id
        where e.kind = 'endpoint' and coalesce(r.is_endpoint_alert_enabled, true)
        on conflict (user_id, dedupe_key) do nothing
        returning id
      )
      select (select count(*) from taken) as taken, (select count(*) from prices) as prices,
        (select count(*) from endpoints) as endpoints`.execute(db);
    const result = {
      taken: Number(rows[0]?.taken ?? 0),
      written: Number(rows[0]?.prices ?? 0) + Number(rows[0]?.endpoints ?? 0),
    };
    written += result.written;
    if (result.taken < BATCH) return written;
  }
}
