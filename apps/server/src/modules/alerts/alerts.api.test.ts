import {
  ErrorCode,
  MAX_SAVED_SEARCHES,
  type TErrorResponse,
  type TNotification,
  type TNotificationList,
  type TSavedSearch,
  type TSavedSearchList,
  type TUnreadCount,
  ZSavedSearch,
} from '@dsm/contracts';
import { describe, expect, it } from 'vitest';
import { requestAs, signIn, type TSignedIn } from '../../test/auth';
import { useTestApp } from '../../test/lifecycle';
import { request } from '../../test/test-app';

type TAnswer = TSavedSearch & TErrorResponse;

const create = (user: TSignedIn, body: unknown) =>
  requestAs<TAnswer>(testApp, user, 'POST', '/api/saved-searches', body);
const list = async (user: TSignedIn) =>
  (await requestAs<TSavedSearchList>(testApp, user, 'GET', '/api/saved-searches')).body;

const testApp = useTestApp();

describe('saved searches', () => {
  it('saves a search with its terms and filter, lists, renames, toggles and deletes it', async () => {
    const user = await signIn(testApp);
    const created = await create(user, {
      name: '  Air quality  ',
      query: 'air|quality',
      filter: { categories: ['ENVIRONMENT'], maxPrice: 100 },
      sort: 'newest',
    });
    expect(created.status).toBe(201);
    const saved = ZSavedSearch.parse(created.body);
    expect(saved).toMatchObject({
      name: 'Air quality',
      query: 'air|quality',
      sort: 'newest',
      isAlertEnabled: true,
      lastCheckedAt: null,
      lastNotifiedAt: null,
    });
    expect(saved.filter.categories).toEqual(['ENVIRONMENT']);
    expect(saved.filter.maxPrice).toBe(100);
    expect((await list(user)).items.map((item) => item.id)).toEqual([saved.id]);

    const renamed = await requestAs<TAnswer>(testApp, user, 'PATCH', `/api/saved-searches/${saved.id}`, {
      name: 'Clean air',
      isAlertEnabled: false,
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Clean air', isAlertEnabled: false, query: 'air|quality' });

    const deleted = await requestAs(testApp, user, 'DELETE', `/api/saved-searches/${saved.id}`);
    expect(deleted.status).toBe(204);
    expect((await list(user)).items).toEqual([]);
    const again = await requestAs<TErrorResponse>(testApp, user, 'DELETE', `/api/saved-searches/${saved.id}`);
    expect(again.status).toBe(404);
  });

  it("keeps users' saved searches apart", async () => {
    const ada = await signIn(testApp);
    const bob = await signIn(testApp);
    const saved = (await create(ada, { name: 'Mine' })).body;
    expect((await list(bob)).items).toEqual([]);
    const patch = await requestAs<TErrorResponse>(testApp, bob, 'PATCH', `/api/saved-searches/${saved.id}`, {
      name: 'Stolen',
    });
    expect(patch.status).toBe(404);
    const removal = await requestAs(testApp, bob, 'DELETE', `/api/saved-searches/${saved.id}`);
    expect(removal.status).toBe(404);
    expect((await list(ada)).items.map((item) => item.name)).toEqual(['Mine']);
    // The same name is fine for another user.
    expect((await create(bob, { name: 'Mine' })).status).toBe(201);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const user = await signIn(testApp);
    const cases: [unknown, string][] = [
      [{ name: '' }, 'body.name'],
      [{ name: 'x'.repeat(101) }, 'body.name'],
      [{ name: 'ok', filter: { minPrice: 10, maxPrice: 1 } }, 'body.filter.minPrice'],
      [{ name: 'ok', filter: { colour: 'red' } }, 'body.filter'],
      [{ name: 'ok', sort: 'random' }, 'body.sort'],
      [{ name: 'ok', language: 'xx' }, 'body.language'],
      [{ name: 'ok', extra: true }, 'body'],
    ];
    for (const [body, path] of cases) {
      const response = await create(user, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
      expect(response.body.issues?.map((issue) => issue.path).join(' ')).toContain(path);
    }
    const badId = await requestAs<TErrorResponse>(testApp, user, 'PATCH', '/api/saved-searches/nope', { name: 'a' });
    expect(badId.status).toBe(400);
    expect((await list(user)).items).toEqual([]);
  });

  it('refuses a second search of the same name with 409', async () => {
    const user = await signIn(testApp);
    expect((await create(user, { name: 'Twice' })).status).toBe(201);
    const second = await create(user, { name: 'Twice' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe(ErrorCode.CONFLICT);
    const other = (await create(user, { name: 'Other' })).body;
    const rename = await requestAs<TErrorResponse>(testApp, user, 'PATCH', `/api/saved-searches/${other.id}`, {
      name: 'Twice',
    });
    expect(rename.status).toBe(409);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES} searches, also when saves race`, async () => {
    const user = await signIn(testApp);
    for (let index = 0; index < MAX_SAVED_SEARCHES - 3; index++) {
      expect((await create(user, { name: `Search ${index}` })).status).toBe(201);
    }
    const racing = await Promise.all(Array.from({ length: 8 }, (_, index) => create(user, { name: `Race ${index}` })));
    expect(racing.filter((response) => response.status === 201)).toHaveLength(3);
    const refused = racing.filter((response) => response.status !== 201);
    expect(refused.every((response) => response.status === 409 && response.body.code === ErrorCode.CONFLICT)).toBe(
      true,
    );
    expect(refused[0]?.body.message).toContain(String(MAX_SAVED_SEARCHES));
    expect((await list(user)).items).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it('creates one search when the same name is saved at once', async () => {
    const user = await signIn(testApp);
    const racing = await Promise.all(Array.from({ length: 5 }, () => create(user, { name: 'Same' })));
    expect(racing.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('needs a signed-in user', async () => {
    expect((await request(testApp.baseUrl, 'GET', '/api/saved-searches')).status).toBe(401);
    expect((await request(testApp.baseUrl, 'GET', '/api/notifications/unread-count')).status).toBe(401);
  });
});

describe('notifications', () => {
  const addNotifications = async (user: TSignedIn, count: number) => {
    for (let index = 0; index < count; index++) {
      await testApp.database.db
        .insertInto('notifications')
        .values({
          user_id: user.user.id,
          kind: 'price_change',
          params: JSON.stringify({ offer: { id: `o${index}`, title: `Offer ${index}` }, oldPrice: 2, newPrice: 1 }),
          link: `/offer/details/o${index}`,
          dedupe_key: `test:${index}`,
          created_at: new Date(Date.UTC(2031, 0, 1, 0, index)),
        })
        .execute();
    }
  };
  const unread = async (user: TSignedIn) =>
    (await requestAs<TUnreadCount>(testApp, user, 'GET', '/api/notifications/unread-count')).body.unread;

  it('pages newest first, marks one and all read, and keeps users apart', async () => {
    const user = await signIn(testApp);
    const other = await signIn(testApp);
    await addNotifications(user, 25);
    expect(await unread(user)).toBe(25);
    expect(await unread(other)).toBe(0);

    const first = (await requestAs<TNotificationList>(testApp, user, 'GET', '/api/notifications?pageSize=10')).body;
    expect(first.total).toBe(25);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]?.params.offer?.title).toBe('Offer 24');
    const last = (await requestAs<TNotificationList>(testApp, user, 'GET', '/api/notifications?pageSize=10&index=2'))
      .body;
    expect(last.items.map((item) => item.params.offer?.title)).toEqual([
      'Offer 4',
      'Offer 3',
      'Offer 2',
      'Offer 1',
      'Offer 0',
    ]);

    const target = first.items[0]!;
    const foreign = await requestAs(testApp, other, 'POST', `/api/notifications/${target.id}/read`);
    expect(foreign.status).toBe(404);
    const marked = await requestAs<TNotification>(testApp, user, 'POST', `/api/notifications/${target.id}/read`);
    expect(marked.status).toBe(200);
    expect(marked.body.readAt).not.toBeNull();
    expect(await unread(user)).toBe(24);

    const all = await requestAs<{ marked: number }>(testApp, user, 'POST', '/api/notifications/read-all');
    expect(all.body.marked).toBe(24);
    expect(await unread(user)).toBe(0);
  });

  it('refuses a bad page with 400', async () => {
    const user = await signIn(testApp);
    const response = await requestAs<TErrorResponse>(testApp, user, 'GET', '/api/notifications?pageSize=1000');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(ErrorCode.VALIDATION_FAILED);
  });

  it('remembers the language the bell asks in for the mails', async () => {
    const user = await signIn(testApp);
    await requestAs(testApp, user, 'GET', '/api/notifications/unread-count?language=it');
    const preferences = await requestAs(testApp, user, 'GET', '/api/alerts/preferences');
    expect(preferences.body).toEqual({ language: 'it', isPriceAlertEnabled: true, isEndpointAlertEnabled: true });
  });
});
