import { createHash } from 'node:crypto';
import type { TNotificationList, TSavedSearch, TUnsubscribeResponse } from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import type { TAlertRetention } from '../../config/config';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';
import { createAlertJobs } from './alert-jobs';
import { pruneAlerts } from './prune-alerts';
import { createUnsubscribeToken } from './unsubscribe';

const DAY = 24 * 3_600_000;
/** The clock of these tests: rows are dated relative to it, whatever day the tests run. */
const now = new Date('2032-06-01T03:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const RETENTION: TAlertRetention = { readDays: 90, unreadDays: 365, linkDays: 365 };

/** A notification of `user` written `days` ago, read or not, and whether its mail still waits. */
async function notify(
  user: TSignedIn,
  label: string,
  days: number,
  state: { isRead: boolean; isMailPending?: boolean },
) {
  await testApp.database.db
    .insertInto('notifications')
    .values({
      user_id: user.user.id,
      kind: 'new_offers',
      params: JSON.stringify({ savedSearchName: label }),
      link: '/',
      dedupe_key: label,
      created_at: daysAgo(days),
      read_at: state.isRead ? daysAgo(days - 1) : null,
      mail_state: state.isMailPending ? 'pending' : 'none',
    })
    .execute();
}

const shownTitles = async (user: TSignedIn) => {
  const list = await requestAs<TNotificationList>(testApp, user, 'GET', '/api/notifications?pageSize=50');
  return list.body.items.map((item) => item.params.savedSearchName).sort();
};

const unsubscribePage = (token: string) =>
  request<TUnsubscribeResponse>(testApp.baseUrl, 'GET', `/api/unsubscribe?token=${token}`);

/** An unsubscribe link of `user` mailed `days` ago, used `usedDays` ago when given. */
async function link(user: TSignedIn, days: number, usedDays?: number): Promise<string> {
  const token = await createUnsubscribeToken(testApp.database.db, user.user.id, { scope: 'price' });
  await testApp.database.db
    .updateTable('unsubscribe_tokens')
    .set({ created_at: daysAgo(days), used_at: usedDays === undefined ? null : daysAgo(usedDays) })
    .where('token_hash', '=', createHash('sha256').update(token).digest())
    .execute();
  return token;
}

const testApp = useTestApp();

describe('pruning old notifications and unsubscribe links', () => {
  it('deletes read notifications after 90 days and unread ones after a year, keeping those still to be mailed', async () => {
    const user = await signIn(testApp);
    const other = await signIn(testApp);
    await notify(user, 'read recently', 89, { isRead: true });
    await notify(user, 'read long ago', 91, { isRead: true });
    await notify(user, 'unread this year', 364, { isRead: false });
    await notify(user, 'unread last year', 366, { isRead: false });
    await notify(user, 'mail still waiting', 400, { isRead: false, isMailPending: true });
    await notify(other, 'read long ago', 200, { isRead: true });

    const counts = await pruneAlerts({ db: testApp.database.db, now, retention: RETENTION });
    expect(counts.notifications).toBe(3);
    expect(await shownTitles(user)).toEqual(['mail still waiting', 'read recently', 'unread this year']);
    expect(await shownTitles(other)).toEqual([]);
    // A second run finds nothing more.
    expect((await pruneAlerts({ db: testApp.database.db, now, retention: RETENTION })).notifications).toBe(0);
  });

  it('keeps a used link 90 days for its "already unsubscribed" page and an unused one a year, then it is unknown', async () => {
    const user = await signIn(testApp);
    const usedRecently = await link(user, 120, 80);
    const usedLongAgo = await link(user, 120, 100);
    const unusedYoung = await link(user, 300);
    const unusedOld = await link(user, 400);

    await pruneAlerts({ db: testApp.database.db, now, retention: RETENTION });
    expect((await unsubscribePage(usedRecently)).body.isUnsubscribed).toBe(true);
    expect((await unsubscribePage(unusedYoung)).status).toBe(200);
    expect((await unsubscribePage(usedLongAgo)).status).toBe(404);
    expect((await unsubscribePage(unusedOld)).status).toBe(404);
  });

  it('takes the links of a deleted saved search with it', async () => {
    const user = await signIn(testApp);
    const saved = await requestAs<TSavedSearch>(testApp, user, 'POST', '/api/saved-searches', {
      name: 'Rivers',
      query: 'pegel',
    });
    const token = await createUnsubscribeToken(testApp.database.db, user.user.id, {
      scope: 'saved_search',
      savedSearchId: saved.body.id,
    });
    expect((await unsubscribePage(token)).status).toBe(200);
    await requestAs(testApp, user, 'DELETE', `/api/saved-searches/${saved.body.id}`);
    expect((await unsubscribePage(token)).status).toBe(404);
  });

  it('prunes as a pg-boss job beside the alert check, on the clock it is given', async () => {
    const user = await signIn(testApp);
    await notify(user, 'queued pruning', 120, { isRead: true });
    const jobs = createAlertJobs({
      databaseUrl: testApp.database.url,
      db: testApp.database.db,
      searchIndex: testApp.app.searchIndex,
      mailer: null,
      publicUrl: testApp.baseUrl,
      intervalSeconds: 3600,
      // Its worker looks for jobs as often as they are queued: every second here.
      pruneIntervalSeconds: 1,
      retention: RETENTION,
      now: () => now,
    });
    await jobs.start();
    try {
      await expect.poll(() => shownTitles(user), { timeout: 20_000, interval: 250 }).toEqual([]);
    } finally {
      await jobs.stop();
    }
  }, 30_000);
});
